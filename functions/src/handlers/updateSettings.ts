import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { updateSettings } from '#functions/app/settings';

export const run: RouteRun<typeof routes.updateSettings> = (deps, { body }) => updateSettings(deps, body);
export const handler = httpRoute(routes.updateSettings, run);
