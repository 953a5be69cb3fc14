import type Stripe from 'stripe';

import { PLAN_TYPES, type PlanType } from '#shared/rules/pricing';
import type { BillingOwner, PaymentStatus } from '#functions/domain/billing';
import type { ProviderCheckout, ProviderPayment, ProviderSubscription } from '#functions/ports/billing';

/** What we read: Stripe's objects in our terms (the port's ProviderSubscription, ProviderPayment, ProviderCheckout). */

/** The payment intent's id from its client secret (`pi_…_secret_…`). */
export function intentIdOfSecret(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

/** Our metadata on a Stripe object, or null when it is not one of ours (no known plan type). */
export function metadataOf(metadata: Stripe.Metadata | null | undefined): {
  planType: PlanType;
  owner: BillingOwner | null;
  promoCode: string | null;
} | null {
  const planType = PLAN_TYPES.find((plan) => plan === metadata?.planType);
  if (!metadata || !planType) return null;
  const owner: BillingOwner | null = metadata.accountId
    ? { kind: 'account', accountId: metadata.accountId }
    : metadata.guestEmail
      ? { kind: 'guest', email: metadata.guestEmail }
      : null;
  return { planType, owner, promoCode: metadata.promoCode || null };
}

/** The fields our metadata fills, all null on an object not made here. */
function ours(metadata: Stripe.Metadata | null | undefined) {
  const found = metadataOf(metadata);
  return { planType: found?.planType ?? null, owner: found?.owner ?? null, promoCode: found?.promoCode ?? null };
}

const iso = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString();

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** An expandable field's object, when it was expanded (else Stripe sent only its id). */
export function expanded<T extends object>(value: string | T | null | undefined): T | null {
  return value && typeof value === 'object' ? value : null;
}

/** Subscription states that charge nothing more. */
export const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

export function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const paidOnce = !['incomplete', 'incomplete_expired'].includes(subscription.status);
  const periodEnd = subscription.items.data[0]?.current_period_end;
  const latestInvoice = expanded(subscription.latest_invoice);
  return {
    id: subscription.id,
    status: subscription.status,
    ...ours(subscription.metadata),
    customerId: idOf(subscription.customer),
    createdAt: iso(subscription.created),
    // Stripe dates an incomplete subscription's period from its creation; nothing is paid for until the first payment.
    currentPeriodEnd: paidOnce && periodEnd !== undefined ? iso(periodEnd) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    latestPayment: latestInvoice && !latestInvoice.deleted ? paymentOfInvoice(latestInvoice, false) : null,
  };
}

/** An invoice as a payment; `failed`: an event told that its latest payment attempt failed. */
export function paymentOfInvoice(invoice: Stripe.Invoice, failed: boolean): ProviderPayment {
  const details = invoice.parent?.subscription_details;
  const secret = invoice.confirmation_secret?.client_secret;
  const status = invoiceStatus(invoice, failed);
  return {
    id: invoice.id,
    paymentIntentId: secret ? intentIdOfSecret(secret) : intentOfInvoicePayments(invoice),
    subscriptionId: idOf(details?.subscription),
    ...ours(details?.metadata),
    customerId: idOf(invoice.customer),
    amount: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    status,
    createdAt: iso(invoice.created),
    failureCode: null,
  };
}

/** The payment intent of an invoice's payments, when Stripe included them. */
function intentOfInvoicePayments(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((candidate) => candidate.is_default) ?? payments[0];
  return idOf(payment?.payment.payment_intent);
}

function invoiceStatus(invoice: Stripe.Invoice, failed: boolean): PaymentStatus {
  switch (invoice.status) {
    case 'paid':
      return 'paid';
    case 'void':
    case 'uncollectible':
      return 'canceled';
    default:
      return failed ? 'failed' : 'open';
  }
}

/** A payment intent as a payment: a lifetime purchase's (its id is the payment's). */
export function paymentOfIntent(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    id: intent.id,
    paymentIntentId: intent.id,
    subscriptionId: null,
    ...ours(intent.metadata),
    customerId: idOf(intent.customer),
    ...intentState(intent),
    createdAt: iso(intent.created),
  };
}

/** The state of an intent's money: status, amount (received once paid), and the decline of a failed attempt. */
export function intentState(intent: Stripe.PaymentIntent): Pick<ProviderPayment, 'status' | 'amount' | 'failureCode'> {
  const charge = expanded(intent.latest_charge);
  const error = intent.last_payment_error;
  let status = intentStatus(intent);
  if (status === 'paid' && charge && charge.amount_refunded > 0) status = refundStatus(charge);
  return {
    status,
    amount: intent.status === 'succeeded' ? intent.amount_received : intent.amount,
    failureCode: status === 'failed' ? (error?.decline_code ?? error?.code ?? null) : null,
  };
}

function intentStatus(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'paid';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'requires_payment_method':
      // Back to needing a card after an attempt: that attempt was declined.
      return intent.last_payment_error ? 'failed' : 'requires_payment_method';
    case 'canceled':
      return 'canceled';
    default:
      return 'open';
  }
}

export const refundStatus = (charge: Stripe.Charge): PaymentStatus =>
  charge.refunded ? 'refunded' : 'partially_refunded';

const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;

export function checkoutOf(session: Stripe.Checkout.Session): ProviderCheckout {
  const subscription = expanded(session.subscription);
  const intent = expanded(session.payment_intent);
  const mapped = subscription ? subscriptionOf(subscription) : null;
  const { planType, owner } = ours(session.metadata);
  return {
    id: session.id,
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    status: session.status ?? 'open',
    paymentStatus: PAYMENT_STATUSES.find((status) => status === session.payment_status) ?? 'unpaid',
    planType,
    owner,
    subscription: mapped,
    // A subscription's payment is its first invoice; a one-time payment's, the intent.
    payment: intent ? paymentOfIntent(intent) : (mapped?.latestPayment ?? null),
  };
}
