import { zoneDayInterval } from '#shared/availability/wall-clock';
import { MAX_BLOCKED_MINUTES, MAX_BUFFER_MINUTES } from '#shared/constants';
import { DAY_MS, MINUTE_MS } from '#shared/time';

/**
 * Pure rules of writing a booking: reading the guest's times, the time a booking blocks, and which per-day
 * version items a booking's write must check and bump so that overlapping bookings can never both commit.
 */

/** "2026-03-09T09:00:00-04:00", "…:00.000Z": a date and time with seconds optional and a UTC offset required. */
const OFFSET_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant an ISO 8601 date-time with a UTC offset names; null when malformed, offset-less or not a real time. */
export function parseOffsetDateTime(text: string): number | null {
  const match = OFFSET_DATE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || (s ?? 0) > 59) return null;
  const check = new Date(Date.UTC(y!, mo! - 1, d!));
  if (check.getUTCMonth() !== mo! - 1) return null; // e.g. 2026-02-30
  const instant = Date.parse(text);
  return Number.isNaN(instant) ? null : instant;
}

export interface Interval {
  start: number;
  end: number;
}

/** The time a booking keeps the host from other bookings: the meeting widened by its event's buffers. */
export function blockedInterval(start: number, end: number, bufferBefore: number, bufferAfter: number): Interval {
  return { start: start - bufferBefore * MINUTE_MS, end: end + bufferAfter * MINUTE_MS };
}

/** The UTC calendar date of an instant, 'yyyy-MM-dd'. Booking items and day versions are keyed by it. */
export function utcDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** Every UTC date that [start, end) touches. */
export function utcDaysOf(interval: Interval): string[] {
  return daysBetween(utcDay(interval.start), utcDay(Math.max(interval.start, interval.end - 1)));
}

/** The host's day (in the event's zone) that an instant falls on, as [start, end) instants. */
export function zoneDayOf(instant: number, timeZone: string): Interval {
  return zoneDayInterval(timeZone, instant);
}

/**
 * The day versions a new booking must bump. Two bookings whose blocked intervals overlap share an instant, so they
 * share the UTC day of that instant: both transactions check and bump its version, and only one can commit.
 * With a daily limit, the whole host day of the start is locked too, so that bookings racing for the last places
 * of one day always meet on a common version.
 */
export function lockDays(blocked: Interval, hostDay: Interval | null): string[] {
  const days = new Set(utcDaysOf(blocked));
  if (hostDay) for (const day of utcDaysOf(hostDay)) days.add(day);
  return [...days].sort();
}

/**
 * The UTC dates whose bookings a check must read. Bookings are stored by the date of their start, and one that
 * overlaps the blocked interval starts either up to the longest possible block before it, or before its end plus
 * that booking's own buffer before (which reaches back). The daily limit needs the whole host day.
 */
export function readWindow(blocked: Interval, hostDay: Interval | null): { fromDay: string; toDay: string } {
  const from = Math.min(blocked.start - MAX_BLOCKED_MINUTES * MINUTE_MS, hostDay?.start ?? Infinity);
  const lastOverlappingStart = blocked.end + MAX_BUFFER_MINUTES * MINUTE_MS - 1;
  const to = Math.max(lastOverlappingStart, hostDay ? hostDay.end - 1 : -Infinity);
  return { fromDay: utcDay(from), toDay: utcDay(to) };
}

/** Every UTC date from fromDay to toDay, both included. */
export function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${fromDay}T00:00:00Z`); t <= Date.parse(`${toDay}T00:00:00Z`); t += DAY_MS)
    days.push(utcDay(t));
  return days;
}

/**
 * The UTC dates of bookings that can affect slots shown for a span of guest dates: three days of margin on each
 * side cover the guest's and the host's offsets (up to ±14 h each), a whole host day for the daily limit, and
 * the longest block.
 */
export function readWindowForDates(firstDate: string, lastDate: string): { fromDay: string; toDay: string } {
  return {
    fromDay: utcDay(Date.parse(`${firstDate}T00:00:00Z`) - 3 * DAY_MS),
    toDay: utcDay(Date.parse(`${lastDate}T00:00:00Z`) + 3 * DAY_MS),
  };
}
