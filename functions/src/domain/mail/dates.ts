/**
 * Dates and times as the mails write them (en-US, every time in a named zone; the next translation makes the locale
 * a parameter here, not in each mail).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(instant: string, zone: string, style: 'date' | 'time' | 'short-date'): string {
  const key = `${style} ${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }
        : style === 'short-date'
          ? { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }
          : { hour: 'numeric', minute: '2-digit', hour12: true };
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, formatter);
  }
  // ICU puts a narrow no-break space before AM/PM; mail clients and readers expect a plain one.
  return formatter.format(new Date(instant)).replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * "Monday, March 9, 2026, 10:00 AM – 10:30 AM (America/New_York)"; the end's date is shown too when the meeting
 * ends on another day there.
 */
export function timeRange(start: string, end: string, zone: string): string {
  const startDate = format(start, zone, 'date');
  const endDate = format(new Date(Date.parse(end) - 1).toISOString(), zone, 'date');
  const endPart = endDate === startDate ? format(end, zone, 'time') : `${endDate}, ${format(end, zone, 'time')}`;
  return `${startDate}, ${format(start, zone, 'time')} – ${endPart} (${zone})`;
}

/** "Mon, Mar 9, 2026 at 10:00 AM": the start, short, for subjects. */
export const subjectDate = (start: string, zone: string): string =>
  `${format(start, zone, 'short-date')} at ${format(start, zone, 'time')}`;

/** "15 minutes", "1 hour", "2 days": a reminder's offset in words. */
export function minutesInWords(minutes: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (minutes >= 1440 && minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes >= 60 && minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

/** "Mon, 09 Mar 2026 12:34 UTC": an instant to the minute in UTC (a team invitation's end). */
export const utcMinute = (instant: string): string => new Date(instant).toUTCString().replace(/:\d\d GMT$/, ' UTC');

/** "2026-03-01 10:20 UTC": an ISO instant to the minute, as logs write it (a webhook's first failure). */
export const isoMinute = (instant: string): string => `${instant.slice(0, 16).replace('T', ' ')} UTC`;
