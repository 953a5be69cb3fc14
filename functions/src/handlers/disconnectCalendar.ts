import * as routes from '#shared/api/routes';
import { disconnectCalendar, type CalendarConnectionDeps } from '#functions/app/calendar-connection';
import { calendarConnectionDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.disconnectCalendar, CalendarConnectionDeps> = async (deps, { principal }) =>
  disconnectCalendar(deps, principal);
export const handler = httpRoute(routes.disconnectCalendar, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
}));
