import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { updateSettings } from '#functions/app/settings';
import { coreDeps, settingsRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.updateSettings, Pick<Deps, 'settings'>> = (deps, { body }) =>
  updateSettings(deps, body);
export const handler = httpRoute(routes.updateSettings, run, () => ({ ...coreDeps(), settings: settingsRepository() }));
