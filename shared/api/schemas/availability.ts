import * as z from 'zod/mini';

import { calendarDateOrTimestamp } from '#shared/api/schemas/common';
import { loadEnglishMessages } from '#shared/api/zod-english';

loadEnglishMessages();

const POSITIVE_ID = 'eventId must be a positive whole number.';
const EVENT_REF = 'eventId must be an event id or an event slug.';

/** An event id in a query string or body: a positive whole number. */
export const eventIdValue = z.pipe(
  z.pipe(
    z.union([z.number(), z.string()], { error: 'eventId is required.' }),
    z.transform((value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value)),
  ),
  z.number({ error: POSITIVE_ID }).check(z.int(POSITIVE_ID), z.positive(POSITIVE_ID)),
);

/**
 * The event of an availability query: its id, or its slug (as GET /api/events/{id} accepts either). With the slug
 * the booking page asks for the month's dates in parallel with the event instead of after it.
 */
export const eventRefValue = z.pipe(
  z.pipe(
    z.union([z.number(), z.string()], { error: 'eventId is required.' }),
    z.transform((value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value)),
  ),
  z.union(
    [
      z.number().check(z.int(POSITIVE_ID), z.positive(POSITIVE_ID)),
      z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, EVENT_REF)),
    ],
    { error: EVENT_REF },
  ),
);

/** An IANA zone name; whether the zone exists is checked by the server (400 "Unknown time zone: …"). */
export const timeZoneValue = z
  .string()
  .check(z.minLength(1, 'Time zone is required.'), z.maxLength(64, 'Unknown time zone.'));

/** GET /api/available-dates (getAvailableDates in docs/api.md). Unknown query parameters are ignored. */
export const availableDatesQuery = z.object({
  year: z.coerce
    .number({ error: 'Year must be a number.' })
    .check(
      z.int('Year must be a whole number.'),
      z.gte(2000, 'Year must be between 2000 and 2100.'),
      z.lte(2100, 'Year must be between 2000 and 2100.'),
    ),
  month: z.coerce
    .number({ error: 'Month must be a number from 1 to 12.' })
    .check(
      z.int('Month must be a number from 1 to 12.'),
      z.gte(1, 'Month must be a number from 1 to 12.'),
      z.lte(12, 'Month must be a number from 1 to 12.'),
    ),
  /** Optional (docs/api.md): without it, the service's default hours, as for time slots. */
  eventId: z.optional(eventRefValue),
  /** The guest's zone; dates are grouped in it. Default UTC (the spec's default until a zone is known). */
  timezone: z.optional(timeZoneValue),
});

export const availableDatesResponse = z.object({
  availableDates: z.array(z.object({ date: z.string(), hasTimeSlots: z.boolean() })),
});

/** GET /api/time-slots (getTimeSlots in docs/api.md). */
export const timeSlotsQuery = z.object({
  /** yyyy-MM-dd; the host's hourly debug view sends an ISO string, whose calendar date is taken as written. */
  date: calendarDateOrTimestamp({ required: 'date is required.' }),
  /** Optional (docs/api.md): without it, the service's default hours (the /hourly-debug view). */
  eventId: z.optional(eventRefValue),
  timezone: z.optional(timeZoneValue),
  forceRefresh: z.optional(z.enum(['true', 'false'], { error: 'forceRefresh must be true or false.' })),
  /** The /hourly-debug view: also the working-hours slots a rule takes away (past, notice, window, booked), as unavailable. */
  includeUnavailable: z.optional(z.enum(['true', 'false'], { error: 'includeUnavailable must be true or false.' })),
});

export const timeSlotsResponse = z.object({
  timeSlots: z.array(z.object({ start: z.string(), end: z.string(), available: z.boolean() })),
  /** The host's (event's) zone. */
  timezone: z.string(),
  eventSettings: z.object({ duration: z.number(), timezone: z.string() }),
});
