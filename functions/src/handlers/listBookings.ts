import * as routes from '#shared/api/routes';
import { listBookings, type ListBookingsDeps } from '#functions/app/booking/list-bookings';
import { bookingLedger, coreDeps, listHostRepository, manageTokens, teamRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listBookings, ListBookingsDeps> = (deps, { principal, query }) =>
  listBookings(deps, principal, query);
export const handler = httpRoute(routes.listBookings, run, () => ({
  ...coreDeps(),
  bookings: bookingLedger(),
  hosts: listHostRepository(),
  teams: teamRepository(),
  manageTokens: manageTokens(),
}));
