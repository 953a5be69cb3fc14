import * as routes from '#shared/api/routes';
import { disconnectCalendar, type LeaveGoogleDeps } from '#functions/app/calendars/calendar-connection';
import { coreDeps, leaveGoogleDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.disconnectCalendar, LeaveGoogleDeps> = async (deps, { principal }) =>
  disconnectCalendar(deps, principal);
export const handler = httpRoute(routes.disconnectCalendar, run, () => ({
  ...coreDeps(),
  ...leaveGoogleDeps(),
}));
