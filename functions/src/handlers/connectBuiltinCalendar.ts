import * as routes from '#shared/api/routes';
import { connectBuiltinCalendar, type LeaveGoogleDeps } from '#functions/app/calendars/calendar-connection';
import { coreDeps, leaveGoogleDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.connectBuiltinCalendar, LeaveGoogleDeps> = async (deps, { principal }) =>
  connectBuiltinCalendar(deps, principal);
export const handler = httpRoute(routes.connectBuiltinCalendar, run, () => ({
  ...coreDeps(),
  ...leaveGoogleDeps(),
}));
