import type { SubscriptionHistory, SubscriptionStatus } from '#shared/api/schemas/billing';
import { accountOwner, billingOff } from '#functions/app/billing/billing-common';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import { STRIPE_API_VERSION, type Config } from '#functions/config';
import { subscriptionView, type PaymentRecord, type PlanRecord } from '#functions/domain/billing';
import type { BillingStore } from '#functions/ports/billing';
import type { Clock, Principal } from '#functions/ports/core';

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
