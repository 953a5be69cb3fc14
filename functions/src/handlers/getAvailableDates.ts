import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { getAvailableDates } from '#functions/app/availability';
import { availabilityDeps, coreDeps, settingsRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.getAvailableDates, Pick<Deps, 'events' | 'hosts' | 'bookings' | 'calendars' | 'recentReads' | 'settings'>> = (
  deps,
  { query },
) => getAvailableDates(deps, query);
export const handler = httpRoute(routes.getAvailableDates, run, () => ({ ...coreDeps(), ...availabilityDeps(), settings: settingsRepository() }));
