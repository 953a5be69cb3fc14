import * as routes from '#shared/api/routes';
import { getSettings, type SettingsDeps } from '#functions/app/site/settings';
import { coreDeps, settingsRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getSettings, SettingsDeps> = (deps, { principal }) =>
  getSettings(deps, principal);
export const handler = httpRoute(routes.getSettings, run, () => ({ ...coreDeps(), settings: settingsRepository() }));
