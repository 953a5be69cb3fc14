import { claimGuestPlans } from '#functions/app/billing/claim-guest-plans';
import { cancelBookings, type CancelBookingsDeps } from '#functions/app/booking/cancel-booking';
import { releaseMember, type ReleaseMemberDeps } from '#functions/app/booking/team-bookings';
import { forgetCalendar, type ForgetCalendarDeps } from '#functions/app/calendars/calendar-connection';
import { fallBackFromGoogleMeet, type LocationFallbackDeps } from '#functions/app/events/migrate-locations';
import { getPublicTeam, leaveAllTeams, type MemberGoneDeps } from '#functions/app/teams/teams';
import type { BillingStore, GuestPlanClaims } from '#functions/ports/billing';
import type { BookingCancellations, TeamBookings } from '#functions/ports/bookings';
import type { CalendarCleanup } from '#functions/ports/calendar';
import type { Logger } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';
import type { EventRepository, GoogleMeetFallback } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { TeamDepartures, TeamDirectory, TeamRepository } from '#functions/ports/teams';

/**
 * The ports through which one area's use cases ask another area (a use case never imports another area's use cases:
 * eslint.config.js). Each is the other area's use case, called with the ports it names: the composition root builds
 * them over its adapters (once per process, composition/<area>.ts), and `connectAreas` over a whole Deps (composeDeps,
 * and the tests that change some of its parts).
 */

/** The teams' TeamBookings: a member's team bookings released (app/booking/team-bookings.ts). */
export const teamBookingsOver = (deps: ReleaseMemberDeps): TeamBookings => ({
  releaseMember: (input) => releaseMember(deps, input),
});

/** The events' BookingCancellations: an event type's bookings cancelled (app/booking/cancel-booking.ts). */
export const bookingCancellationsOver = (deps: CancelBookingsDeps): BookingCancellations => ({
  cancel: (host, bookings, cancellation) => cancelBookings(deps, host, bookings, cancellation),
});

/** The booking page publisher's TeamDirectory: a team's public view (app/teams/teams.ts). */
export const teamDirectoryOver = (deps: {
  teams: TeamRepository;
  events: EventRepository;
  hosts: HostRepository;
}): TeamDirectory => ({
  publicTeam: (slug) => getPublicTeam(deps, slug),
});

/** Account deletion's TeamDepartures: the account leaves each of its teams (app/teams/teams.ts). */
export const teamDeparturesOver = (deps: MemberGoneDeps): TeamDepartures => ({
  leaveAllTeams: (userId) => leaveAllTeams(deps, userId),
});

/** Account deletion's CalendarCleanup: the host's calendar forgotten (app/calendars/calendar-connection.ts). */
export const calendarCleanupOver = (deps: ForgetCalendarDeps): CalendarCleanup => ({
  forgetCalendar: (hostId) => forgetCalendar(deps, hostId),
});

/** A proven address's GuestPlanClaims: the guest plans bought for it (app/billing/claim-guest-plans.ts). */
export const guestPlansOver = (deps: { billing: BillingStore; logger: Logger }): GuestPlanClaims => ({
  claimGuestPlans: (account, provenEmail) => claimGuestPlans(deps, account, provenEmail),
});

/** Leaving Google's GoogleMeetFallback: the host's Google Meet event types (app/events/migrate-locations.ts). */
export const meetFallbackOver = (deps: LocationFallbackDeps): GoogleMeetFallback => ({
  fallBackFromGoogleMeet: (hostId) => fallBackFromGoogleMeet(deps, hostId),
});

/** The ports between the areas, as Deps carries them. */
export type AreaPorts = Pick<
  Deps,
  | 'teamBookings'
  | 'bookingCancellations'
  | 'teamDirectory'
  | 'teamDepartures'
  | 'calendarCleanup'
  | 'guestPlans'
  | 'meetFallback'
>;

/**
 * `deps` with every port between the areas built over its own parts (those it carries already are replaced). A test
 * that changes some parts of a Deps (its clock, a repository) connects them again, so that the other areas' use
 * cases see the same parts.
 */
export function connectAreas(deps: Omit<Deps, keyof AreaPorts> & Partial<AreaPorts>): Deps {
  const teamBookings = teamBookingsOver(deps);
  return {
    ...deps,
    teamBookings,
    bookingCancellations: bookingCancellationsOver(deps),
    teamDirectory: teamDirectoryOver(deps),
    teamDepartures: teamDeparturesOver({ ...deps, teamBookings }),
    calendarCleanup: calendarCleanupOver(deps),
    guestPlans: guestPlansOver(deps),
    meetFallback: meetFallbackOver(deps),
  };
}
