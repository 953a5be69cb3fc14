import * as z from 'zod/mini';

import { loadEnglishMessages } from '#shared/api/zod-english';
import { LOCATION_TYPE_VALUES } from '#shared/locations';
import { DAY_MS } from '#shared/time';

loadEnglishMessages();

/** `{ message }`: the answer of writes whose response the spec reduces to a sentence. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The JSON error body every failing call returns (docs/api.md lists it under each route). */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.optional(z.string()),
  details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

const LINE_BREAK = /[\r\n]/;

/**
 * A single-line text field: refuses CR and LF (they would let a value inject mail headers) before
 * trimming, so a line break anywhere is an error rather than silently cut off.
 */
export const singleLine = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .check(
      z.refine((value) => !LINE_BREAK.test(value), { message: `${label} must not contain line breaks.`, abort: true }),
    );

/** A valid e-mail address on one line, trimmed. */
export const emailAddress = (message: string, max = 254) =>
  z.pipe(
    z.pipe(
      singleLine('Email'),
      z.transform((value) => value.trim()),
    ),
    z.email({ message }).check(z.maxLength(max, `Email must be at most ${max} characters.`)),
  );

/** Single-line text, trimmed, between `min` and `max` characters, with the messages "{Label} must be at least/most N characters." */
export const singleLineText = (label: string, min: number, max: number) =>
  z.pipe(
    z.pipe(
      singleLine(label),
      z.transform((value) => visibleText(value)),
    ),
    z
      .string()
      .check(
        z.minLength(min, `${label} must be at least ${min} characters.`),
        z.maxLength(max, `${label} must be at most ${max} characters.`),
      ),
  );

/** Calendar dates the service handles: the years 2000 to 2100 (issue 13: a date beyond them never reaches a rule). */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;
export const CALENDAR_DATE_MESSAGE = `Date must be a real calendar date (yyyy-MM-dd) between ${FIRST_YEAR} and ${LAST_YEAR}.`;

/** Whether `text` is yyyy-MM-dd naming a day that exists (no 2027-02-29, no 2026-13-01) in 2000–2100. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * THE calendar-date field of every route that takes a date (date exceptions, time slots, admin ranges): yyyy-MM-dd,
 * a real day, 2000–2100. `required` is the message when it is missing.
 */
export const calendarDate = (options: { required?: string } = {}) =>
  z
    .string({ error: options.required ?? 'Date is required.' })
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date must be in the format yyyy-MM-dd.', abort: true }),
      z.refine(isCalendarDate, CALENDAR_DATE_MESSAGE),
    );

const DATE_OR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The calendar date of a field the spec's clients send as an ISO string (date exceptions, the hourly debug view's
 * time slots): yyyy-MM-dd, or an ISO timestamp whose calendar date is taken as written; then as `calendarDate`.
 * `malformed` is the message for text that is neither.
 */
export const calendarDateOrTimestamp = (options: { required?: string; malformed?: string } = {}) =>
  z.pipe(
    z.pipe(
      z.string({ error: options.required ?? 'Date is required.' }).check(
        z.regex(DATE_OR_TIMESTAMP, {
          message: options.malformed ?? 'Date must be in the format yyyy-MM-dd.',
          abort: true,
        }),
      ),
      z.transform((value) => value.slice(0, 10)),
    ),
    calendarDate(),
  );

/** Days from `start` to `end` (calendar dates), counted as the difference of their UTC midnights. */
export const daysBetweenDates = (start: string, end: string): number =>
  (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS;

/** A `start`..`end` range of calendar dates (both included), at most `maxDays` long: the admin's bookings list. */
export const calendarDateRange = (maxDays: number) =>
  z.object({ start: calendarDate(), end: calendarDate() }).check(
    z.refine((range) => range.start <= range.end, { message: 'end must not be before start.', path: ['end'] }),
    z.refine((range) => daysBetweenDates(range.start, range.end) < maxDays, {
      message: `The range can be at most ${maxDays} days.`,
      path: ['end'],
    }),
  );

/**
 * Characters a person cannot see: C0 and C1 controls, zero-width spaces and joiners, word joiner, BOM, soft hyphen,
 * bidi marks, embeddings, overrides and isolates. `keepLines` keeps tab and line breaks (multi-line fields).
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what these remove
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const INVISIBLE_OR_LINES =
  // eslint-disable-next-line no-control-regex -- as above, with tab and line breaks
  /[\u0000-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** The text without invisible and control characters, trimmed: what a person sees of it. */
export const visibleText = (value: string, keepLines = false): string =>
  value.replace(keepLines ? INVISIBLE : INVISIBLE_OR_LINES, '').trim();

/**
 * A required text field (issue 13, item 5): invisible and control characters are removed and the value trimmed
 * before the minimum applies, so three zero-width spaces are as empty as nothing. Messages stay the field's own.
 */
export const requiredText = (options: {
  min: number;
  max: number;
  tooShort: string;
  tooLong: string;
  multiLine?: boolean;
}) =>
  z.pipe(
    z.pipe(
      z.string({ error: options.tooShort }),
      z.transform((value) => visibleText(value, options.multiLine)),
    ),
    z.string().check(z.minLength(options.min, options.tooShort), z.maxLength(options.max, options.tooLong)),
  );

/**
 * Where a meeting takes place (issue 30, shared/locations.ts `MeetingPlace`): the kind in words, one line a person can
 * act on, and the link to join an online meeting (null when there is none, or none yet).
 */
export const meetingPlaceSchema = z.object({
  type: z.enum(LOCATION_TYPE_VALUES),
  label: z.string(),
  text: z.string(),
  url: z.nullable(z.string()),
  /** A phone call's number: the host's (the guest calls) or the guest's (the host calls, once booked). */
  phone: z.nullable(z.string()),
  online: z.boolean(),
});
