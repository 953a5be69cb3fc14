import * as routes from '#shared/api/routes';
import { viewHostBooking, type HostBookingDeps } from '#functions/app/booking/manage-booking';
import { bookingDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getBooking, HostBookingDeps> = (deps, { principal, params }) =>
  viewHostBooking(deps, principal, params.id);
export const handler = httpRoute(routes.getBooking, run, () => ({
  ...coreDeps(),
  ...bookingDeps(),
}));
