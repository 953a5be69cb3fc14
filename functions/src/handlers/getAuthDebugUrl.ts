import * as routes from '#shared/api/routes';
import { authDebugInfo } from '#functions/app/accounts/auth-config';
import { coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getAuthDebugUrl> = async (deps) => authDebugInfo(deps.config);
export const handler = httpRoute(routes.getAuthDebugUrl, run, coreDeps);
