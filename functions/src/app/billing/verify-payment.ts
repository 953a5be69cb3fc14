import type { VerifyPaymentResult } from '#shared/api/schemas/billing';
import type { PlanType } from '#shared/rules/pricing';
import { billingError, epochSeconds, providerOf } from '#functions/app/billing/billing-common';
import {
  recordCheckout,
  recordLifetime,
  recordSubscription,
  type RecordDeps,
} from '#functions/app/billing/record-from-stripe';
import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import type { PaymentStatus } from '#functions/domain/billing';
import { NotFound } from '#functions/errors';
import type { PaymentProvider } from '#functions/ports/billing';
import type { Clock } from '#functions/ports/core';

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
