import * as paths from '#shared/api/route-addresses';
import { defineRoute, type RouteDefinition } from '#shared/api/route-definition';
import {
  cancelSubscriptionResponse,
  checkoutBody,
  checkoutResponse,
  createPaymentIntentBody,
  createPaymentIntentResponse,
  planQuotesQuery,
  planQuotesResponse,
  stripeConfigResponse,
  subscriptionHistoryResponse,
  subscriptionIdParams,
  subscriptionStatusResponse,
  verifyPaymentBody,
  verifyPaymentResponse,
  webhookResponse,
} from '#shared/api/schemas/billing';

/**
 * The billing rows of the route table (issue 18), in a module of their own so that the other functions do not
 * bundle their schemas; shared/api/routes.ts joins them into the one table. As there, each row is an exported
 * constant and a billing handler names its own (`routes.verifyPayment` of `import * as routes`), bundling no other.
 */
export const getSubscriptionStatus = /* @__PURE__ */ defineRoute(paths.getSubscriptionStatus, {
  name: 'getSubscriptionStatus',
  auth: 'signed-in',
  summary:
    "The host's plan: status ('active' while in force, a cancelled plan until its period ends; none when never paid), plan, next billing date, and whether billing is set up on this server.",
  response: subscriptionStatusResponse,
  needs: { table: 'read' },
});

export const getStripeConfig = /* @__PURE__ */ defineRoute(paths.getStripeConfig, {
  name: 'getStripeConfig',
  auth: 'public',
  summary:
    "Stripe's publishable key, the API version the server pins, and test or live mode. 503 when payments are not set up on this server.",
  response: stripeConfigResponse,
  needs: { table: 'read' },
});

export const getPlanQuotes = /* @__PURE__ */ defineRoute(paths.getPlanQuotes, {
  name: 'getPlanQuotes',
  auth: 'public',
  summary:
    "The plans with the server's figures in cents (price, promo, processing fee, total, renewals); with promoCode, that code applied where it may be (400 for a code that is not valid; 409 for a code used as many times as it may be, or already used by the signed-in account or its e-mail address).",
  query: planQuotesQuery,
  response: planQuotesResponse,
  needs: { table: 'read' },
});

export const createPaymentIntent = /* @__PURE__ */ defineRoute(paths.createPaymentIntent, {
  name: 'createPaymentIntent',
  auth: 'public',
  summary:
    "Starts a payment for the embedded form: a Stripe subscription (monthly, annual) or a one-time payment (lifetime) for the signed-in host, or for a guest's e-mail. The price is the server's; a calculatedPrice or discountPercent that disagrees is 409 with the server's figures. A promo code is used once per account and once per e-mail address, up to its maximum, recorded with the plan in one transaction: 409 with `promoRefused` otherwise.",
  body: createPaymentIntentBody,
  response: createPaymentIntentResponse,
  needs: { table: 'readwrite', billing: true },
});

export const createCheckoutSession = /* @__PURE__ */ defineRoute(paths.createCheckoutSession, {
  name: 'createCheckoutSession',
  auth: 'public',
  summary:
    "A Stripe Checkout session for a plan (prices as for create-payment-intent); successUrl and cancelUrl must be this site's /billing-success and /billing-details pages.",
  body: checkoutBody,
  response: checkoutResponse,
  needs: { table: 'readwrite', billing: true },
});

export const verifyPayment = /* @__PURE__ */ defineRoute(paths.verifyPayment, {
  name: 'verifyPayment',
  auth: 'public',
  summary:
    'Asks Stripe how a payment started here ended (a Checkout session or a payment intent) and records it at once, as the webhook would: paid, processing, requires_action, failed or canceled.',
  body: verifyPaymentBody,
  response: verifyPaymentResponse,
  needs: { table: 'readwrite', billing: true },
});

export const cancelSubscription = /* @__PURE__ */ defineRoute(paths.cancelSubscription, {
  name: 'cancelSubscription',
  auth: 'signed-in',
  summary:
    "Cancels the caller's subscription at the end of its period (it stays active until then). 409 for a lifetime plan; another account's id is 404.",
  params: subscriptionIdParams,
  response: cancelSubscriptionResponse,
  needs: { table: 'readwrite', billing: true },
});

export const getSubscriptionHistory = /* @__PURE__ */ defineRoute(paths.getSubscriptionHistory, {
  name: 'getSubscriptionHistory',
  auth: 'signed-in',
  summary: "The caller's plans, newest first, each with its payments (amounts in dollars), as recorded here.",
  response: subscriptionHistoryResponse,
  needs: { table: 'read' },
});

export const stripeWebhook = /* @__PURE__ */ defineRoute(paths.stripeWebhook, {
  name: 'stripeWebhook',
  auth: 'public',
  summary:
    "Stripe's events, verified by their signature and processed once per event id; an older event never overwrites newer state.",
  response: webhookResponse,
  webhook: 'stripe',
  needs: { table: 'readwrite', billing: true },
});

/** The billing rows by name. */
export const billingRoutes = {
  getSubscriptionStatus,
  getStripeConfig,
  getPlanQuotes,
  createPaymentIntent,
  createCheckoutSession,
  verifyPayment,
  cancelSubscription,
  getSubscriptionHistory,
  stripeWebhook,
} as const satisfies Record<string, RouteDefinition>;

export type BillingRouteName = keyof typeof billingRoutes;
