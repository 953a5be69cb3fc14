import { createHash } from 'node:crypto';

import { normalizePromoCode, PLAN_NAMES, type PlanQuote } from '#shared/rules/pricing';
import { accountOwner, billingError, epochSeconds, providerOf } from '#functions/app/billing/billing-common';
import { priceFor, type PurchaseRequest } from '#functions/app/billing/plan-prices';
import {
  checkPromoUse,
  endUnpaidAtStripe,
  promoBuyerOf,
  promoRefused,
  type UnpaidUse,
} from '#functions/app/billing/promo-uses';
import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import type { Config } from '#functions/config';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import {
  hasPlanInForce,
  ownerKey,
  PromoRedemptionRefused,
  type BillingOwner,
  type PlanRecord,
  type PromoBuyer,
  type PromoRedemption,
} from '#functions/domain/billing';
import type { AccountRecord } from '#functions/domain/records';
import { Conflict, ServiceUnavailable, ValidationFailed } from '#functions/errors';
import type { BillingStore, PaymentProvider, PendingPayment } from '#functions/ports/billing';
import type { Logger, Principal } from '#functions/ports/core';

export type PurchaseDeps = CallerDeps &
  RateLimitDeps & { billing: BillingStore; payments: PaymentProvider | null; config: Config; logger: Logger };
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
