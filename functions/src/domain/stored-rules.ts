import { isCalendarDate } from '#shared/api/schemas/common';
import type { AvailabilityRange } from '#shared/availability/engine';
import type { DateOverrideRecord } from '#functions/domain/records';

/**
 * Stored rules an older version (or a hand edit) may have written malformed: a date exception on 2027-02-29, a
 * time of 25:99, a weekday 9. A guest's request must never fail on them (issue 13, item 2): the availability
 * engine only ever sees the well-formed ones, and a malformed one counts as absent.
 */

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

const isTime = (value: unknown): value is string => typeof value === 'string' && HHMM.test(value);

export function isUsableRange(range: AvailabilityRange): boolean {
  return (
    Number.isInteger(range.dayOfWeek) &&
    range.dayOfWeek >= 0 &&
    range.dayOfWeek <= 6 &&
    typeof range.active === 'boolean' &&
    (!range.active || (isTime(range.startTime) && isTime(range.endTime) && range.startTime < range.endTime))
  );
}

export function isUsableOverride(override: DateOverrideRecord): boolean {
  if (typeof override.date !== 'string' || !isCalendarDate(override.date) || typeof override.available !== 'boolean')
    return false;
  const { startTime, endTime } = override;
  if (startTime !== null && startTime !== undefined && !isTime(startTime)) return false;
  if (endTime !== null && endTime !== undefined && !isTime(endTime)) return false;
  return !startTime || !endTime || startTime < endTime;
}

/** The event's weekly hours and date exceptions with every malformed one left out, and how many were. */
export function usableRules<E extends { availabilityRanges: AvailabilityRange[] }>(
  event: E,
  overrides: DateOverrideRecord[],
): { event: E; overrides: DateOverrideRecord[]; dropped: number } {
  const ranges = Array.isArray(event.availabilityRanges) ? event.availabilityRanges.filter(isUsableRange) : [];
  const kept = overrides.filter(isUsableOverride);
  const dropped = (event.availabilityRanges?.length ?? 0) - ranges.length + overrides.length - kept.length;
  return { event: dropped ? { ...event, availabilityRanges: ranges } : event, overrides: kept, dropped };
}
