import { MEETING_TYPES, type MeetingType } from '#shared/constants';

/** How the Upcoming Meetings table shows a booking on the admin dashboard. Pure. */

/** The spec's meeting type labels: consultation "Initial Consultation", followup "Follow-up Meeting", … */
export const meetingTypeLabel = (type: MeetingType): string => MEETING_TYPES[type] ?? MEETING_TYPES.other;

/** "Ada Lovelace"; one part alone when the other is empty. */
export const fullName = (firstName: string, lastName: string): string =>
  [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');

/** The first letter (a whole character, also outside the BMP) of a word, upper-cased; '' for an empty word. */
const firstLetter = (word: string): string => (Array.from(word.trim())[0] ?? '').toLocaleUpperCase('en-US');

/**
 * The attendee's initials: the first letters of the first and last names ("Ada Lovelace" → "AL"); with a
 * one-part name, its first letter ("Plato" → "P"; a first name given as "Mary Ann" with no last name → "MA"); with
 * no name, the e-mail's first letter; else "?".
 */
export function initialsOf(firstName: string, lastName: string, email = ''): string {
  const first = firstName.trim();
  const last = lastName.trim();
  if (first && last) return firstLetter(first) + firstLetter(last);
  const words = (first || last).split(/\s+/).filter(Boolean);
  if (words.length > 0) return words.slice(0, 2).map(firstLetter).join('');
  return firstLetter(email) || '?';
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "MMM d, yyyy" (Mar 9, 2026): an instant's day in a zone. */
export function formatMeetingDate(instant: string, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
    dateFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/** "MMM d, yyyy" of a calendar date (yyyy-MM-dd), whatever the zone. */
export const formatDay = (date: string): string => formatMeetingDate(`${date}T12:00:00Z`, 'UTC');

/** A range of calendar dates: "Mar 8, 2026 - Mar 14, 2026", or one date when it is one day. */
export const formatDayRange = (start: string, end: string): string =>
  start === end ? formatDay(start) : `${formatDay(start)} - ${formatDay(end)}`;
