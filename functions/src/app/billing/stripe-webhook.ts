import { billingError, providerOf } from '#functions/app/billing/billing-common';
import {
  recordCheckout,
  recordLifetime,
  recordPayment,
  recordSubscription,
  type RecordDeps,
} from '#functions/app/billing/record-from-stripe';
import { ValidationFailed } from '#functions/errors';
import type { PaymentProvider, ProviderEvent } from '#functions/ports/billing';
import type { OnceGuard } from '#functions/ports/core';

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
