import * as routes from '#shared/api/routes';
import { testWebhook, type QueueWebhookDeps } from '#functions/app/integrations/webhooks';
import { coreDeps, webhookDeps, webhookQueue } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.testWebhook, QueueWebhookDeps> = (deps, { principal, params }) =>
  testWebhook(deps, principal, params.id);
export const handler = httpRoute(routes.testWebhook, run, () => ({
  ...coreDeps(),
  ...webhookDeps(),
  webhookQueue: webhookQueue(),
}));
