import * as routes from '#shared/api/routes';
import { redeliverWebhook, type QueueWebhookDeps } from '#functions/app/integrations/webhooks';
import { coreDeps, webhookDeps, webhookQueue } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.redeliverWebhook, QueueWebhookDeps> = (deps, { principal, params }) =>
  redeliverWebhook(deps, principal, params.id, params.deliveryId);
export const handler = httpRoute(routes.redeliverWebhook, run, () => ({
  ...coreDeps(),
  ...webhookDeps(),
  webhookQueue: webhookQueue(),
}));
