import { PLAN_NAMES, quotePlan, type PlanType } from '#shared/rules/pricing';
import { TOOK_MONEY } from '#functions/app/billing/billing-common';
import {
  paymentDescription,
  releasesRedemption,
  type BillingOwner,
  type PaymentStatus,
} from '#functions/domain/billing';
import type { AccountRepository } from '#functions/ports/accounts';
import type { BillingStore, ProviderCheckout, ProviderPayment, ProviderSubscription } from '#functions/ports/billing';
import type { Logger } from '#functions/ports/core';

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

export async function recordPayment(
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

export async function recordSubscription(
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

export async function recordLifetime(
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

export async function recordCheckout(deps: RecordDeps, checkout: ProviderCheckout, stateAt: number): Promise<void> {
  const owner = checkout.owner ?? checkout.subscription?.owner ?? checkout.payment?.owner ?? null;
  if (!owner) {
    deps.logger.warn('A Stripe Checkout session without our metadata was left alone', { id: checkout.id });
    return;
  }
  if (checkout.subscription) await recordSubscription(deps, owner, checkout.subscription, stateAt);
  else if (checkout.payment && (checkout.payment.planType ?? checkout.planType) === 'lifetime')
    await recordLifetime(deps, owner, checkout.payment, stateAt);
}
