import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { getSettings } from '#functions/app/settings';
import { coreDeps, settingsRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.getSettings, Pick<Deps, 'settings'>> = (deps, { principal }) =>
  getSettings(deps, principal);
export const handler = httpRoute(routes.getSettings, run, () => ({ ...coreDeps(), settings: settingsRepository() }));
