import * as routes from '#shared/api/routes';
import { guestCalendarInvite, type GuestBookingDeps } from '#functions/app/booking/manage-booking';
import { bookingLedger, coreDeps, eventRepository, hostRepository, manageTokens } from '#functions/composition';
import { calendarFileFor } from '#functions/domain/mail/calendar-file';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import type { CoreDeps } from '#functions/ports/core';

export const run: RouteRun<typeof routes.getBookingCalendarFile, GuestBookingDeps & CoreDeps> = async (
  deps,
  { params, body },
) => calendarFileFor(await guestCalendarInvite(deps, params.id, body.token));
export const handler = httpRoute(routes.getBookingCalendarFile, run, () => ({
  ...coreDeps(),
  bookings: bookingLedger(),
  hosts: hostRepository(),
  events: eventRepository(),
  manageTokens: manageTokens(),
}));
