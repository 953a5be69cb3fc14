import type { BookingRecord } from '#functions/domain/records';

/** What tells one made-up booking from another; the rest of its record is `bookingRecord`'s defaults. */
export type BookingRecordFields = Pick<
  BookingRecord,
  'id' | 'hostId' | 'eventId' | 'eventTitle' | 'eventSlug' | 'name' | 'email' | 'createdAt'
> &
  Partial<BookingRecord>;

/**
 * A booking written straight into the table (no route can make it: one in the past, or thousands at once), from
 * `start` to `end` with nothing blocked around it: confirmed, of a guest in Berlin with no extra information or
 * guests, on the built-in calendar with no calendar event. `fields` names it and may change any of that.
 */
export function bookingRecord(fields: BookingRecordFields, start: Date, end: Date): BookingRecord {
  return {
    additionalInfo: null,
    guests: [],
    start: start.toISOString(),
    end: end.toISOString(),
    blockedStart: start.toISOString(),
    blockedEnd: end.toISOString(),
    status: 'confirmed',
    guestTimeZone: 'Europe/Berlin',
    calendarProvider: 'builtin',
    calendarEventId: null,
    ...fields,
  };
}
