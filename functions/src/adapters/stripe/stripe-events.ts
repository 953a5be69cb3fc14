import type Stripe from 'stripe';

import {
  checkoutOf,
  idOf,
  metadataOf,
  paymentOfIntent,
  paymentOfInvoice,
  refundStatus,
  subscriptionOf,
} from '#functions/adapters/stripe/stripe-objects';
import type { StripeRest } from '#functions/adapters/stripe/stripe-rest';
import type { ProviderEvent, ProviderPayment } from '#functions/ports/billing';

/** The invoice a payment intent paid (a subscription's), or null (a one-time payment). */
export async function invoicePaidBy(stripe: StripeRest, paymentIntentId: string): Promise<Stripe.Invoice | null> {
  const payments = await stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntentId },
    expand: ['data.invoice'],
    limit: 1,
  });
  const invoice = payments.data[0]?.invoice;
  if (typeof invoice === 'string') return stripe.invoices.retrieve(invoice);
  return invoice && !invoice.deleted ? invoice : null;
}

/**
 * A refund, as the payment it refunds: a subscription's invoice when the charge paid one, else the lifetime
 * payment intent. Only the charge comes with the event, so one or two reads find whose payment it was.
 */
async function refundedPayment(stripe: StripeRest, charge: Stripe.Charge): Promise<ProviderPayment | null> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return null;
  const refund = { status: refundStatus(charge), amount: charge.amount };
  const invoice = await invoicePaidBy(stripe, intentId);
  if (invoice) return { ...paymentOfInvoice(invoice, false), paymentIntentId: intentId, ...refund };
  return { ...paymentOfIntent(await stripe.paymentIntents.retrieve(intentId)), ...refund };
}

/** What a verified event tells, in our terms (ProviderEvent). */
export async function readEvent(stripe: StripeRest, event: Stripe.Event): Promise<ProviderEvent> {
  const base = { id: event.id, stripeType: event.type, created: event.created };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription', subscription: subscriptionOf(event.data.object) };
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return { ...base, kind: 'payment', payment: paymentOfInvoice(event.data.object, false) };
    case 'invoice.payment_failed':
      return { ...base, kind: 'payment', payment: paymentOfInvoice(event.data.object, true) };
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.processing':
    case 'payment_intent.canceled': {
      // A subscription invoice's own intent is told by the invoice's events; only lifetime intents are ours.
      const intent = event.data.object;
      return metadataOf(intent.metadata)?.planType === 'lifetime'
        ? { ...base, kind: 'payment', payment: paymentOfIntent(intent) }
        : { ...base, kind: 'ignored' };
    }
    case 'charge.refunded': {
      const payment = await refundedPayment(stripe, event.data.object);
      return payment ? { ...base, kind: 'payment', payment } : { ...base, kind: 'ignored' };
    }
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      return { ...base, kind: 'checkout', checkout: checkoutOf(event.data.object) };
    default:
      return { ...base, kind: 'ignored' };
  }
}
