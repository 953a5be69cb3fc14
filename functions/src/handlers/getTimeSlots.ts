import * as routes from '#shared/api/routes';
import { getTimeSlots, type AvailabilityDeps } from '#functions/app/booking/availability';
import { availabilityDeps, coreDeps, settingsRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getTimeSlots, AvailabilityDeps> = (deps, { query }) =>
  getTimeSlots(deps, query);
export const handler = httpRoute(routes.getTimeSlots, run, () => ({
  ...coreDeps(),
  ...availabilityDeps(),
  settings: settingsRepository(),
}));
