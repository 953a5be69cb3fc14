import * as routes from '#shared/api/routes';
import { cancelAsGuest, type GuestCancelDeps } from '#functions/app/booking/manage-booking';
import {
  bookingLedger,
  calendarProviders,
  coreDeps,
  eventRepository,
  hostRepository,
  manageTokens,
} from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.cancelBookingAsGuest, GuestCancelDeps> = (deps, { params, body }) =>
  cancelAsGuest(deps, params.id, body);
export const handler = httpRoute(routes.cancelBookingAsGuest, run, () => ({
  ...coreDeps(),
  bookings: bookingLedger(),
  hosts: hostRepository(),
  events: eventRepository(),
  manageTokens: manageTokens(),
  calendars: calendarProviders(),
}));
