import * as routes from '#shared/api/billing-routes';
import { handleStripeWebhook, type WebhookDeps } from '#functions/app/billing/stripe-webhook';
import { billingDeps } from '#functions/composition/billing';
import { PayloadTooLarge } from '#functions/errors';
import { bodyBytes, header } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

/** Stripe's events are far smaller; anything larger is not one of them. */
const MAX_EVENT_BYTES = 512 * 1024;

/** The raw body, byte for byte, is what Stripe signed: it is verified before anything is parsed. */
export const run: RouteRun<typeof routes.stripeWebhook, WebhookDeps> = (deps, { event }) => {
  const bytes = bodyBytes(event);
  if (bytes.length > MAX_EVENT_BYTES) throw new PayloadTooLarge('Request body is too large for a Stripe event.');
  return handleStripeWebhook(deps, bytes.toString('utf8'), header(event, 'stripe-signature'));
};
export const handler = httpRoute(routes.stripeWebhook, run, billingDeps);
