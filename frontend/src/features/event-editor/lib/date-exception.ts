/**
 * The date exception dialog's rule for its times, matched to what the
 * availability engine honours (shared/availability/engine.ts `overrideHoursByDay`): an available exception
 * with BOTH a start and an end replaces the weekday's hours; with neither it keeps the weekday's regular hours (none
 * when that weekday is off). One time without the other would be ignored by the engine, so it is refused here.
 */

export const START_TIME_MISSING = 'Choose a start time too, or leave both times blank for the regular hours.';
export const END_TIME_MISSING = 'Choose an end time too, or leave both times blank for the regular hours.';
export const REGULAR_HOURS_HINT =
  "Leave both times blank to keep this weekday's regular hours (if you are off on that weekday, the date stays unavailable).";

export interface DateExceptionTimeErrors {
  startTime?: string;
  endTime?: string;
}

/** Why the chosen times cannot be saved (the message goes next to the blank one), or null when they can. */
export function dateExceptionTimesProblem(
  available: boolean,
  startTime: string,
  endTime: string,
): DateExceptionTimeErrors | null {
  if (!available) return null;
  const hasStart = startTime.trim() !== '';
  const hasEnd = endTime.trim() !== '';
  if (hasStart && !hasEnd) return { endTime: END_TIME_MISSING };
  if (hasEnd && !hasStart) return { startTime: START_TIME_MISSING };
  return null;
}
