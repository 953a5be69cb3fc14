import * as z from 'zod/mini';

import { eventRefValue } from '#shared/api/schemas/availability';
import { loadEnglishMessages } from '#shared/api/zod-english';

loadEnglishMessages();

/**
 * GET /api/calendar/sync (syncCalendar in docs/api.md). A signed-in host syncs their own
 * calendar; the public booking page, whose guest has no session, names the event (id or slug) whose host's
 * calendar it needs fresh. Unknown query parameters are ignored.
 */
export const calendarSyncQuery = z.object({
  eventId: z.optional(eventRefValue),
});

export const calendarSyncResponse = z.object({
  message: z.string(),
  /** Bookings cancelled because their calendar event was deleted by the host. */
  removed: z.number().check(z.int(), z.nonnegative()),
});

/** The calendar settings: what happens in the connected calendar (all default on). */
export const calendarSettingsSchema = z.strictObject({
  addToCalendar: z.boolean(),
  updateOnReschedule: z.boolean(),
  deleteOnCancel: z.boolean(),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;

export const calendarProviderSchema = z.enum(['google', 'builtin']);

/**
 * GET /api/user/calendar/connect. `provider` (beyond the spec) picks the built-in calendar even when Google is
 * configured; without it Google is used when configured, else the built-in calendar.
 */
export const calendarConnectQuery = z.object({
  provider: z.optional(calendarProviderSchema),
});

/**
 * POST /api/user/calendar/connect (beyond the spec): connects the built-in calendar. A state change, so never on a
 * GET (issue 13, item 9); no body is the same as `{ provider: 'builtin' }`.
 */
export const builtinConnectBody = z.strictObject({ provider: z.optional(z.literal('builtin')) });

/** Google: the authorization window's address. Built-in: null, the calendar is connected already. */
export const calendarConnectResponse = z.object({
  authUrl: z.nullable(z.string()),
  provider: calendarProviderSchema,
});

/** GET/POST/DELETE /api/user/calendar/feed: the private ICS feed address of the built-in calendar, or null. */
export const calendarFeedResponse = z.object({
  feedUrl: z.nullable(z.string()),
});

/** GET /api/calendar/feed/{token}: the feed's secret token (base64url). */
export const calendarFeedParams = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'Unknown calendar feed.')),
});

/** The ICS document itself (text/calendar). */
export const calendarFeedDocument = z.string();
