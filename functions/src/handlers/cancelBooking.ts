import * as routes from '#shared/api/routes';
import { cancelAsOwner, type DeclineDeps } from '#functions/app/booking/manage-booking';
import { bookingDeps, calendarProviders, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.cancelBooking, DeclineDeps> = (deps, { principal, params, body }) =>
  cancelAsOwner(deps, principal, params.id, body.reason);
export const handler = httpRoute(routes.cancelBooking, run, () => ({
  ...coreDeps(),
  ...bookingDeps(),
  calendars: calendarProviders(),
}));
