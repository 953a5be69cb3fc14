import { accountOwner, billingError, epochSeconds, providerOf } from '#functions/app/billing/billing-common';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import type { Config } from '#functions/config';
import { cancellable, subscriptionView } from '#functions/domain/billing';
import { Conflict, NotFound } from '#functions/errors';
import type { BillingStore, PaymentProvider } from '#functions/ports/billing';
import type { Clock, Principal } from '#functions/ports/core';

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
