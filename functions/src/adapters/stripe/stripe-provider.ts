import type Stripe from 'stripe';

import { PLAN_INTERVAL } from '#shared/rules/pricing';
import { stripeCatalog } from '#functions/adapters/stripe/stripe-catalog';
import { invoicePaidBy, readEvent } from '#functions/adapters/stripe/stripe-events';
import { guarded, hasCode, orNullWhenMissing } from '#functions/adapters/stripe/stripe-failures';
import {
  checkoutOf,
  ENDED,
  expanded,
  intentIdOfSecret,
  intentState,
  metadataOf,
  paymentOfIntent,
  paymentOfInvoice,
  subscriptionOf,
} from '#functions/adapters/stripe/stripe-objects';
import {
  CURRENCY,
  ownerMetadata,
  purchaseMetadata,
  recurringPrice,
} from '#functions/adapters/stripe/stripe-purchase-fields';
import { stripeRest, type StripeRest } from '#functions/adapters/stripe/stripe-rest';
import { StripeRestError } from '#functions/adapters/stripe/stripe-rest-errors';
import { constructEvent } from '#functions/adapters/stripe/webhook-signature';
import { STRIPE_API_VERSION } from '#functions/config';
import { WebhookSignatureInvalid } from '#functions/errors';
import type { PaymentProvider } from '#functions/ports/billing';
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
 * What we write is in stripe-purchase-fields.ts, what we read in stripe-objects.ts (a webhook's event in
 * stripe-events.ts), and how Stripe's failures reach the use cases in stripe-failures.ts.
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

const INVALID_SIGNATURE = 'Invalid Stripe signature.';

/** The expansions that let one read answer a checkout with its subscription (and first invoice) or payment. */
const CHECKOUT_EXPAND = ['subscription', 'subscription.latest_invoice', 'payment_intent'];

/** The Stripe adapter. Only the billing functions build it. */
export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = newClient(options);
  const guard = <T>(work: () => Promise<T>): Promise<T> => guarded(work, options.logger);
  const account = `${options.publishableKey}@${options.apiUrl ?? 'api.stripe.com'}`;

  const { productFor, firstPaymentDiscounts } = stripeCatalog(stripe, account);

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
          const invoice = await invoicePaidBy(stripe, intent.id);
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
      return guard(() => readEvent(stripe, event));
    },
  };
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
