import * as routes from '#shared/api/routes';
import { listApiKeys, type ApiKeyDeps } from '#functions/app/integrations/api-keys';
import { apiKeyDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listApiKeys, ApiKeyDeps> = (deps, { principal }) =>
  listApiKeys(deps, principal);
export const handler = httpRoute(routes.listApiKeys, run, () => ({ ...coreDeps(), ...apiKeyDeps() }));
