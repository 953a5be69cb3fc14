import * as routes from '#shared/api/routes';
import { deleteWebhook, type WebhookDeps } from '#functions/app/integrations/webhooks';
import { coreDeps, webhookDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.deleteWebhook, WebhookDeps> = (deps, { principal, params }) =>
  deleteWebhook(deps, principal, params.id);
export const handler = httpRoute(routes.deleteWebhook, run, () => ({ ...coreDeps(), ...webhookDeps() }));
