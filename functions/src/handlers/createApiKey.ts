import * as routes from '#shared/api/routes';
import { createApiKey, type ApiKeyDeps } from '#functions/app/integrations/api-keys';
import { apiKeyDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.createApiKey, ApiKeyDeps> = (deps, { principal, body }) =>
  createApiKey(deps, principal, body);
export const handler = httpRoute(routes.createApiKey, run, () => ({ ...coreDeps(), ...apiKeyDeps() }));
