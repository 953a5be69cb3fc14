import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { syncCalendar } from '#functions/app/calendar-sync';
import { availabilityDeps, coreDeps } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.syncCalendar, Pick<Deps, 'events' | 'hosts' | 'bookings' | 'calendars' | 'recentReads'>> = (
  deps,
  { query, principal },
) => syncCalendar(deps, query, principal);
export const handler = httpRoute(routes.syncCalendar, run, () => ({ ...coreDeps(), ...availabilityDeps() }));
