import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { getTimeSlots } from '#functions/app/availability';
import { availabilityDeps, coreDeps, settingsRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.getTimeSlots, Pick<Deps, 'events' | 'hosts' | 'bookings' | 'calendars' | 'recentReads' | 'settings'>> = (
  deps,
  { query },
) => getTimeSlots(deps, query);
export const handler = httpRoute(routes.getTimeSlots, run, () => ({ ...coreDeps(), ...availabilityDeps(), settings: settingsRepository() }));
