import type { MeetingPlace } from '#shared/locations';

/**
 * Where a booked meeting takes place, as step 3 shows it (issue 30 §1): the booking answer's `place` (with its link),
 * else the event's. With the details form's code (step 2), not the page's first load.
 */

/** The place to show once booked: the booking's own (with the link), else the event's, else none. */
export const bookedPlace = (
  booking: { place?: MeetingPlace | null },
  event: { place?: MeetingPlace | null },
): MeetingPlace | null => booking.place ?? event.place ?? null;

/** The confirmation's one line about the place, for the shared text: its text, or the event's location text. */
export const placeLine = (place: MeetingPlace | null, location: string): string =>
  place ? (place.url && !place.text.includes(place.url) ? `${place.text}: ${place.url}` : place.text) : location;

/**
 * What an "Add to calendar" entry carries of the place: as its location, the link to join for an online meeting
 * (calendars make it clickable), else the place's line; and a line for the entry's details.
 */
export function calendarPlace(
  place: MeetingPlace | null,
  location: string,
): { location: string | null; detailsLine: string | null } {
  if (!place) return { location: location || null, detailsLine: null };
  if (place.online && place.url) return { location: place.url, detailsLine: `Join (${place.label}): ${place.url}` };
  return { location: place.text || null, detailsLine: null };
}
