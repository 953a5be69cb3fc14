import { DEFAULT_PENDING_EXPIRY_HOURS, MAX_PENDING_PER_GUEST } from '#shared/rules/pending';
import { HOUR_MS } from '#shared/time';
import type { BookingRecord, EventRecord } from '#functions/domain/records';

/**
 * Booking requests waiting for the host (issue 31): when one expires, whether it still holds its time, and which of
 * a guest's request places with a host is free. Pure rules: the booking write, availability, the host's confirm and
 * the expiry timer all judge a request by these.
 */

/** The hours an event type's requests wait for the host (events stored before the setting existed: the default). */
export const pendingExpiryHoursOf = (event: Pick<EventRecord, 'pendingExpiryHours'>): number =>
  event.pendingExpiryHours ?? DEFAULT_PENDING_EXPIRY_HOURS;

/** When a request made at `created` for a meeting at `start` expires: `hours` later, but never after the start. */
export function requestExpiry(created: Date, start: number, hours: number): string {
  return new Date(Math.min(created.getTime() + hours * HOUR_MS, start)).toISOString();
}

/** When a pending booking stops waiting: its own expiry, or (stored before expiries existed) its start. */
export const pendingDeadline = (booking: Pick<BookingRecord, 'pendingExpiresAt' | 'start'>): number =>
  Date.parse(booking.pendingExpiresAt ?? booking.start);

/** A request the host did not confirm in time: still pending in the table, but it holds nothing any more. */
export const isExpiredRequest = (
  booking: Pick<BookingRecord, 'status' | 'pendingExpiresAt' | 'start'>,
  now: Date,
): boolean => booking.status === 'pending' && pendingDeadline(booking) <= now.getTime();

/** Whether a booking keeps its host busy at `now`: a confirmed one, or a request that has not expired. */
export const holdsTime = (booking: Pick<BookingRecord, 'status' | 'pendingExpiresAt' | 'start'>, now: Date): boolean =>
  booking.status === 'confirmed' || (booking.status === 'pending' && !isExpiredRequest(booking, now));

/**
 * One of a guest's request places with a host (`1..MAX_PENDING_PER_GUEST`), as read: free (never used) or naming the
 * request that took it last, with that request's record when it could be read (null: gone).
 */
export interface PendingPlace {
  place: number;
  holder: { bookingId: string; booking: BookingRecord | null } | null;
}

/**
 * The place a new request of this guest may take, or null when every place is held by an unexpired request. A place
 * is free when it was never used, or its request was confirmed, declined, cancelled, expired or is gone, or is the one
 * this request replaces (a reschedule). Which request held it is the write's condition, so of two requests that
 * read one free place only one takes it.
 */
export function freePendingPlace(
  places: readonly PendingPlace[],
  now: Date,
  replacedId: string | null,
): PendingPlace | null {
  for (let place = 1; place <= MAX_PENDING_PER_GUEST; place++) {
    const read = places.find((each) => each.place === place) ?? { place, holder: null };
    const holder = read.holder;
    if (!holder || holder.bookingId === replacedId || !holder.booking) return read;
    if (holder.booking.status !== 'pending' || isExpiredRequest(holder.booking, now)) return read;
  }
  return null;
}
