import * as routes from '#shared/api/routes';
import { calendarFeed, type CalendarFeedDeps } from '#functions/app/calendars/calendar-feed';
import { bookingLedger, coreDeps, hostRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.calendarFeed, CalendarFeedDeps> = async (deps, { params }) =>
  calendarFeed(deps, params.token);
export const handler = httpRoute(routes.calendarFeed, run, () => ({
  ...coreDeps(),
  hosts: hostRepository(),
  bookings: bookingLedger(),
}));
