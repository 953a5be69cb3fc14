import { BOOKING_LIST_LIMIT_DEFAULT, type BookingListItem, type BookingListPage } from '#shared/api/schemas/bookings';
import { parseDay, zoneDateInterval } from '#shared/availability/wall-clock';
import type { Config } from '#functions/config';
import { utcDay } from '#functions/domain/booking';
import { rescheduleLink } from '#functions/domain/booking-links';
import {
  decodeListCursor,
  encodeListCursor,
  guestNameParts,
  type ListedBooking,
  type ListPosition,
} from '#functions/domain/booking-list';
import { Unauthorized, ValidationFailed } from '#functions/errors';
import type { BookingLedger, ManageTokens } from '#functions/ports/bookings';
import type { Clock, Principal } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';
import type { TeamRepository } from '#functions/ports/teams';

export type ListBookingsDeps = {
  bookings: BookingLedger;
  hosts: HostRepository;
  teams: TeamRepository;
  manageTokens: ManageTokens;
  config: Config;
  clock: Clock;
};

/**
 * GET /api/bookings (listBookings in docs/api.md, issue 17): the bookings that start on the days `start` to
 * `end` (both included) of the caller's zone, earliest first.
 * 1. The range as instants: from the start of `start` to the end of `end` in the zone (the schema kept it to 92
 *    days).
 * 2. An administrator gets every host's, from the bookings index (one Query per month it touches); a host their own,
 *    from their partition (one Query over the UTC dates around the range).
 *    A member's partition holds their team bookings too (the ones stored under another member as holds): each
 *    booking is listed once.
 * 3. Each with the spec's list fields (the guest's name split at the first space, the meeting type of the event when
 *    it was booked), its host's name (a team booking: its assigned hosts' names as booked, ", "-joined; else the
 *    host's name now, from `deps.hosts`: one BatchGetItem for the hosts of the page, which the handler remembers for
 *    a minute, so a rename shows within a minute and a page is mostly one Query), its team (null for a personal
 *    booking) and, while it can still move, a reschedule link for the host to pass on: its own reschedule-only token
 *    (issue 31), never the guest's manage token, so it cannot cancel or act as the guest.
 * 4. A round-robin booking's reason for its member goes to administrators and to the owners of its team (the caller's
 *    teams: one Query, only when the page holds a team booking).
 * With `limit` or `cursor` (issue 30), one page of it instead (`listPage`).
 */
export async function listBookings(
  deps: ListBookingsDeps,
  principal: Principal | null,
  query: ListBookingsQuery,
): Promise<BookingListItem[] | BookingListPage> {
  if (!principal) throw new Unauthorized('Authentication required.');
  const zone = query.timezone ?? 'UTC';
  const from = zoneDateInterval(zone, parseDay(query.start)!).start;
  const to = zoneDateInterval(zone, parseDay(query.end)!).end;
  const fromIso = new Date(from).toISOString();
  const toIso = new Date(to).toISOString();
  if (query.limit !== undefined || query.cursor !== undefined) {
    return listPage(deps, principal, { from: fromIso, to: toIso }, query);
  }
  const bookings = principal.isAdmin
    ? await deps.bookings.listStarting(fromIso, toIso)
    : (await deps.bookings.read(principal.userId, utcDay(from), utcDay(to - 1))).bookings.filter(
        (booking) => booking.start >= fromIso && booking.start < toIso,
      );
  const listed = [...new Map(bookings.map((booking) => [booking.id, booking])).values()];
  listed.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  return listItems(deps, principal, listed);
}

export interface ListBookingsQuery {
  start: string;
  end: string;
  timezone?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

/**
 * Issue 30: one page of the range, `limit` bookings (default 100) after the cursor's position, in the same order as
 * the whole range's answer; `nextCursor` names the page's last booking and the range (null after the last page), so
 * following the cursors gives every booking of the range once. A booking added or moved meanwhile shows on a later
 * page if it sorts after the position given. One Query (per month touched, the admin) of about one page of items.
 */
async function listPage(
  deps: ListBookingsDeps,
  principal: Principal,
  range: { from: string; to: string },
  query: ListBookingsQuery,
): Promise<BookingListPage> {
  let after: ListPosition | undefined;
  if (query.cursor !== undefined) {
    const decoded = decodeListCursor(query.cursor, range);
    if ('problem' in decoded)
      throw new ValidationFailed(decoded.problem, [{ path: 'cursor', message: decoded.problem }]);
    after = decoded.position;
  }
  const { bookings, more } = await deps.bookings.pageStarting({
    ...(principal.isAdmin ? {} : { hostId: principal.userId }),
    ...range,
    page: { after, limit: query.limit ?? BOOKING_LIST_LIMIT_DEFAULT },
  });
  const last = bookings.at(-1);
  return {
    bookings: await listItems(deps, principal, bookings),
    nextCursor: more && last ? encodeListCursor(last, range) : null,
  };
}

/** The list's items of bookings in the list's order. */
async function listItems(
  deps: ListBookingsDeps,
  principal: Principal,
  listed: readonly ListedBooking[],
): Promise<BookingListItem[]> {
  const names = await deps.hosts.namesOf(
    listed.filter((booking) => !booking.hostNames?.length).map((booking) => booking.hostId),
  );
  const ownedTeams = await teamsOwnedBy(deps, principal, listed);
  const now = deps.clock.now().getTime();
  return listed.map((booking) => ({
    ...listItem(booking, booking.hostNames?.length ? booking.hostNames.join(', ') : (names.get(booking.hostId) ?? '')),
    assignmentReason:
      booking.assignment && (principal.isAdmin || (booking.teamId !== undefined && ownedTeams.has(booking.teamId)))
        ? booking.assignment.reason
        : null,
    rescheduleUrl:
      booking.status !== 'cancelled' && Date.parse(booking.start) > now ? rescheduleUrl(deps, booking) : null,
  }));
}

/** The teams the caller owns, read only when a listed booking names a team and the caller is not an administrator. */
async function teamsOwnedBy(
  deps: { teams: TeamRepository },
  principal: Principal,
  listed: readonly ListedBooking[],
): Promise<Set<string>> {
  if (principal.isAdmin || !listed.some((booking) => booking.assignment && booking.teamId)) return new Set();
  const memberships = await deps.teams.teamsOf(principal.userId);
  return new Set(
    memberships.filter((membership) => membership.role === 'owner').map((membership) => membership.teamId),
  );
}

/**
 * The host's reschedule link (issue 31): the booking page in reschedule mode with the host's reschedule-only token in
 * the fragment. The reschedule it makes is recorded as the host's; it opens no guest page and cancels nothing.
 */
function rescheduleUrl(deps: { manageTokens: ManageTokens; config: Config }, booking: ListedBooking): string {
  const token = deps.manageTokens.hostRescheduleTokenFor(booking.id);
  return rescheduleLink(deps.config.siteUrl, booking.eventSlug, booking.id, token);
}

function listItem(
  booking: ListedBooking,
  hostName: string,
): Omit<BookingListItem, 'rescheduleUrl' | 'assignmentReason'> {
  const { firstName, lastName } = guestNameParts(booking.name);
  return {
    id: booking.id,
    firstName,
    lastName,
    email: booking.email,
    startTime: booking.start,
    endTime: booking.end,
    meetingType: booking.meetingType ?? 'consultation',
    status: booking.status,
    eventTitle: booking.eventTitle,
    eventSlug: booking.eventSlug,
    hostName,
    guestTimeZone: booking.guestTimeZone,
    additionalInfo: booking.additionalInfo,
    guests: booking.guests,
    noShow: booking.noShow ?? false,
    rescheduled: Boolean(booking.rescheduledTo),
    teamSlug: booking.teamSlug ?? null,
    teamName: booking.teamName ?? null,
    source: booking.source ?? null,
  };
}
