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
