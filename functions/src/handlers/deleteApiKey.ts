import * as routes from '#shared/api/routes';
import { deleteApiKey, type ApiKeyDeps } from '#functions/app/integrations/api-keys';
import { apiKeyDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.deleteApiKey, ApiKeyDeps> = (deps, { principal, params }) =>
  deleteApiKey(deps, principal, params.id);
export const handler = httpRoute(routes.deleteApiKey, run, () => ({ ...coreDeps(), ...apiKeyDeps() }));
