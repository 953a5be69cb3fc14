import * as routes from '#shared/api/routes';
import { listWebhookDeliveries, type WebhookDeps } from '#functions/app/integrations/webhooks';
import { coreDeps, webhookDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listWebhookDeliveries, WebhookDeps> = (deps, { principal, params }) =>
  listWebhookDeliveries(deps, principal, params.id);
export const handler = httpRoute(routes.listWebhookDeliveries, run, () => ({ ...coreDeps(), ...webhookDeps() }));
