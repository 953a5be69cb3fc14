import * as routes from '#shared/api/routes';
import { syncCalendar, type CalendarSyncDeps } from '#functions/app/calendars/calendar-sync';
import { availabilityDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.syncCalendar, CalendarSyncDeps> = (deps, { query, principal }) =>
  syncCalendar(deps, query, principal);
export const handler = httpRoute(routes.syncCalendar, run, () => ({ ...coreDeps(), ...availabilityDeps() }));
