import type Stripe from 'stripe';

import {
  stripeRequest,
  type StripeRequestOptions,
  type StripeRestOptions,
} from '#functions/adapters/stripe/stripe-request';

export { encodeForm } from '#functions/adapters/stripe/stripe-form';
export { errorTypeOf, StripeRestError, type StripeErrorType } from '#functions/adapters/stripe/stripe-rest-errors';
export {
  retryDelayMs,
  STRIPE_API_URL,
  type StripeRequestOptions,
  type StripeRestOptions,
} from '#functions/adapters/stripe/stripe-request';

/**
 * The Stripe API calls the adapter makes, over the runtime's fetch, instead of the `stripe` SDK: its client object
 * attaches every resource of the API, so it cannot be tree-shaken and weighed 240 KB in each billing function. The
 * SDK stays for its types (`import type`, nothing at runtime) and for the tests and the fake Stripe.
 *
 * What stripe-node 23 does for these calls is done the same way here, one part per file (their names are exported
 * from this one too):
 * - the parameters as `application/x-www-form-urlencoded` with Stripe's brackets: stripe-form.ts (`encodeForm`);
 * - the headers (`Authorization`, the pinned `Stripe-Version`, an `Idempotency-Key` on every POST), the retries with
 *   the same key and the timeout per attempt: stripe-request.ts;
 * - Stripe's error body as a StripeRestError whose `type` is the SDK's error class name: stripe-rest-errors.ts.
 * This file names the calls, with the SDK's types.
 */

/** The Stripe client of the billing functions: the calls of the Stripe adapter (stripe-provider.ts and its neighbours), typed with the SDK's types. */
export function stripeRest(options: StripeRestOptions) {
  const request = stripeRequest(options);

  /** POST {path}: creates (or, at an object's path, updates) with the caller's Idempotency-Key, if any. */
  const post =
    <Params extends object, T>(path: string) =>
    (params: Params, opts?: StripeRequestOptions) =>
      request<T>('POST', path, params, opts);
  /** GET {path}/{id}, with `expand` and the like in the query string. */
  const get =
    <Params extends object, T>(path: string) =>
    (objectId: string, params?: Params) =>
      request<T>('GET', `${path}/${encodeURIComponent(objectId)}`, params);

  return {
    products: {
      retrieve: get<Stripe.ProductRetrieveParams, Stripe.Product>('/v1/products'),
      create: post<Stripe.ProductCreateParams, Stripe.Product>('/v1/products'),
    },
    coupons: {
      retrieve: get<Stripe.CouponRetrieveParams, Stripe.Coupon>('/v1/coupons'),
      create: post<Stripe.CouponCreateParams, Stripe.Coupon>('/v1/coupons'),
    },
    customers: {
      create: post<Stripe.CustomerCreateParams, Stripe.Customer>('/v1/customers'),
    },
    subscriptions: {
      create: post<Stripe.SubscriptionCreateParams, Stripe.Subscription>('/v1/subscriptions'),
      retrieve: get<Stripe.SubscriptionRetrieveParams, Stripe.Subscription>('/v1/subscriptions'),
      update: (subscriptionId: string, params: Stripe.SubscriptionUpdateParams, opts?: StripeRequestOptions) =>
        post<Stripe.SubscriptionUpdateParams, Stripe.Subscription>(
          `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`,
        )(params, opts),
      /** DELETE /v1/subscriptions/{id}: ends it now (stripe-node's `subscriptions.cancel`). */
      cancel: (subscriptionId: string, params: Stripe.SubscriptionCancelParams) =>
        request<Stripe.Subscription>('DELETE', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, params),
    },
    paymentIntents: {
      create: post<Stripe.PaymentIntentCreateParams, Stripe.PaymentIntent>('/v1/payment_intents'),
      retrieve: get<Stripe.PaymentIntentRetrieveParams, Stripe.PaymentIntent>('/v1/payment_intents'),
      /** POST /v1/payment_intents/{id}/cancel: one not yet paid can no longer be paid. */
      cancel: (paymentIntentId: string, params: Stripe.PaymentIntentCancelParams) =>
        request<Stripe.PaymentIntent>(
          'POST',
          `/v1/payment_intents/${encodeURIComponent(paymentIntentId)}/cancel`,
          params,
        ),
    },
    checkout: {
      sessions: {
        create: post<Stripe.Checkout.SessionCreateParams, Stripe.Checkout.Session>('/v1/checkout/sessions'),
        retrieve: get<Stripe.Checkout.SessionRetrieveParams, Stripe.Checkout.Session>('/v1/checkout/sessions'),
        /** POST /v1/checkout/sessions/{id}/expire: an open session can no longer be paid. */
        expire: (sessionId: string, params: Stripe.Checkout.SessionExpireParams) =>
          request<Stripe.Checkout.Session>(
            'POST',
            `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`,
            params,
          ),
      },
    },
    invoicePayments: {
      list: (params: Stripe.InvoicePaymentListParams) =>
        request<Stripe.ApiList<Stripe.InvoicePayment>>('GET', '/v1/invoice_payments', params),
    },
    invoices: {
      retrieve: get<Stripe.InvoiceRetrieveParams, Stripe.Invoice>('/v1/invoices'),
    },
  };
}

export type StripeRest = ReturnType<typeof stripeRest>;
