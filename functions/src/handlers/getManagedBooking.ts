import * as routes from '#shared/api/routes';
import { viewManagedBooking, type GuestBookingDeps } from '#functions/app/booking/manage-booking';
import { bookingLedger, coreDeps, eventRepository, hostRepository, manageTokens } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getManagedBooking, GuestBookingDeps> = (deps, { params, body }) =>
  viewManagedBooking(deps, params.id, body.token);
export const handler = httpRoute(routes.getManagedBooking, run, () => ({
  ...coreDeps(),
  bookings: bookingLedger(),
  hosts: hostRepository(),
  events: eventRepository(),
  manageTokens: manageTokens(),
}));
