import * as z from 'zod';
import { eventRefValue } from './availability.ts';

/**
 * GET /api/calendar/sync (booking-landing-auth-admin.md §7, host-area.md §7). A signed-in host syncs their own
 * calendar; the public booking page, whose guest has no session, names the event (id or slug) whose host's
 * calendar it needs fresh. Unknown query parameters are ignored.
 */
export const calendarSyncQuery = z.object({
  eventId: eventRefValue.optional(),
});

export const calendarSyncResponse = z.object({
  message: z.string(),
  /** Bookings cancelled because their calendar event was deleted by the host. */
  removed: z.number().int().nonnegative(),
});
