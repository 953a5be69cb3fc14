import { defineRoute, type RouteDefinition } from '#shared/api/route-definition';
import { routePaths } from '#shared/api/route-paths';
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
 * bundle their schemas; shared/api/routes.ts joins them into the one table.
 */
export const billingRoutes = {
  getSubscriptionStatus: defineRoute({
    name: 'getSubscriptionStatus',
    ...routePaths.getSubscriptionStatus,
    auth: 'signed-in',
    summary:
      "The host's plan: status ('active' while in force, a cancelled plan until its period ends; none when never paid), plan, next billing date, and whether billing is set up on this server.",
    response: subscriptionStatusResponse,
    needs: { table: 'read' },
  }),
  getStripeConfig: defineRoute({
    name: 'getStripeConfig',
    ...routePaths.getStripeConfig,
    auth: 'public',
    summary:
      "Stripe's publishable key, the API version the server pins, and test or live mode. 503 when payments are not set up on this server.",
    response: stripeConfigResponse,
    needs: { table: 'read' },
  }),
  getPlanQuotes: defineRoute({
    name: 'getPlanQuotes',
    ...routePaths.getPlanQuotes,
    auth: 'public',
    summary:
      "The plans with the server's figures in cents (price, promo, processing fee, total, renewals); with promoCode, that code applied where it may be (400 for a code that is not valid).",
    query: planQuotesQuery,
    response: planQuotesResponse,
    needs: { table: 'read' },
  }),
  createPaymentIntent: defineRoute({
    name: 'createPaymentIntent',
    ...routePaths.createPaymentIntent,
    auth: 'public',
    summary:
      "Starts a payment for the embedded form: a Stripe subscription (monthly, annual) or a one-time payment (lifetime) for the signed-in host, or for a guest's e-mail. The price is the server's; a calculatedPrice or discountPercent that disagrees is 409 with the server's figures.",
    body: createPaymentIntentBody,
    response: createPaymentIntentResponse,
    needs: { table: 'readwrite', billing: true },
  }),
  createCheckoutSession: defineRoute({
    name: 'createCheckoutSession',
    ...routePaths.createCheckoutSession,
    auth: 'public',
    summary:
      "A Stripe Checkout session for a plan (prices as for create-payment-intent); successUrl and cancelUrl must be this site's /billing-success and /billing-details pages.",
    body: checkoutBody,
    response: checkoutResponse,
    needs: { table: 'readwrite', billing: true },
  }),
  verifyPayment: defineRoute({
    name: 'verifyPayment',
    ...routePaths.verifyPayment,
    auth: 'public',
    summary:
      'Asks Stripe how a payment started here ended (a Checkout session or a payment intent) and records it at once, as the webhook would: paid, processing, requires_action, failed or canceled.',
    body: verifyPaymentBody,
    response: verifyPaymentResponse,
    needs: { table: 'readwrite', billing: true },
  }),
  cancelSubscription: defineRoute({
    name: 'cancelSubscription',
    ...routePaths.cancelSubscription,
    auth: 'signed-in',
    summary:
      "Cancels the caller's subscription at the end of its period (it stays active until then). 409 for a lifetime plan; another account's id is 404.",
    params: subscriptionIdParams,
    response: cancelSubscriptionResponse,
    needs: { table: 'readwrite', billing: true },
  }),
  getSubscriptionHistory: defineRoute({
    name: 'getSubscriptionHistory',
    ...routePaths.getSubscriptionHistory,
    auth: 'signed-in',
    summary: "The caller's plans, newest first, each with its payments (amounts in dollars), as recorded here.",
    response: subscriptionHistoryResponse,
    needs: { table: 'read' },
  }),
  stripeWebhook: defineRoute({
    name: 'stripeWebhook',
    ...routePaths.stripeWebhook,
    auth: 'public',
    summary:
      "Stripe's events, verified by their signature and processed once per event id; an older event never overwrites newer state.",
    response: webhookResponse,
    webhook: 'stripe',
    needs: { table: 'readwrite', billing: true },
  }),
} as const satisfies Record<string, RouteDefinition>;

export type BillingRouteName = keyof typeof billingRoutes;
