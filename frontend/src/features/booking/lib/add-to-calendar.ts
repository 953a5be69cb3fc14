/**
 * Step 3's "Add to calendar": the booking's .ics file (lib/calendar-file.ts, a POST with the token in its body) and a
 * Google Calendar "new event" link.
 */

/** The guest's manage page (/booking/{id}#token=…, the token in the fragment), as their e-mails link to it. */
export const manageBookingUrl = (origin: string, bookingId: string, token: string): string =>
  `${origin}/booking/${encodeURIComponent(bookingId)}#token=${encodeURIComponent(token)}`;

/** 2026-03-09T14:00:00.000Z → 20260309T140000Z (Google's UTC form). */
const googleInstant = (instant: Date): string =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface CalendarEntry {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location?: string | null;
}

/** https://calendar.google.com/calendar/render?action=TEMPLATE&text=…&dates=start/end&details=…[&location=…] */
export function googleCalendarUrl({ title, start, end, details, location }: CalendarEntry): string {
  const url =
    'https://calendar.google.com/calendar/render?action=TEMPLATE' +
    `&text=${encodeURIComponent(title)}` +
    `&dates=${googleInstant(start)}/${googleInstant(end)}` +
    `&details=${encodeURIComponent(details)}`;
  return location ? `${url}&location=${encodeURIComponent(location)}` : url;
}
