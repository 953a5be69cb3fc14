import { createHash } from 'node:crypto';

import type { SubscriptionHistory, SubscriptionStatus, VerifyPaymentResult } from '#shared/api/schemas/billing';
import {
  dollarsToCents,
  invalidPromoMessage,
  normalizePromoCode,
  PLAN_NAMES,
  PLAN_TYPES,
  promoAppliesTo,
  promoRefusalMessage,
  quotePlan,
  type PlanQuote,
  type PlanType,
  type PromoCode,
  type PromoRefusal,
} from '#shared/rules/pricing';
import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import { STRIPE_API_VERSION, type Config } from '#functions/config';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import {
  cancellable,
  hasPlanInForce,
  ownerKey,
  paymentDescription,
  PromoRedemptionRefused,
  redemptionUnpaid,
  releasesRedemption,
  subscriptionView,
  type BillingOwner,
  type PaymentRecord,
  type PaymentStatus,
  type PlanRecord,
  type PromoBuyer,
  type PromoRedemption,
} from '#functions/domain/billing';
import type { AccountRecord } from '#functions/domain/records';
import { Conflict, NotFound, ServiceUnavailable, ValidationFailed, type AppError } from '#functions/errors';
import type { AccountRepository } from '#functions/ports/accounts';
import type {
  BillingStore,
  PaymentProvider,
  PendingPayment,
  ProviderCheckout,
  ProviderEvent,
  ProviderPayment,
  ProviderSubscription,
} from '#functions/ports/billing';
import type { Clock, Logger, OnceGuard, Principal } from '#functions/ports/core';

/**
 * Billing (issue 18; the subscription routes in docs/api.md): the server quotes every price, starts payments at
 * Stripe for an account or a guest's e-mail, records what Stripe says (from the browser's return or a webhook,
 * whichever comes first, with the same result), and answers the status and history from the table.
 */

export const BILLING_OFF_MESSAGE =
  'Payments are not set up on this server, so every feature is available without a plan.';

/** The spec's client reads `error`; our clients read `message`: billing errors carry both. */
function billingError<E extends AppError>(
  Kind: new (message: string, details?: undefined, extra?: Record<string, unknown>) => E,
  message: string,
  extra: Record<string, unknown> = {},
): E {
  return new Kind(message, undefined, { error: message, ...extra });
}

const billingOff = () => billingError(ServiceUnavailable, BILLING_OFF_MESSAGE, { billingEnabled: false });

const accountOwner = (account: Pick<AccountRecord, 'id'>): BillingOwner => ({ kind: 'account', accountId: account.id });

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

// ————— reading —————

export type BillingReadDeps = CallerDeps & { billing: BillingStore; clock: Clock; config: Config };

/** GET /api/subscription/status: the plan that counts now (domain/billing.ts currentPlan), from the table. */
export async function subscriptionStatus(
  deps: BillingReadDeps,
  principal: Principal | null,
): Promise<SubscriptionStatus> {
  const account = await callerAccount(deps, principal);
  const plans = await deps.billing.plans(accountOwner(account));
  return { ...subscriptionView(plans, deps.clock.now()), billingEnabled: deps.config.billing !== null };
}

/** Plans never paid (a form opened and left) are not history. */
const worthShowing = (plan: PlanRecord, payments: readonly PaymentRecord[]) =>
  payments.length > 0 || !['incomplete', 'incomplete_expired'].includes(plan.status);

/** GET /api/subscription/history: the caller's plans, newest first, each with its payments (dollars), newest first. */
export async function subscriptionHistory(
  deps: BillingReadDeps,
  principal: Principal | null,
): Promise<SubscriptionHistory> {
  const account = await callerAccount(deps, principal);
  const owner = accountOwner(account);
  const [plans, payments] = await Promise.all([deps.billing.plans(owner), deps.billing.payments(owner)]);
  return plans
    .map((plan) => ({
      plan,
      payments: payments
        .filter((payment) => payment.planId === plan.id)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    }))
    .filter(({ plan, payments: own }) => worthShowing(plan, own))
    .sort((a, b) => b.plan.createdAt.localeCompare(a.plan.createdAt))
    .map(({ plan, payments: own }) => ({
      id: plan.id,
      planType: plan.planType,
      status: plan.status,
      createdAt: plan.createdAt,
      currentPeriodEnd: plan.currentPeriodEnd,
      cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
      payments: own.map((payment) => ({
        id: payment.id,
        createdAt: payment.createdAt,
        description: payment.description,
        planType: payment.planType,
        amount: payment.amount / 100,
        status: payment.status,
      })),
    }));
}

/** GET /api/stripe-config: public values only; 503 with billing off. */
export function stripeConfig(deps: { config: Config }) {
  const billing = deps.config.billing;
  if (!billing) throw billingOff();
  return {
    publishableKey: billing.publishableKey,
    stripeApiVersion: STRIPE_API_VERSION,
    mode: billing.mode,
    ...(billing.demo ? { demo: true } : {}),
  };
}

// ————— prices —————

export type QuoteDeps = CallerDeps & { billing: BillingStore; config: Config };

/** A code that may not be used: 409, with the reason for the page (`promoRefused`). */
const promoRefused = (code: string, refusal: PromoRefusal) =>
  billingError(Conflict, promoRefusalMessage(code, refusal), { promoRefused: refusal });

/**
 * The stored code for `code` (trimmed, case-insensitive), or 400 in the spec's words; 409 once it has been used as
 * many times as it may be (the payment's transaction checks that again, so two buyers racing cannot both pass).
 */
async function findPromo(
  deps: { billing: BillingStore },
  code: string,
  refuseUsedUp = true,
): Promise<PromoCode & { redemptions: number }> {
  const promo = await deps.billing.promoCode(normalizePromoCode(code));
  if (!promo?.active) throw billingError(ValidationFailed, invalidPromoMessage(code));
  if (refuseUsedUp && promo.redemptions >= promo.maxRedemptions) throw promoRefused(code, 'used-up');
  return promo;
}

/**
 * Whether an earlier use of a code by this buyer went to a payment that never happened (so it may be given back):
 * a plan never paid, or a Stripe Checkout session that expired unpaid.
 */
async function useUnpaid(
  deps: { billing: BillingStore; payments: PaymentProvider | null },
  use: { planId: string; owner: BillingOwner },
): Promise<boolean> {
  if (use.planId.startsWith('cs_')) {
    // Open or expired, unpaid: checkPromoUse expires an open one at Stripe before giving its use back.
    const checkout = deps.payments ? await deps.payments.getCheckout(use.planId) : null;
    return checkout !== null && checkout.status !== 'complete' && checkout.paymentStatus !== 'paid';
  }
  const [plan, payments] = await Promise.all([
    deps.billing.getPlan(use.owner, use.planId),
    deps.billing.payments(use.owner),
  ]);
  return redemptionUnpaid(plan, payments);
}

/** Payment states in which the money was taken, or may still be: a use for them is never given back. */
const TOOK_MONEY = new Set<PaymentStatus>(['paid', 'processing', 'partially_refunded', 'refunded']);

/**
 * Ends at Stripe the unpaid payment an earlier use went to, so it can no longer be paid: the payment intent of a
 * lifetime plan is cancelled, an incomplete subscription cancelled, an open Checkout session expired. Answers
 * whether the payment can no longer succeed; false when Stripe says it was paid (or may still be), or the cancel
 * failed: the use is then kept.
 */
async function endUnpaidAtStripe(
  deps: { billing: BillingStore; payments: PaymentProvider | null; logger: Logger },
  use: { planId: string; owner: BillingOwner },
): Promise<boolean> {
  const provider = providerOf(deps);
  try {
    if (use.planId.startsWith('cs_')) {
      const checkout = await provider.expireCheckout(use.planId);
      return checkout === null || (checkout.status === 'expired' && checkout.paymentStatus !== 'paid');
    }
    const plan = await deps.billing.getPlan(use.owner, use.planId);
    if (plan?.planType === 'lifetime') {
      const payment = await provider.cancelPayment(use.planId);
      return payment === null || payment.status === 'canceled';
    }
    let subscription = await provider.getSubscription(use.planId);
    if (subscription?.status === 'incomplete') {
      subscription = await provider.cancelNow(use.planId, 'Promo code given back: the buyer started a new payment.');
    }
    if (!subscription) return true;
    const paid = subscription.latestPayment !== null && TOOK_MONEY.has(subscription.latestPayment.status);
    return ['canceled', 'incomplete_expired'].includes(subscription.status) && !paid;
  } catch (error) {
    deps.logger.warn('Could not end an unpaid payment whose promo code use would be given back', {
      id: use.planId,
      error: String(error),
    });
    return false;
  }
}

/** The buyer a code's use is counted for: the account the plan goes to (if any) and the e-mail address. */
const promoBuyerOf = (buyer: { owner: BillingOwner; email: string }): PromoBuyer => ({
  accountId: buyer.owner.kind === 'account' ? buyer.owner.accountId : null,
  email: buyer.email,
});

/**
 * Before anything is made at Stripe: 409 when this account or e-mail address has used the code on a payment that
 * happened (or may still); a use whose payment never happened (a form opened and left) is given back first; then
 * 409 when the code has been used as many times as it may be.
 */
async function checkPromoUse(
  deps: { billing: BillingStore; payments: PaymentProvider | null },
  promoCode: string,
  buyer: PromoBuyer,
): Promise<UnpaidUse[]> {
  const found = await deps.billing.promoUses(normalizePromoCode(promoCode), buyer);
  const uses = found.filter((use, index) => found.findIndex((other) => other.planId === use.planId) === index);
  for (const use of uses) {
    if (!(await useUnpaid(deps, use))) throw promoRefused(promoCode, 'already-used');
  }
  // This buyer's own unpaid uses are given back (recordPurchase) once their payments are ended at Stripe.
  const promo = await findPromo(deps, promoCode, false);
  if (promo.redemptions - uses.length >= promo.maxRedemptions) throw promoRefused(promoCode, 'used-up');
  return uses;
}

type UnpaidUse = { planId: string; owner: BillingOwner };

/**
 * Records the purchase (and its code's use) in one transaction; a code refused there (the last use taken by a
 * racing payment, or this buyer's use recorded meanwhile) is a 409, and the plan just made at Stripe is ended.
 */
async function recordPurchase(
  deps: PurchaseDeps,
  input: { owner: BillingOwner; plan: PlanRecord | null; pending: PendingPayment | null },
  promo: { code: string; buyer: PromoBuyer; planId: string; at: Date; giveBack: UnpaidUse[] } | null,
): Promise<void> {
  const redemption: PromoRedemption | null = promo && {
    code: normalizePromoCode(promo.code),
    planId: promo.planId,
    owner: input.owner,
    accountId: promo.buyer.accountId,
    email: promo.buyer.email,
    at: promo.at.toISOString(),
  };
  try {
    // An earlier unpaid use is given back only once its payment can no longer succeed (its client secret or page
    // would otherwise still pay, at the discount, with no use recorded). The same payment again (a double click,
    // answered by Stripe from the idempotency key) is not one to end.
    for (const use of promo?.giveBack ?? []) {
      if (use.planId === promo?.planId) continue;
      if (!(await endUnpaidAtStripe(deps, use))) throw new PromoRedemptionRefused('already-used');
      await deps.billing.releaseRedemption(use.planId);
    }
    await deps.billing.startPurchase({ ...input, redemption });
  } catch (error) {
    if (!(error instanceof PromoRedemptionRefused) || !promo || !redemption) throw error;
    // A retried request (a double click, or the same payment again from Stripe's idempotency key) whose use this
    // very plan already holds: nothing is refused (the code's count may be at its maximum with that use).
    const uses = await deps.billing.promoUses(redemption.code, promo.buyer);
    if (uses.length > 0 && uses.every((use) => use.planId === promo.planId)) {
      await deps.billing.startPurchase({ ...input, redemption: null });
      return;
    }
    if (promo.planId.startsWith('sub_')) {
      await providerOf(deps)
        .cancelNow(promo.planId, 'Promo code refused: the payment was not started.')
        .catch((cancelError: unknown) =>
          deps.logger.warn('Could not end a subscription whose promo code was refused', {
            id: promo.planId,
            error: String(cancelError),
          }),
        );
    }
    throw promoRefused(promo.code, error.refusal);
  }
}

/**
 * GET /api/subscription/plans: every plan's figures, with the code applied where it may be; 409 for a code used
 * up, or (signed in) already used by this account or its e-mail address.
 */
export async function planQuotes(deps: QuoteDeps, promoCode: string | undefined, principal: Principal | null = null) {
  const promo = promoCode ? await findPromo(deps, promoCode) : null;
  if (promo && promoCode && principal) {
    const account = await deps.accounts.get(principal.userId);
    if (account) {
      const uses = await deps.billing.promoUses(normalizePromoCode(promoCode), {
        accountId: account.id,
        email: account.email,
      });
      for (const use of uses) {
        if (!(await useUnpaid({ ...deps, payments: null }, use))) throw promoRefused(promoCode, 'already-used');
      }
    }
  }
  const plans = PLAN_TYPES.map((planType) => {
    const quote = quotePlan(planType, promo);
    return {
      planType,
      name: PLAN_NAMES[planType],
      interval: planType === 'lifetime' ? null : planType === 'monthly' ? ('month' as const) : ('year' as const),
      listCents: quote.listCents,
      priceCents: quote.priceCents,
      feeCents: quote.feeCents,
      totalCents: quote.totalCents,
      renewalCents: quote.renewalCents,
      discountPercent: quote.discountPercent,
      promoApplies: quote.promoCode !== null,
    };
  });
  const applied = plans.filter((plan) => plan.promoApplies);
  return {
    billingEnabled: deps.config.billing !== null,
    plans,
    promo:
      promo && applied.length > 0
        ? {
            code: promo.code,
            kind: promo.kind,
            discountPercent: Math.max(...applied.map((plan) => plan.discountPercent)),
            planTypes: applied.map((plan) => plan.planType),
            firstPaymentOnly: true as const,
          }
        : null,
  };
}

interface PurchaseRequest {
  planType: PlanType;
  calculatedPrice: number;
  email?: string | undefined;
  promoCode?: string | undefined;
  discountPercent?: number | undefined;
}

/**
 * The server's quote for a purchase: the code must be valid for the plan (400 in the spec's words otherwise), and
 * the client's calculatedPrice and discountPercent must agree with it (409 with the server's figures otherwise):
 * nothing is ever charged as the client sent it.
 */
export async function priceFor(deps: { billing: BillingStore }, request: PurchaseRequest): Promise<PlanQuote> {
  // A code used up is refused once this buyer's own unpaid use has been given back (checkPromoUse).
  const promo = request.promoCode ? await findPromo(deps, request.promoCode, false) : null;
  if (promo && !promoAppliesTo(promo, request.planType)) {
    throw billingError(ValidationFailed, invalidPromoMessage(request.promoCode ?? ''));
  }
  const quote = quotePlan(request.planType, promo);
  const priceAgrees = dollarsToCents(request.calculatedPrice) === quote.priceCents;
  const discountAgrees =
    request.discountPercent === undefined || Math.round(request.discountPercent) === quote.discountPercent;
  if (!priceAgrees || !discountAgrees) {
    throw billingError(
      Conflict,
      `The price has changed: the ${PLAN_NAMES[request.planType]} costs $${(quote.priceCents / 100).toFixed(2)}${
        quote.discountPercent ? ` with ${quote.discountPercent}% off` : ''
      }, plus a processing fee of $${(quote.feeCents / 100).toFixed(2)}. Please check the price and try again.`,
      {
        expected: {
          calculatedPrice: quote.priceCents / 100,
          discountPercent: quote.discountPercent,
          amount: quote.totalCents,
          promoCode: quote.promoCode,
        },
      },
    );
  }
  return quote;
}

// ————— starting a payment —————

export type PurchaseDeps = CallerDeps &
  RateLimitDeps & { billing: BillingStore; payments: PaymentProvider | null; config: Config; logger: Logger };

function providerOf(deps: { payments: PaymentProvider | null }): PaymentProvider {
  if (!deps.payments) throw billingOff();
  return deps.payments;
}

/**
 * Who a purchase is for: the signed-in account; else the guest's e-mail (required), which is the account's at once
 * when an account has proven that address, and otherwise waits for one to prove it (claimGuestPlans).
 */
async function purchaser(
  deps: PurchaseDeps,
  principal: Principal | null,
  email: string | undefined,
): Promise<{ owner: BillingOwner; email: string; name: string | null; account: AccountRecord | null }> {
  if (principal) {
    const account = await callerAccount(deps, principal);
    return { owner: accountOwner(account), email: account.email, name: account.name, account };
  }
  if (!email) throw billingError(ValidationFailed, 'Please enter a valid email address');
  const holder = await deps.accounts.findByEmail(email);
  if (holder?.emailVerified) return { owner: accountOwner(holder), email, name: null, account: null };
  return { owner: { kind: 'guest', email: email.toLowerCase() }, email, name: null, account: null };
}

/** A signed-in host with a plan in force buys nothing more (a guest's e-mail is not told whether it has one). */
async function refuseSecondPlan(deps: PurchaseDeps, account: AccountRecord | null): Promise<void> {
  if (!account) return;
  const plans = await deps.billing.plans(accountOwner(account));
  if (hasPlanInForce(plans, deps.clock.now())) {
    throw billingError(Conflict, 'You already have an active plan. You can see it under Current Plan.');
  }
}

/**
 * Stripe's Idempotency-Key for one purchase: the same owner, plan and price within ten minutes is the same request
 * (a double click, a retried call), so it makes one subscription or payment, not two.
 */
function purchaseKey(owner: BillingOwner, quote: PlanQuote, kind: string, now: Date): string {
  const window = Math.floor(now.getTime() / 600_000);
  return createHash('sha256')
    .update([kind, ownerKey(owner), quote.planType, quote.promoCode ?? '', quote.totalCents, window].join('|'))
    .digest('base64url');
}

async function customerFor(
  deps: PurchaseDeps,
  provider: PaymentProvider,
  buyer: { owner: BillingOwner; email: string; name: string | null },
): Promise<string> {
  const known = await deps.billing.customerOf(buyer.owner);
  if (known) return known;
  const customerId = await provider.createCustomer({
    email: buyer.email,
    name: buyer.name,
    owner: buyer.owner,
    idempotencyKey: createHash('sha256')
      .update(`customer|${ownerKey(buyer.owner)}`)
      .digest('base64url'),
  });
  await deps.billing.setCustomer(buyer.owner, customerId);
  return customerId;
}

/**
 * POST /api/subscription/create-payment-intent: a subscription created incomplete (monthly, annual) whose first
 * invoice the Payment Element pays, or a one-time payment intent (lifetime). The plan is recorded as incomplete
 * now and becomes active when Stripe says it is paid.
 */
export async function createPaymentIntent(
  deps: PurchaseDeps,
  principal: Principal | null,
  body: PurchaseRequest,
  clientAddress: string,
) {
  const provider = providerOf(deps);
  await enforceLimits(deps, [{ rule: ABUSE_LIMITS.paymentStartsPerAddress, subject: clientAddress }]);
  const quote = await priceFor(deps, body);
  const buyer = await purchaser(deps, principal, body.email);
  await refuseSecondPlan(deps, buyer.account);
  const giveBack = quote.promoCode ? await checkPromoUse(deps, quote.promoCode, promoBuyerOf(buyer)) : [];
  const customerId = await customerFor(deps, provider, buyer);
  const now = deps.clock.now();
  const start = {
    planType: quote.planType,
    owner: buyer.owner,
    firstAmount: quote.totalCents,
    renewalAmount: quote.renewalCents,
    description: PLAN_NAMES[quote.planType],
    promoCode: quote.promoCode,
    idempotencyKey: purchaseKey(buyer.owner, quote, 'intent', now),
    customerId,
  };

  let id: string;
  let clientSecret: string;
  let amount: number;
  let paymentIntentId: string;
  if (quote.planType === 'lifetime') {
    const started = await provider.startPayment(start);
    ({ clientSecret } = started);
    id = paymentIntentId = started.payment.id;
    amount = started.payment.amount;
  } else {
    const started = await provider.startSubscription(start);
    ({ clientSecret, paymentIntentId } = started);
    id = started.subscription.id;
    amount = started.amountDue;
  }
  if (amount !== quote.totalCents) {
    deps.logger.error('Stripe would charge another amount than quoted', { quoted: quote.totalCents, amount, id });
    throw billingError(ServiceUnavailable, 'The payment could not be prepared. Please try again later.');
  }
  // The plan, its pending payment and the promo code's use: one transaction (the code's limits hold under races).
  await recordPurchase(
    deps,
    {
      owner: buyer.owner,
      plan: {
        id,
        planType: quote.planType,
        status: 'incomplete',
        createdAt: now.toISOString(),
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        customerId,
        promoCode: quote.promoCode,
        stateAt: epochSeconds(now),
      },
      pending: { paymentIntentId, owner: buyer.owner, planId: id, planType: quote.planType },
    },
    quote.promoCode ? { code: quote.promoCode, buyer: promoBuyerOf(buyer), planId: id, at: now, giveBack } : null,
  );
  return {
    clientSecret,
    amount,
    promoCode: quote.promoCode,
    discountPercent: quote.discountPercent,
    id,
    planType: quote.planType,
  };
}

/** successUrl and cancelUrl are this site's own pages: nobody is sent elsewhere through Stripe. */
function ownPage(siteUrl: string, value: string, paths: readonly string[], label: string): URL {
  const url = new URL(value);
  const site = new URL(siteUrl);
  if (url.origin !== site.origin || !paths.includes(url.pathname) || url.username || url.password) {
    throw billingError(ValidationFailed, `${label} must be this site's ${paths[0]} page.`);
  }
  url.hash = '';
  return url;
}

/**
 * POST /api/subscription/checkout: a Stripe Checkout session (subscription or payment mode) at the server's
 * price; Stripe comes back to /billing-success?session_id=… or to /billing-details.
 */
export async function createCheckoutSession(
  deps: PurchaseDeps,
  principal: Principal | null,
  body: PurchaseRequest & { successUrl: string; cancelUrl: string },
  clientAddress: string,
) {
  const provider = providerOf(deps);
  const success = ownPage(deps.config.siteUrl, body.successUrl, ['/billing-success'], 'successUrl');
  const cancel = ownPage(deps.config.siteUrl, body.cancelUrl, ['/billing-details', '/billing'], 'cancelUrl');
  await enforceLimits(deps, [{ rule: ABUSE_LIMITS.paymentStartsPerAddress, subject: clientAddress }]);
  const quote = await priceFor(deps, body);
  const buyer = await purchaser(deps, principal, body.email);
  await refuseSecondPlan(deps, buyer.account);
  const giveBack = quote.promoCode ? await checkPromoUse(deps, quote.promoCode, promoBuyerOf(buyer)) : [];
  const customerId = buyer.owner.kind === 'account' ? await customerFor(deps, provider, buyer) : null;
  success.searchParams.delete('session_id');
  const successUrl = `${success.toString()}${success.search ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
  const session = await provider.startCheckout({
    planType: quote.planType,
    owner: buyer.owner,
    firstAmount: quote.totalCents,
    renewalAmount: quote.renewalCents,
    description: PLAN_NAMES[quote.planType],
    promoCode: quote.promoCode,
    idempotencyKey: purchaseKey(buyer.owner, quote, 'checkout', deps.clock.now()),
    customerId,
    customerEmail: customerId ? null : buyer.email,
    successUrl,
    cancelUrl: cancel.toString(),
  });
  // Stripe makes the plan when the session is paid: the code's use is recorded now, against the session.
  if (quote.promoCode) {
    await recordPurchase(
      deps,
      { owner: buyer.owner, plan: null, pending: null },
      { code: quote.promoCode, buyer: promoBuyerOf(buyer), planId: session.id, at: deps.clock.now(), giveBack },
    );
  }
  return { url: session.url };
}

// ————— recording what Stripe says —————

export type RecordDeps = { billing: BillingStore; accounts: AccountRepository; logger: Logger };

/**
 * A plan paid with a promo code keeps its code's use: one given back while it was unpaid (a new start by the same
 * buyer, an expiry recorded out of order) is recorded again (idempotent; the count may then pass its maximum, as the
 * money was taken).
 */
async function keepPaidRedemption(deps: RecordDeps, planId: string): Promise<void> {
  if (await deps.billing.restoreRedemption(planId)) {
    deps.logger.warn('A paid plan had its promo code use given back: recorded again', { id: planId });
  }
}

/** A guest's plan belongs to the account that has proven the address, as soon as there is one. */
async function claimIfProven(deps: RecordDeps, owner: BillingOwner): Promise<void> {
  if (owner.kind !== 'guest') return;
  const account = await deps.accounts.findByEmail(owner.email);
  if (account?.emailVerified && account.email.toLowerCase() === owner.email.toLowerCase()) {
    await deps.billing.claimGuestPlans(owner.email, account.id);
  }
}

/** The history's line for a payment: the promo is named on a first payment below the plan's full price. */
function describe(payment: ProviderPayment, planType: PlanType): string {
  const discounted = payment.amount < quotePlan(planType, null).totalCents;
  return paymentDescription(PLAN_NAMES[planType], payment.promoCode, discounted);
}

/** Payments not yet attempted are not recorded: the history shows money paid, failed or returned. */
const NOT_ATTEMPTED = new Set<PaymentStatus>(['open', 'requires_payment_method']);

async function recordPayment(
  deps: RecordDeps,
  owner: BillingOwner,
  payment: ProviderPayment,
  planType: PlanType,
  stateAt: number,
): Promise<void> {
  if (NOT_ATTEMPTED.has(payment.status) && !payment.failureCode) return;
  await deps.billing.savePayment(owner, {
    id: payment.id,
    planId: payment.subscriptionId ?? payment.id,
    planType,
    amount: payment.amount,
    status: NOT_ATTEMPTED.has(payment.status) ? 'failed' : payment.status,
    createdAt: payment.createdAt,
    description: describe(payment, planType),
    paymentIntentId: payment.paymentIntentId,
    stateAt,
  });
}

async function recordSubscription(
  deps: RecordDeps,
  owner: BillingOwner,
  subscription: ProviderSubscription,
  stateAt: number,
): Promise<void> {
  const planType = subscription.planType;
  if (!planType) {
    deps.logger.warn('A Stripe subscription without our metadata was left alone', { id: subscription.id });
    return;
  }
  const paid =
    ['active', 'trialing', 'past_due'].includes(subscription.status) ||
    (subscription.latestPayment !== null && TOOK_MONEY.has(subscription.latestPayment.status));
  await deps.billing.savePlan(owner, {
    id: subscription.id,
    planType,
    status: subscription.status,
    createdAt: subscription.createdAt,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    customerId: subscription.customerId,
    promoCode: subscription.promoCode,
    stateAt,
  });
  // A subscription Stripe let expire unpaid gives its promo code's use back.
  if (releasesRedemption({ planType, status: subscription.status, promoCode: subscription.promoCode })) {
    await deps.billing.releaseRedemption(subscription.id);
  }
  if (paid && subscription.promoCode) await keepPaidRedemption(deps, subscription.id);
  if (subscription.latestPayment) {
    await recordPayment(
      deps,
      owner,
      { ...subscription.latestPayment, subscriptionId: subscription.id },
      planType,
      stateAt,
    );
  }
  await claimIfProven(deps, owner);
}

/** What a lifetime plan's payment makes of the plan. */
const LIFETIME_STATUS: Partial<Record<PaymentStatus, string>> = {
  paid: 'active',
  partially_refunded: 'active',
  refunded: 'refunded',
  canceled: 'canceled',
};

async function recordLifetime(
  deps: RecordDeps,
  owner: BillingOwner,
  payment: ProviderPayment,
  stateAt: number,
): Promise<void> {
  await recordPayment(deps, owner, payment, 'lifetime', stateAt);
  const status = LIFETIME_STATUS[payment.status] ?? 'incomplete';
  await deps.billing.savePlan(owner, {
    id: payment.id,
    planType: 'lifetime',
    status,
    createdAt: payment.createdAt,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    customerId: payment.customerId,
    promoCode: payment.promoCode,
    stateAt,
  });
  // A lifetime payment cancelled before it was paid gives its promo code's use back.
  if (releasesRedemption({ planType: 'lifetime', status, promoCode: payment.promoCode })) {
    await deps.billing.releaseRedemption(payment.id);
  }
  if (TOOK_MONEY.has(payment.status) && payment.promoCode) await keepPaidRedemption(deps, payment.id);
  await claimIfProven(deps, owner);
}

async function recordCheckout(deps: RecordDeps, checkout: ProviderCheckout, stateAt: number): Promise<void> {
  const owner = checkout.owner ?? checkout.subscription?.owner ?? checkout.payment?.owner ?? null;
  if (!owner) {
    deps.logger.warn('A Stripe Checkout session without our metadata was left alone', { id: checkout.id });
    return;
  }
  if (checkout.subscription) await recordSubscription(deps, owner, checkout.subscription, stateAt);
  else if (checkout.payment && (checkout.payment.planType ?? checkout.planType) === 'lifetime')
    await recordLifetime(deps, owner, checkout.payment, stateAt);
}

const OUTCOME_MESSAGES: Record<VerifyPaymentResult['status'], string> = {
  paid: 'Payment succeeded! Your account will be updated shortly.',
  processing: 'Your payment is processing.',
  requires_action: 'Additional verification is needed to complete your payment.',
  failed: 'Your payment could not be processed.',
  canceled: 'Your payment was canceled.',
};

function outcomeOf(status: PaymentStatus | null): VerifyPaymentResult['status'] {
  switch (status) {
    case 'paid':
    case 'partially_refunded':
      return 'paid';
    case 'processing':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    default:
      return 'failed';
  }
}

const outcome = (status: VerifyPaymentResult['status'], planType: PlanType | null): VerifyPaymentResult => ({
  status,
  planType,
  message: OUTCOME_MESSAGES[status],
});

export type VerifyDeps = RecordDeps & RateLimitDeps & { payments: PaymentProvider | null; clock: Clock };

/**
 * POST /api/subscription/verify-payment: asks Stripe how the payment ended and records it now, as the webhook
 * would (the webhook may come later, or never on one machine); the outcome is Stripe's, never the browser's.
 */
export async function verifyPayment(
  deps: VerifyDeps,
  body: { sessionId?: string | null; paymentIntentId?: string | null },
  clientAddress: string,
): Promise<VerifyPaymentResult> {
  const provider = providerOf(deps);
  await enforceLimits(deps, [{ rule: ABUSE_LIMITS.paymentChecksPerAddress, subject: clientAddress }]);
  const stateAt = epochSeconds(deps.clock.now());
  if (body.sessionId) {
    const checkout = await provider.getCheckout(body.sessionId);
    if (!checkout) throw billingError(NotFound, 'Payment not found.');
    await recordCheckout(deps, checkout, stateAt);
    const planType = checkout.planType ?? checkout.subscription?.planType ?? null;
    if (checkout.paymentStatus === 'paid') return outcome('paid', planType);
    if (checkout.status === 'expired') return outcome('canceled', planType);
    if (checkout.status === 'complete') return outcome('processing', planType);
    return outcome('failed', planType);
  }
  const pending = await deps.billing.findPending(body.paymentIntentId ?? '');
  if (!pending) throw billingError(NotFound, 'Payment not found.');
  if (pending.planType === 'lifetime') {
    const payment = await provider.getPaymentIntent(pending.paymentIntentId);
    if (!payment) throw billingError(NotFound, 'Payment not found.');
    await recordLifetime(deps, pending.owner, payment, stateAt);
    return outcome(outcomeOf(payment.status), 'lifetime');
  }
  const subscription = await provider.getSubscription(pending.planId);
  if (!subscription) throw billingError(NotFound, 'Payment not found.');
  await recordSubscription(deps, pending.owner, subscription, stateAt);
  const paid = ['active', 'trialing'].includes(subscription.status);
  return outcome(paid ? 'paid' : outcomeOf(subscription.latestPayment?.status ?? null), pending.planType);
}

// ————— cancelling —————

export type CancelPlanDeps = CallerDeps & {
  billing: BillingStore;
  payments: PaymentProvider | null;
  clock: Clock;
  config: Config;
};

/**
 * POST /api/subscription/{id}/cancel: the caller's subscription ends when its paid period does (it stays active
 * until then). Lifetime plans cannot be cancelled (409); another account's id is 404; cancelling again is no error.
 */
export async function cancelSubscription(deps: CancelPlanDeps, principal: Principal | null, id: string) {
  const account = await callerAccount(deps, principal);
  const owner = accountOwner(account);
  const plan = await deps.billing.getPlan(owner, id);
  if (!plan) throw billingError(NotFound, 'Subscription not found.');
  if (plan.planType === 'lifetime') throw billingError(Conflict, 'A lifetime plan cannot be cancelled.');
  const now = deps.clock.now();
  if (!plan.cancelAtPeriodEnd) {
    if (!cancellable(plan, now)) throw billingError(Conflict, 'This subscription is not active.');
    const subscription = await providerOf(deps).cancelAtPeriodEnd(id);
    await deps.billing.savePlan(owner, {
      ...plan,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd ?? plan.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      stateAt: Math.max(plan.stateAt, epochSeconds(now)),
    });
  }
  const plans = await deps.billing.plans(owner);
  return {
    ...subscriptionView(plans, now),
    billingEnabled: deps.config.billing !== null,
    message: 'Your subscription will be canceled at the end of the current billing period.',
  };
}

// ————— Stripe's webhook —————

export type WebhookDeps = RecordDeps & { payments: PaymentProvider | null; once: OnceGuard };

/** What one verified event changes: recorded with Stripe's event time, so an older event never wins. */
async function applyEvent(deps: WebhookDeps, provider: PaymentProvider, event: ProviderEvent): Promise<string> {
  switch (event.kind) {
    case 'subscription': {
      const { owner } = event.subscription;
      if (!owner) return 'not ours';
      await recordSubscription(deps, owner, event.subscription, event.created);
      return 'subscription';
    }
    case 'payment': {
      const { payment } = event;
      if (payment.subscriptionId) {
        // The subscription's state moves with its invoices (a renewal's period, past_due): read it as it is now.
        const subscription = await provider.getSubscription(payment.subscriptionId);
        const owner = subscription?.owner ?? payment.owner;
        if (!subscription || !owner || !subscription.planType) return 'not ours';
        await recordPayment(deps, owner, payment, subscription.planType, event.created);
        await recordSubscription(deps, owner, { ...subscription, latestPayment: null }, event.created);
        return 'invoice';
      }
      if (!payment.owner || payment.planType !== 'lifetime') return 'not ours';
      await recordLifetime(deps, payment.owner, payment, event.created);
      return 'lifetime';
    }
    case 'checkout': {
      const checkout = (await provider.getCheckout(event.checkout.id)) ?? event.checkout;
      await recordCheckout(deps, checkout, event.created);
      return 'checkout';
    }
    default:
      return 'ignored';
  }
}

/**
 * POST /api/stripe/webhook: the signature over the raw body is the authentication (400 when it does not hold);
 * each event id is processed once (a redelivery answers 200 and changes nothing); a failure answers 5xx so Stripe
 * retries it.
 */
export async function handleStripeWebhook(
  deps: WebhookDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true }> {
  const provider = providerOf(deps);
  if (!signature) throw billingError(ValidationFailed, 'Missing Stripe-Signature header.');
  const event = await provider.readWebhook(rawBody, signature);
  const result = await deps.once.run(`stripe-event:${event.id}`, () => applyEvent(deps, provider, event));
  deps.logger.info('Stripe event', { id: event.id, type: event.stripeType, result });
  return { received: true };
}

// ————— claiming a guest's plans —————

/**
 * An account proved `provenEmail` (a verification or sign-in link, Google): the plans a guest bought for that
 * address are the account's from now on. Never for an address the account has not proven.
 */
export async function claimGuestPlans(
  deps: { billing: BillingStore; logger: Logger },
  account: Pick<AccountRecord, 'id'>,
  provenEmail: string,
): Promise<void> {
  const moved = await deps.billing.claimGuestPlans(provenEmail.toLowerCase(), account.id);
  if (moved > 0)
    deps.logger.info('Guest plans claimed by the account that proved the address', { userId: account.id, moved });
}
