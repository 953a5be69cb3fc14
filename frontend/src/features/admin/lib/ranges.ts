import type { BookingListItem } from '#shared/api/schemas/bookings';
import { addDays, dateIn, weekday } from '#frontend/lib/dates.ts';

/**
 * The admin dashboard's date ranges and Quick Stats,
 * pure: `today` is a calendar date (yyyy-MM-dd) in the browser's zone, so no zone or clock is read here.
 * Ranges are pairs of calendar dates, both included, as GET /api/bookings takes them (`start`, `end` in the
 * caller's `timezone`). Weeks run Sunday to Saturday, as the booking calendar's (lib/dates.ts `monthWeeks`) and
 * date-fns' default `weekStartsOn: 0`. Calendar-date arithmetic is on dates, not instants, so a DST change inside
 * a week moves nothing.
 *
 * - Today: today to today.
 * - This Week (the default): the calendar week holding today, Sunday to Saturday.
 * - Next Week: from 1 to 7 days after the end of this week, i.e. the next Sunday to Saturday.
 * - This Month: from today to 30 days ahead (today + 30), not the calendar month.
 */

export type RangeKey = 'today' | 'thisWeek' | 'nextWeek' | 'thisMonth';

export interface DateRange {
  /** yyyy-MM-dd, included */
  start: string;
  /** yyyy-MM-dd, included */
  end: string;
}

export const RANGE_OPTIONS: readonly { key: RangeKey; label: string }[] = [
  { key: 'today', label: 'Today' },
  { key: 'thisWeek', label: 'This Week' },
  { key: 'nextWeek', label: 'Next Week' },
  { key: 'thisMonth', label: 'This Month' },
];

export const DEFAULT_RANGE: RangeKey = 'thisWeek';

/** How far "This Month" reaches: today plus 30 days. */
export const MONTH_AHEAD_DAYS = 30;

export const isRangeKey = (value: string): value is RangeKey => RANGE_OPTIONS.some((option) => option.key === value);

/** The calendar week (Sunday to Saturday) holding `date`. */
export function weekOf(date: string): DateRange {
  const start = addDays(date, -weekday(date));
  return { start, end: addDays(start, 6) };
}

export function rangeFor(key: RangeKey, today: string): DateRange {
  switch (key) {
    case 'today':
      return { start: today, end: today };
    case 'thisWeek':
      return weekOf(today);
    case 'nextWeek': {
      const { end } = weekOf(today);
      return { start: addDays(end, 1), end: addDays(end, 7) };
    }
    case 'thisMonth':
      return { start: today, end: addDays(today, MONTH_AHEAD_DAYS) };
  }
}

/**
 * The one list call behind Quick Stats: from the start of this calendar week to today + 30 days (at most 37 days,
 * well inside the API's 92). It covers Today, This Week and "This Month", so all four counts come from one answer.
 */
export function statsWindow(today: string): DateRange {
  return { start: weekOf(today).start, end: addDays(today, MONTH_AHEAD_DAYS) };
}

export const inRange = (date: string, range: DateRange): boolean => date >= range.start && date <= range.end;

export interface QuickStats {
  upcoming: number;
  today: number;
  thisWeek: number;
  total: number;
}

/**
 * The Quick Stats counts from the answer of the `statsWindow(today)` call. Cancelled bookings count nowhere; a
 * booking's day is the day its start falls on in `timeZone` (the browser's, as the list call's):
 * - Upcoming: start after `now` (the spec's "bookings whose start is in the future"), within the window;
 * - Today: start on `today`;
 * - This Week: start in this calendar week (Sunday to Saturday), earlier days of the week included;
 * - Total: every booking of the window (this week's start to today + 30).
 * Bookings outside the window (the server already leaves them out) are not counted.
 */
export function quickStats(
  bookings: readonly Pick<BookingListItem, 'startTime' | 'status'>[],
  { today, now, timeZone }: { today: string; now: number; timeZone: string },
): QuickStats {
  const window = statsWindow(today);
  const week = weekOf(today);
  const stats: QuickStats = { upcoming: 0, today: 0, thisWeek: 0, total: 0 };
  for (const booking of bookings) {
    if (booking.status === 'cancelled') continue;
    const day = dateIn(booking.startTime, timeZone);
    if (!inRange(day, window)) continue;
    stats.total += 1;
    if (Date.parse(booking.startTime) > now) stats.upcoming += 1;
    if (day === today) stats.today += 1;
    if (inRange(day, week)) stats.thisWeek += 1;
  }
  return stats;
}
