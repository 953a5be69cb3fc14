import { createHash } from 'node:crypto';

import type { BookingListItem } from '#shared/api/schemas/bookings';
import { parseDay, zoneDateInterval } from '#shared/availability/wall-clock';
import { utcDay } from '#functions/domain/booking';
import { guestNameParts } from '#functions/domain/booking-list';
import type { BookingRecord } from '#functions/domain/records';
import { Unauthorized } from '#functions/errors';
import type { Deps, Principal } from '#functions/ports';

export type ListBookingsDeps = Pick<Deps, 'bookings' | 'hosts' | 'manageTokens' | 'config' | 'clock'>;

/**
 * GET /api/bookings (booking-landing-auth-admin.md §7, issue 17): the bookings that start on the days `start` to
 * `end` (both included) of the caller's zone, earliest first.
 * 1. The range as instants: from the start of `start` to the end of `end` in the zone (the schema kept it to 92
 *    days).
 * 2. An administrator gets every host's, from the bookings index (one Query per month it touches); a host their own,
 *    from their partition (one Query over the UTC dates around the range).
 * 3. Each with the spec's list fields (the guest's name split at the first space, the meeting type of the event when
 *    it was booked), its host's name (one BatchGetItem for the hosts of the page) and, while it can still move, the
 *    guest's reschedule link for the host to pass on (a host may change their own bookings anyway).
 */
export async function listBookings(
  deps: ListBookingsDeps,
  principal: Principal | null,
  query: { start: string; end: string; timezone?: string | undefined },
): Promise<BookingListItem[]> {
  if (!principal) throw new Unauthorized('Authentication required.');
  const zone = query.timezone ?? 'UTC';
  const from = zoneDateInterval(zone, parseDay(query.start)!).start;
  const to = zoneDateInterval(zone, parseDay(query.end)!).end;
  const fromIso = new Date(from).toISOString();
  const toIso = new Date(to).toISOString();
  const bookings = principal.isAdmin
    ? await deps.bookings.listStarting(fromIso, toIso)
    : (await deps.bookings.read(principal.userId, utcDay(from), utcDay(to - 1))).bookings.filter(
        (booking) => booking.start >= fromIso && booking.start < toIso,
      );
  bookings.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  const names = await deps.hosts.namesOf(bookings.map((booking) => booking.hostId));
  const now = deps.clock.now().getTime();
  return bookings.map((booking) => ({
    ...listItem(booking, names.get(booking.hostId) ?? ''),
    rescheduleUrl:
      booking.status !== 'cancelled' && Date.parse(booking.start) > now ? rescheduleUrl(deps, booking) : null,
  }));
}

/**
 * The guest's reschedule link, as their e-mails carry it (booking-notices.ts), or null for a booking whose secret is
 * not the derived one (made before the links were derived from the id).
 */
function rescheduleUrl(deps: Pick<Deps, 'manageTokens' | 'config'>, booking: BookingRecord): string | null {
  const token = deps.manageTokens.tokenFor(booking.id);
  if (createHash('sha256').update(token).digest('base64url') !== booking.manageTokenHash) return null;
  return `${deps.config.siteUrl}/book/${encodeURIComponent(booking.eventSlug)}?reschedule=${encodeURIComponent(booking.id)}&token=${token}`;
}

function listItem(booking: BookingRecord, hostName: string): Omit<BookingListItem, 'rescheduleUrl'> {
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
  };
}
