/**
 * Calendar-date and time helpers for the booking page (also used by the event editor), on Intl only (no date library
 * in the route's chunk).
 * Calendar dates are 'yyyy-MM-dd' strings; arithmetic on them runs in UTC so no zone can shift a day.
 */

export interface YearMonth {
  year: number;
  /** 1-12 */
  month: number;
}

/** The browser's IANA zone (spec: "detected from the browser"); UTC when unknown. */
export function detectTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const pad = (value: number, size = 2): string => String(value).padStart(size, '0');

const toUtc = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const fromUtc = (date: Date): string =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export const isoDate = (year: number, month: number, day: number): string =>
  fromUtc(new Date(Date.UTC(year, month - 1, day)));

export function addDays(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** 0 = Sunday … 6 = Saturday */
export const weekday = (date: string): number => toUtc(date).getUTCDay();

export const yearMonthOf = (date: string): YearMonth => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return { year, month };
};

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const daysInMonth = ({ year, month }: YearMonth): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day of month in another month, clamped to its length (Jan 31 + 1 month = Feb 28). */
export function shiftMonthKeepDay(date: string, delta: number): string {
  const target = addMonths(yearMonthOf(date), delta);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(target));
  return isoDate(target.year, target.month, day);
}

/** Whole weeks (Sunday to Saturday) around the month, as rows of 7 dates. */
export function monthWeeks(view: YearMonth): string[][] {
  const first = isoDate(view.year, view.month, 1);
  const last = isoDate(view.year, view.month, daysInMonth(view));
  const start = addDays(first, -weekday(first));
  const end = addDays(last, 6 - weekday(last));
  const weeks: string[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(day, index)));
  }
  return weeks;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, found);
  }
  return found;
}

/** Today's calendar date in a zone (at `now`: a page rendered on a server renders for the server's instant). */
export const todayIn = (timeZone: string, now: Date = new Date()): string => dateIn(now, timeZone);

/** "MMMM d, yyyy": November 24, 2026. */
export const formatDateTitle = (date: string): string =>
  formatter('title', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(toUtc(date));

/** "Tuesday, November 24, 2026" (accessible names). */
export const formatLongDate = (date: string): string =>
  formatter('long', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    toUtc(date),
  );

/** "November 2026" */
export const formatMonthTitle = ({ year, month }: YearMonth): string =>
  formatter('month', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );

/** "h:mm AM" in a zone (ICU's narrow no-break space before AM/PM becomes a plain space). */
export const formatTime = (instant: string | Date, timeZone: string): string =>
  formatter(`time:${timeZone}`, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(typeof instant === 'string' ? new Date(instant) : instant)
    .replace(/[\u202f\u00a0]/g, ' ');

/** "h:mm AM - h:mm PM" in a zone. */
export const formatTimeRange = (start: string | Date, end: string | Date, timeZone: string): string =>
  `${formatTime(start, timeZone)} - ${formatTime(end, timeZone)}`;

/** The calendar date of an instant in a zone. */
export function dateIn(instant: string | Date, timeZone: string): string {
  const parts = formatter(`ymd:${timeZone}`, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '01';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Readable zone name: "Europe/Berlin" → "Europe/Berlin (GMT+1)" (its offset at `now`). */
export function zoneLabel(timeZone: string, now: Date = new Date()): string {
  try {
    const name = formatter(`zone:${timeZone}`, { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ? `${timeZone.replace(/_/g, ' ')} (${name})` : timeZone.replace(/_/g, ' ');
  } catch {
    return timeZone;
  }
}

/** "Tuesday Nov 24": an instant's day in a zone, for naming another zone's date. */
export function formatShortDayIn(instant: string | Date, timeZone: string): string {
  const parts = formatter(`day:${timeZone}`, {
    timeZone,
    weekday: 'long',
    month: 'short',
    day: 'numeric',
  }).formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('weekday')} ${get('month')} ${get('day')}`;
}

/**
 * The confirmation's "Host's time": "10:00 AM - 10:30 AM (America/New York)", with the host's date added when it is
 * not the guest's: "10:00 AM - 10:30 AM, Tuesday Nov 24 (America/New York)".
 */
export function formatHostTime(start: string | Date, end: string | Date, hostZone: string, guestZone: string): string {
  const range = formatTimeRange(start, end, hostZone);
  const zone = hostZone.replace(/_/g, ' ');
  return dateIn(start, hostZone) === dateIn(start, guestZone)
    ? `${range} (${zone})`
    : `${range}, ${formatShortDayIn(start, hostZone)} (${zone})`;
}

/**
 * "Mon, Mar 9, 2026, 9:00 AM": an instant's date and time in a zone (banners, "Rescheduled from …"); with `seconds`,
 * "Mon, Mar 9, 2026, 9:00:05 AM" (the integrations' logs: attempts a few seconds apart differ).
 */
export const formatDateTime = (
  instant: string | Date,
  timeZone: string,
  { seconds = false }: { seconds?: boolean } = {},
): string =>
  formatter(`datetime${seconds ? 's' : ''}:${timeZone}`, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    hour12: true,
  })
    .format(typeof instant === 'string' ? new Date(instant) : instant)
    .replace(/[\u202f\u00a0]/g, ' ');
