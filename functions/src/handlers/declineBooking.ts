import * as routes from '#shared/api/routes';
import { declinePending, type DeclineDeps } from '#functions/app/booking/manage-booking';
import { bookingDeps, calendarProviders, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.declineBooking, DeclineDeps> = (deps, { principal, params, body }) =>
  declinePending(deps, principal, params.id, body.reason);
export const handler = httpRoute(routes.declineBooking, run, () => ({
  ...coreDeps(),
  ...bookingDeps(),
  calendars: calendarProviders(),
}));
