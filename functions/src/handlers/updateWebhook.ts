import * as routes from '#shared/api/routes';
import { updateWebhook, type WebhookDeps } from '#functions/app/integrations/webhooks';
import { coreDeps, webhookDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.updateWebhook, WebhookDeps> = (deps, { principal, params, body }) =>
  updateWebhook(deps, principal, params.id, body);
export const handler = httpRoute(routes.updateWebhook, run, () => ({ ...coreDeps(), ...webhookDeps() }));
