import * as z from 'zod';

import { calendarDateOrTimestamp } from '#shared/api/schemas/common';

const POSITIVE_ID = 'eventId must be a positive whole number.';
const EVENT_REF = 'eventId must be an event id or an event slug.';

/** An event id in a query string or body: a positive whole number. */
export const eventIdValue = z
  .union([z.number(), z.string()], { error: 'eventId is required.' })
  .transform((value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value))
  .pipe(z.number({ error: POSITIVE_ID }).int(POSITIVE_ID).positive(POSITIVE_ID));

/**
 * The event of an availability query: its id, or its slug (as GET /api/events/{id} accepts either). With the slug
 * the booking page asks for the month's dates in parallel with the event instead of after it.
 */
export const eventRefValue = z
  .union([z.number(), z.string()], { error: 'eventId is required.' })
  .transform((value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value))
  .pipe(
    z.union([z.number().int(POSITIVE_ID).positive(POSITIVE_ID), z.string().regex(/^[a-z0-9-]{1,60}$/, EVENT_REF)], {
      error: EVENT_REF,
    }),
  );

/** An IANA zone name; whether the zone exists is checked by the server (400 "Unknown time zone: …"). */
export const timeZoneValue = z.string().min(1, 'Time zone is required.').max(64, 'Unknown time zone.');

/** GET /api/available-dates (booking-landing-auth-admin.md §7). Unknown query parameters are ignored. */
export const availableDatesQuery = z.object({
  year: z.coerce
    .number({ error: 'Year must be a number.' })
    .int('Year must be a whole number.')
    .min(2000, 'Year must be between 2000 and 2100.')
    .max(2100, 'Year must be between 2000 and 2100.'),
  month: z.coerce
    .number({ error: 'Month must be a number from 1 to 12.' })
    .int('Month must be a number from 1 to 12.')
    .min(1, 'Month must be a number from 1 to 12.')
    .max(12, 'Month must be a number from 1 to 12.'),
  /** Optional (booking-landing-auth-admin.md §7): without it, the service's default hours, as for time slots. */
  eventId: eventRefValue.optional(),
  /** The guest's zone; dates are grouped in it. Default UTC (the spec's default until a zone is known). */
  timezone: timeZoneValue.optional(),
});

export const availableDatesResponse = z.object({
  availableDates: z.array(z.object({ date: z.string(), hasTimeSlots: z.boolean() })),
});

/** GET /api/time-slots (booking-landing-auth-admin.md §7). */
export const timeSlotsQuery = z.object({
  /** yyyy-MM-dd; host-area.md §7's hourly debug view sends an ISO string, whose calendar date is taken as written. */
  date: calendarDateOrTimestamp({ required: 'date is required.' }),
  /** Optional (booking-landing-auth-admin.md §7): without it, the service's default hours (the /hourly-debug view). */
  eventId: eventRefValue.optional(),
  timezone: timeZoneValue.optional(),
  forceRefresh: z.enum(['true', 'false'], { error: 'forceRefresh must be true or false.' }).optional(),
  /** The /hourly-debug view: also the working-hours slots a rule takes away (past, notice, window, booked), as unavailable. */
  includeUnavailable: z.enum(['true', 'false'], { error: 'includeUnavailable must be true or false.' }).optional(),
});

export const timeSlotsResponse = z.object({
  timeSlots: z.array(z.object({ start: z.string(), end: z.string(), available: z.boolean() })),
  /** The host's (event's) zone. */
  timezone: z.string(),
  eventSettings: z.object({ duration: z.number(), timezone: z.string() }),
});
