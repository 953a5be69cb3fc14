import type { BookingRecord } from '#functions/domain/records';

/**
 * The links that carry a booking's secret (issue 31): the token in the URL's fragment, which browsers never send, so
 * no server or CDN access log keeps it. The page reads it (an old link's `?token=` too, moved into the fragment) and
 * sends it in a POST body (docs/api.md: getManagedBooking, getBookingCalendarFile, getReschedulableBooking).
 */

/** The guest's manage page: `{site}/booking/{id}#token=…`. */
export const manageLink = (site: string, bookingId: string, token: string): string =>
  `${site}/booking/${encodeURIComponent(bookingId)}#token=${token}`;

/** The booking page in reschedule mode: the booking's id in the query (no secret), the token in the fragment. */
export const rescheduleLink = (site: string, eventSlug: string, bookingId: string, token: string): string =>
  `${site}/book/${encodeURIComponent(eventSlug)}?reschedule=${encodeURIComponent(bookingId)}#token=${token}`;

/** The manage page, asked to offer the booking's calendar file first (the mails' "Calendar file (.ics)"). */
export const calendarFileLink = (site: string, bookingId: string, token: string): string =>
  `${manageLink(site, bookingId, token)}&calendar=file`;

/** Issue 31: a link's power ends with its booking (410). */
export const LINK_ENDED = 'This booking has ended, so its link no longer works.';
export const LINK_REPLACED =
  'This booking was rescheduled, so this link no longer works. Please use the link in the latest e-mail about it.';

/**
 * Whether a booking's link still has power at `now`: null while it does, else why not (the 410's message): a
 * reschedule replaced the booking (the new one has its own link), or the booking has ended.
 */
export function linkEnd(booking: Pick<BookingRecord, 'end' | 'rescheduledTo'>, now: Date): string | null {
  if (booking.rescheduledTo) return LINK_REPLACED;
  if (Date.parse(booking.end) <= now.getTime()) return LINK_ENDED;
  return null;
}
