import * as routes from '#shared/api/routes';
import { updateSettings, type SettingsDeps } from '#functions/app/site/settings';
import { coreDeps, settingsRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.updateSettings, SettingsDeps> = (deps, { body }) => updateSettings(deps, body);
export const handler = httpRoute(routes.updateSettings, run, () => ({ ...coreDeps(), settings: settingsRepository() }));
