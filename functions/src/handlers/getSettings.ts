import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { getSettings, type SettingsDeps } from '#functions/app/settings';
import { coreDeps, settingsRepository } from '#functions/composition';

export const run: RouteRun<typeof routes.getSettings, SettingsDeps> = (deps, { principal }) =>
  getSettings(deps, principal);
export const handler = httpRoute(routes.getSettings, run, () => ({ ...coreDeps(), settings: settingsRepository() }));
