import type Stripe from 'stripe';

import { PLAN_INTERVAL, PLAN_NAMES, PLAN_TYPES, type PlanType } from '#shared/rules/pricing';
import { stripeRest, StripeRestError, type StripeRest } from '#functions/adapters/stripe/stripe-rest';
import { constructEvent } from '#functions/adapters/stripe/webhook-signature';
import { STRIPE_API_VERSION } from '#functions/config';
import type { BillingOwner, PaymentStatus } from '#functions/domain/billing';
import { ServiceUnavailable, WebhookSignatureInvalid } from '#functions/errors';
import type {
  PaymentProvider,
  ProviderCheckout,
  ProviderEvent,
  ProviderPayment,
  ProviderSubscription,
  PurchaseStart,
} from '#functions/ports/billing';
import type { Logger } from '#functions/ports/core';

/**
 * Stripe behind our PaymentProvider port (issue 18), pinned to STRIPE_API_VERSION: the API through our own small
 * client over fetch (stripe-rest.ts: the official SDK cannot be tree-shaken and was half of each billing function),
 * webhooks checked by webhook-signature.ts; the SDK's TypeScript types describe what Stripe answers.
 *
 * What we create carries our metadata (planType, promoCode, and the owner as accountId or guestEmail), so whatever
 * Stripe later tells us (a webhook, a verification after a redirect) can be filed under the right owner without a
 * lookup table of ours. Prices are never made in the Stripe dashboard: each purchase sends its amounts as
 * `price_data` on one product per plan (fixed ids, created on first use), and a promo's lower first payment is a
 * once-only coupon worth the difference. So what Stripe charges is exactly what the server quoted.
 *
 * Stripe's failures reach the use cases as our errors: unreachable, 5xx and rate limits as ServiceUnavailable
 * (the client has already retried twice, with the same idempotency key); a refused key as ServiceUnavailable with an
 * error log, since only an operator can fix it; an invalid request, which is a bug of ours, as it is.
 */

export interface StripeProviderOptions {
  publishableKey: string;
  mode: 'test' | 'live';
  secretKey: string;
  webhookSecret: string;
  /** The fake Stripe of the tests (http://127.0.0.1:port); unset: api.stripe.com. */
  apiUrl?: string;
  logger?: Logger;
}

const CURRENCY = 'usd';
const UNREACHABLE = 'The payment service is not reachable just now. Please try again in a moment.';
const AUTH_FAILED = 'Payment service authentication error. Our team has been notified.';
const INVALID_SIGNATURE = 'Invalid Stripe signature.';

/** The expansions that let one read answer a checkout with its subscription (and first invoice) or payment. */
const CHECKOUT_EXPAND = ['subscription', 'subscription.latest_invoice', 'payment_intent'];

/** The owner as our metadata names it (a customer carries only this). */
type OwnerMetadata = { accountId: string } | { guestEmail: string };
/** Our metadata on every purchase object: the promo code is '' without one (Stripe drops empty values). */
type PurchaseMetadata = { planType: PlanType; promoCode: string } & OwnerMetadata;

/**
 * Products and coupons known to exist, per Stripe account (its publishable key and API host) and id. A warm
 * function asks Stripe at most once per id; a failed check is forgotten so the next purchase asks again.
 */
const ensured = new Map<string, Promise<void>>();

/** The Stripe adapter. Only the billing functions build it. */
export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = newClient(options);
  const guard = <T>(work: () => Promise<T>): Promise<T> => guarded(work, options.logger);
  const account = `${options.publishableKey}@${options.apiUrl ?? 'api.stripe.com'}`;

  /** Makes sure a product or coupon exists, asking Stripe once per id and account (see `ensured`). */
  const ensure = (id: string, retrieve: () => Promise<unknown>, create: () => Promise<unknown>): Promise<string> => {
    const key = `${account}:${id}`;
    let done = ensured.get(key);
    if (!done) {
      done = retrieveOrCreate(retrieve, create);
      ensured.set(key, done);
      done.catch(() => ensured.delete(key));
    }
    return done.then(() => id);
  };

  /** The product a plan's prices belong to (meetwise_monthly, …). */
  const productFor = (planType: PlanType): Promise<string> => {
    const id = `meetwise_${planType}`;
    return ensure(
      id,
      () => stripe.products.retrieve(id),
      () => stripe.products.create({ id, name: `Meetwise ${PLAN_NAMES[planType]}` }),
    );
  };

  /** A once-only coupon taking `amountOff` cents off a first payment (meetwise_first_200, …). */
  const firstPaymentCoupon = (amountOff: number): Promise<string> => {
    const id = `meetwise_first_${amountOff}`;
    return ensure(
      id,
      () => stripe.coupons.retrieve(id),
      () =>
        stripe.coupons.create({
          id,
          amount_off: amountOff,
          currency: CURRENCY,
          duration: 'once',
          name: 'First payment discount',
        }),
    );
  };

  /** The discount of a subscription whose first payment is below its renewals (a promo), else none. */
  const firstPaymentDiscounts = async (input: PurchaseStart): Promise<{ coupon: string }[] | undefined> => {
    const renewal = renewalOf(input);
    if (input.firstAmount > renewal)
      throw new Error(`A first payment above the renewal (${input.firstAmount} > ${renewal}) cannot be a discount.`);
    return input.firstAmount < renewal
      ? [{ coupon: await firstPaymentCoupon(renewal - input.firstAmount) }]
      : undefined;
  };

  const provider: PaymentProvider = {
    publishableKey: options.publishableKey,
    apiVersion: STRIPE_API_VERSION,
    mode: options.mode,

    createCustomer: ({ email, name, owner, idempotencyKey }) =>
      guard(async () => {
        const customer = await stripe.customers.create(
          { email, ...(name ? { name } : {}), metadata: ownerMetadata(owner) },
          { idempotencyKey: `${idempotencyKey}:customer` },
        );
        return customer.id;
      }),

    startSubscription: (input) =>
      guard(async () => {
        const product = await productFor(input.planType);
        const discounts = await firstPaymentDiscounts(input);
        const created = await stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price_data: recurringPrice(input, product) }],
            ...(discounts ? { discounts } : {}),
            description: input.description,
            metadata: purchaseMetadata(input),
            // The first invoice waits for the Payment Element; a card paid with is kept for the renewals.
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: `${input.idempotencyKey}:sub` },
        );
        const invoice = expanded(created.latest_invoice);
        const clientSecret = invoice?.confirmation_secret?.client_secret;
        if (!invoice || !clientSecret)
          throw new Error(`Stripe answered subscription ${created.id} without its first invoice's client secret.`);
        if (invoice.amount_due !== input.firstAmount)
          options.logger?.warn('Stripe bills another first amount than quoted', {
            subscriptionId: created.id,
            quoted: input.firstAmount,
            amountDue: invoice.amount_due,
          });
        return {
          subscription: subscriptionOf(created),
          clientSecret,
          paymentIntentId: intentIdOfSecret(clientSecret),
          amountDue: invoice.amount_due,
        };
      }),

    startPayment: (input) =>
      guard(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.firstAmount,
            currency: CURRENCY,
            customer: input.customerId,
            automatic_payment_methods: { enabled: true },
            description: input.description,
            metadata: purchaseMetadata(input),
          },
          { idempotencyKey: `${input.idempotencyKey}:payment` },
        );
        if (!intent.client_secret)
          throw new Error(`Stripe answered payment intent ${intent.id} without a client secret.`);
        return { payment: paymentOfIntent(intent), clientSecret: intent.client_secret };
      }),

    startCheckout: (input) =>
      guard(async () => {
        const product = await productFor(input.planType);
        const metadata = purchaseMetadata(input);
        const buyer = input.customerId
          ? { customer: input.customerId }
          : input.customerEmail
            ? { customer_email: input.customerEmail }
            : {};
        let modeParams: Stripe.Checkout.SessionCreateParams;
        if (PLAN_INTERVAL[input.planType] === null) {
          const price = { currency: CURRENCY, product, unit_amount: input.firstAmount };
          modeParams = {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: price }],
            payment_intent_data: { description: input.description, metadata },
          };
        } else {
          const discounts = await firstPaymentDiscounts(input);
          modeParams = {
            mode: 'subscription',
            line_items: [{ quantity: 1, price_data: recurringPrice(input, product) }],
            ...(discounts ? { discounts } : {}),
            subscription_data: { description: input.description, metadata },
          };
        }
        const session = await stripe.checkout.sessions.create(
          { ...modeParams, ...buyer, success_url: input.successUrl, cancel_url: input.cancelUrl, metadata },
          { idempotencyKey: `${input.idempotencyKey}:checkout` },
        );
        if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without its page address.`);
        return { id: session.id, url: session.url };
      }),

    getCheckout: (sessionId) =>
      guard(() =>
        orNullWhenMissing(async () =>
          checkoutOf(await stripe.checkout.sessions.retrieve(sessionId, { expand: CHECKOUT_EXPAND })),
        ),
      ),

    getPaymentIntent: (paymentIntentId) =>
      guard(() =>
        orNullWhenMissing(async () => {
          const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
          const payment = paymentOfIntent(intent);
          if (metadataOf(intent.metadata)) return payment;
          // Not ours directly: a subscription invoice's own intent. Its payment is the invoice (see ProviderPayment).
          const invoice = await invoicePaidBy(intent.id);
          return invoice
            ? { ...paymentOfInvoice(invoice, false), ...intentState(intent), paymentIntentId: intent.id }
            : payment;
        }),
      ),

    getSubscription: (subscriptionId) =>
      guard(() =>
        orNullWhenMissing(async () =>
          subscriptionOf(await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] })),
        ),
      ),

    cancelAtPeriodEnd: (subscriptionId) =>
      guard(async () =>
        subscriptionOf(
          await stripe.subscriptions.update(subscriptionId, {
            cancel_at_period_end: true,
            expand: ['latest_invoice'],
          }),
        ),
      ),

    // Read first: one that has ended already (or never started) is left as it is; then ended now, without a final
    // invoice or a proration, so nothing more is charged.
    cancelNow: (subscriptionId, comment) =>
      guard(async () => {
        const current = await orNullWhenMissing(() => stripe.subscriptions.retrieve(subscriptionId));
        if (!current) return null;
        if (ENDED.has(current.status)) return subscriptionOf(current);
        return subscriptionOf(
          await stripe.subscriptions.cancel(subscriptionId, {
            invoice_now: false,
            prorate: false,
            cancellation_details: { comment },
            expand: ['latest_invoice'],
          }),
        );
      }),

    // Read first: one paid or cancelled already is left as it is. A cancel Stripe refuses (paid meanwhile) is
    // answered by reading it again.
    cancelPayment: (paymentIntentId) =>
      guard(async () => {
        const current = await orNullWhenMissing(() => stripe.paymentIntents.retrieve(paymentIntentId));
        if (!current) return null;
        if (current.status === 'succeeded' || current.status === 'canceled') return paymentOfIntent(current);
        try {
          return paymentOfIntent(
            await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' }),
          );
        } catch (error) {
          if (!hasCode(error, 'payment_intent_unexpected_state')) throw error;
          return paymentOfIntent(await stripe.paymentIntents.retrieve(paymentIntentId));
        }
      }),

    // Only an open session can be expired; whatever Stripe answers, the session is read again as it is now.
    expireCheckout: (sessionId) =>
      guard(() =>
        orNullWhenMissing(async () => {
          const current = await stripe.checkout.sessions.retrieve(sessionId);
          if (current.status === 'open') {
            try {
              await stripe.checkout.sessions.expire(sessionId, {});
            } catch (error) {
              if (!(error instanceof StripeRestError) || error.type !== 'StripeInvalidRequestError') throw error;
            }
          }
          return checkoutOf(await stripe.checkout.sessions.retrieve(sessionId, { expand: CHECKOUT_EXPAND }));
        }),
      ),

    readWebhook: async (rawBody, signatureHeader) => {
      let event: Stripe.Event;
      try {
        // Stripe's default tolerance: a signature over five minutes old is refused (replays of captured deliveries).
        event = constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch {
        throw new WebhookSignatureInvalid(INVALID_SIGNATURE, undefined, { error: INVALID_SIGNATURE });
      }
      return guard(() => readEvent(event));
    },
  };

  /** The invoice a payment intent paid (a subscription's), or null (a one-time payment). */
  async function invoicePaidBy(paymentIntentId: string): Promise<Stripe.Invoice | null> {
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
  async function refundedPayment(charge: Stripe.Charge): Promise<ProviderPayment | null> {
    const intentId = idOf(charge.payment_intent);
    if (!intentId) return null;
    const refund = { status: refundStatus(charge), amount: charge.amount };
    const invoice = await invoicePaidBy(intentId);
    if (invoice) return { ...paymentOfInvoice(invoice, false), paymentIntentId: intentId, ...refund };
    return { ...paymentOfIntent(await stripe.paymentIntents.retrieve(intentId)), ...refund };
  }

  /** What a verified event tells, in our terms (ProviderEvent). */
  async function readEvent(event: Stripe.Event): Promise<ProviderEvent> {
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
        const payment = await refundedPayment(event.data.object);
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

  return provider;
}

/** The client: our pinned API version, two retries, ten seconds per attempt; the fake's address in tests. */
function newClient(options: StripeProviderOptions): StripeRest {
  return stripeRest({
    secretKey: options.secretKey,
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeoutMs: 10_000,
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
  });
}

/** Checks that an object exists, creating it when Stripe says it does not (a concurrent creation counts as done). */
async function retrieveOrCreate(retrieve: () => Promise<unknown>, create: () => Promise<unknown>): Promise<void> {
  try {
    await retrieve();
  } catch (error) {
    if (!hasCode(error, 'resource_missing')) throw error;
    try {
      await create();
    } catch (creating) {
      if (!hasCode(creating, 'resource_already_exists')) throw creating;
    }
  }
}

/** Runs a Stripe call, answering its failures as our errors (see the module comment). */
async function guarded<T>(work: () => Promise<T>, logger: Logger | undefined): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translated(error, logger);
  }
}

/** A Stripe failure as our error (see the module comment); anything else as it is. */
function translated(error: unknown, logger: Logger | undefined): unknown {
  if (!(error instanceof StripeRestError)) return error;
  const fields = { type: error.type, statusCode: error.statusCode, requestId: error.requestId, message: error.message };
  switch (error.type) {
    case 'StripeConnectionError':
    case 'StripeAPIError':
    case 'StripeRateLimitError':
      logger?.warn('Stripe is not reachable', fields);
      return new ServiceUnavailable(UNREACHABLE, undefined, { error: UNREACHABLE });
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      // A revoked, rotated or under-privileged key: nothing a retry fixes, so it goes to an operator.
      logger?.error('Stripe refused our API key', fields);
      return new ServiceUnavailable(AUTH_FAILED, undefined, { error: AUTH_FAILED });
    default:
      return error;
  }
}

const hasCode = (error: unknown, code: string): boolean => error instanceof StripeRestError && error.code === code;

/** The object, or null when Stripe does not know its id (404 resource_missing). */
async function orNullWhenMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (hasCode(error, 'resource_missing')) return null;
    throw error;
  }
}

// ---------------------------------------------------------------- what we write

const ownerMetadata = (owner: BillingOwner): OwnerMetadata =>
  owner.kind === 'account' ? { accountId: owner.accountId } : { guestEmail: owner.email };

const purchaseMetadata = (input: PurchaseStart): PurchaseMetadata => ({
  planType: input.planType,
  promoCode: input.promoCode ?? '',
  ...ownerMetadata(input.owner),
});

function renewalOf(input: PurchaseStart): number {
  if (input.renewalAmount === null || PLAN_INTERVAL[input.planType] === null)
    throw new Error(`The ${input.planType} plan does not renew: it is not a subscription.`);
  return input.renewalAmount;
}

/** A subscription item's price: the renewal amount each month or year, on the plan's product. */
function recurringPrice(input: PurchaseStart, product: string) {
  const interval = PLAN_INTERVAL[input.planType] ?? 'month';
  return { currency: CURRENCY, product, unit_amount: renewalOf(input), recurring: { interval } };
}

/** The payment intent's id from its client secret (`pi_…_secret_…`). */
function intentIdOfSecret(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

// ---------------------------------------------------------------- what we read

/** Our metadata on a Stripe object, or null when it is not one of ours (no known plan type). */
function metadataOf(metadata: Stripe.Metadata | null | undefined): {
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

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** An expandable field's object, when it was expanded (else Stripe sent only its id). */
function expanded<T extends object>(value: string | T | null | undefined): T | null {
  return value && typeof value === 'object' ? value : null;
}

/** Subscription states that charge nothing more. */
const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
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
function paymentOfInvoice(invoice: Stripe.Invoice, failed: boolean): ProviderPayment {
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
function paymentOfIntent(intent: Stripe.PaymentIntent): ProviderPayment {
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
function intentState(intent: Stripe.PaymentIntent): Pick<ProviderPayment, 'status' | 'amount' | 'failureCode'> {
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

const refundStatus = (charge: Stripe.Charge): PaymentStatus => (charge.refunded ? 'refunded' : 'partially_refunded');

const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;

function checkoutOf(session: Stripe.Checkout.Session): ProviderCheckout {
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
