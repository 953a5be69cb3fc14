/** Lengths of time in milliseconds: the one definition front end, functions and tests use. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/** 24 hours: a UTC calendar day (a wall-clock day in a zone with DST may be 23 or 25 hours). */
export const DAY_MS = 24 * HOUR_MS;
export const MINUTES_PER_DAY = 24 * 60;
