import * as routes from '#shared/api/routes';
import { viewManagedBooking, type GuestBookingDeps } from '#functions/app/manage-booking';
import { bookingLedger, coreDeps, eventRepository, hostRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getManagedBooking, GuestBookingDeps> = (deps, { params, query }) =>
  viewManagedBooking(deps, params.id, query.token);
export const handler = httpRoute(routes.getManagedBooking, run, () => ({
  ...coreDeps(),
  bookings: bookingLedger(),
  hosts: hostRepository(),
  events: eventRepository(),
}));
