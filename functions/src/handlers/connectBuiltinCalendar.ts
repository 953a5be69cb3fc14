import * as routes from '#shared/api/routes';
import { connectBuiltinCalendar, type CalendarConnectionDeps } from '#functions/app/calendar-connection';
import { calendarConnectionDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.connectBuiltinCalendar, CalendarConnectionDeps> = async (
  deps,
  { principal },
) => connectBuiltinCalendar(deps, principal);
export const handler = httpRoute(routes.connectBuiltinCalendar, run, () => ({
  ...coreDeps(),
  ...calendarConnectionDeps(),
}));
