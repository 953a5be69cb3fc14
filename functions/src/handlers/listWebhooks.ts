import * as routes from '#shared/api/routes';
import { listWebhooks, type WebhookDeps } from '#functions/app/integrations/webhooks';
import { coreDeps, webhookDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listWebhooks, WebhookDeps> = (deps, { principal }) =>
  listWebhooks(deps, principal);
export const handler = httpRoute(routes.listWebhooks, run, () => ({ ...coreDeps(), ...webhookDeps() }));
