import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { siteOrigin } from '#functions/http/request';
import { authDebugInfo } from '#functions/app/auth-config';
import { coreDeps } from '#functions/composition';

export const run: RouteRun<typeof routes.getAuthDebugUrl> = async (deps, { event }) => authDebugInfo(deps.config, siteOrigin(event, deps.config.siteUrl));
export const handler = httpRoute(routes.getAuthDebugUrl, run, coreDeps);
