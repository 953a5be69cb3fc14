import * as routes from '#shared/api/routes';
import { createWebhook, type CreateWebhookDeps } from '#functions/app/integrations/webhooks';
import { coreDeps, tokenCipher, webhookDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.createWebhook, CreateWebhookDeps> = (deps, { principal, body }) =>
  createWebhook(deps, principal, body);
export const handler = httpRoute(routes.createWebhook, run, () => ({
  ...coreDeps(),
  ...webhookDeps(),
  tokenCipher: tokenCipher(),
}));
