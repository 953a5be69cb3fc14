import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { getSettings } from '#functions/app/settings';

export const run: RouteRun<typeof routes.getSettings> = (deps, { principal }) => getSettings(deps, principal);
export const handler = httpRoute(routes.getSettings, run);
