import ical, { ICalEventStatus } from 'ical-generator';

import { DAY_MS } from '#shared/time';
import { feedTokenHash } from '#functions/app/calendars/calendar-connection';
import { utcDay } from '#functions/domain/booking';
import { icsUidOf, versionOf } from '#functions/domain/notices';
import type { BookingRecord } from '#functions/domain/records';
import { NotFound } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';
import type { Clock } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';

/** How far back and ahead the feed lists bookings. */
const FEED_PAST_DAYS = 60;
const FEED_AHEAD_DAYS = 400;
const UNKNOWN_FEED = 'Unknown calendar feed.';

/** What serving the feed needs: the host owning the token, their bookings. */
export type CalendarFeedDeps = { hosts: HostRepository; bookings: BookingLedger; clock: Clock };

const STATUS: Record<BookingRecord['status'], ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  pending: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * GET /api/calendar/feed/{token}: the host's built-in calendar as an iCalendar document, for calendar apps
 * subscribed to the private address. Unknown, reset or revoked tokens are 404 (the same answer for each). Cancelled
 * bookings stay listed as CANCELLED so subscribed apps remove them. Each meeting is the event its mailed invitations
 * are (issue 31): their UID and SEQUENCE, one entry per UID (feedBookings), so an app that has both shows it once.
 */
export async function calendarFeed(deps: CalendarFeedDeps, token: string): Promise<string> {
  const hostId = await deps.hosts.findFeedOwner(feedTokenHash(token));
  const host = hostId ? await deps.hosts.get(hostId) : null;
  if (
    !host ||
    host.calendar?.provider !== 'builtin' ||
    !host.calendar.connected ||
    host.calendar.feedTokenHash !== feedTokenHash(token)
  ) {
    throw new NotFound(UNKNOWN_FEED);
  }
  const now = deps.clock.now().getTime();
  const { bookings } = await deps.bookings.read(
    host.id,
    utcDay(now - FEED_PAST_DAYS * DAY_MS),
    utcDay(now + FEED_AHEAD_DAYS * DAY_MS),
  );
  const calendar = ical({
    name: `${host.name} – Meetwise bookings`,
    prodId: { company: 'Meetwise', product: 'Bookings' },
    ttl: 15 * 60,
  });
  for (const booking of feedBookings(bookings)) {
    calendar.createEvent({
      id: icsUidOf(booking),
      sequence: versionOf(booking),
      start: new Date(booking.start),
      end: new Date(booking.end),
      stamp: new Date(booking.createdAt),
      summary: `${booking.eventTitle} with ${booking.name}`,
      description: [
        `Guest: ${booking.name} <${booking.email}>`,
        ...(booking.guests.length ? [`Other guests: ${booking.guests.join(', ')}`] : []),
        ...(booking.additionalInfo ? [`Additional information: ${booking.additionalInfo}`] : []),
      ].join('\n'),
      status: STATUS[booking.status],
      attendees: [{ email: booking.email, name: booking.name }, ...booking.guests.map((email) => ({ email }))],
    });
  }
  return calendar.toString();
}

/**
 * The bookings the feed lists, one per calendar UID, in the order read. A rescheduled meeting's bookings share their
 * invitation's UID (the new one continues the old one's at the next SEQUENCE): a booking a reschedule replaced is not
 * listed (its meeting goes on as its successor, wherever that falls), and should two others share a UID the highest
 * version, then the newest, is.
 */
export function feedBookings(bookings: readonly BookingRecord[]): BookingRecord[] {
  const latest = new Map<string, BookingRecord>();
  for (const booking of bookings) {
    if (booking.rescheduledTo) continue;
    const uid = icsUidOf(booking);
    const kept = latest.get(uid);
    if (!kept || isLater(booking, kept)) latest.set(uid, booking);
  }
  const listed = new Set(latest.values());
  return bookings.filter((booking) => listed.has(booking));
}

const isLater = (booking: BookingRecord, than: BookingRecord): boolean =>
  versionOf(booking) !== versionOf(than) ? versionOf(booking) > versionOf(than) : booking.createdAt > than.createdAt;
