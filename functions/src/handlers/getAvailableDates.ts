import * as routes from '#shared/api/routes';
import { getAvailableDates, type AvailabilityDeps } from '#functions/app/booking/availability';
import { availabilityDeps, coreDeps, settingsRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getAvailableDates, AvailabilityDeps> = (deps, { query }) =>
  getAvailableDates(deps, query);
export const handler = httpRoute(routes.getAvailableDates, run, () => ({
  ...coreDeps(),
  ...availabilityDeps(),
  settings: settingsRepository(),
}));
