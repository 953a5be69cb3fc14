import { Unauthorized } from '#functions/errors';
import type { Deps, Principal } from '#functions/ports';
import { loadBookableEvent, resolveEventRef } from './event-access.ts';

export interface CalendarSyncResult {
  message: string;
  removed: number;
}

/**
 * Brings a host's calendar up to date (booking-landing-auth-admin.md §7: the booking page calls it when step 1
 * shows and every 30 s; host-area.md §7).
 * Input: an event (id or slug) whose host to sync, else the signed-in host. Output: `{ message, removed }`.
 * Primary course: find the host (the event's: 404 unknown, 403 deactivated; or the caller's: 401 signed out);
 * a host without a connected calendar has nothing to sync (host-area.md §5's message); the built-in calendar is
 * the host's bookings themselves, so it is always current.
 */
export async function syncCalendar(
  deps: Pick<Deps, 'events' | 'hosts' | 'calendars'>,
  query: { eventId?: number | string },
  principal: Principal | null,
): Promise<CalendarSyncResult> {
  const hostId = await hostToSync(deps, query.eventId, principal);
  const host = await deps.hosts.get(hostId);
  const connection = host?.calendar;
  if (!host || !connection?.connected || !deps.calendars[connection.provider]) {
    return { message: 'Calendar not connected: Please connect your Google Calendar first', removed: 0 };
  }
  // The one provider so far is the built-in calendar: the host's bookings, current by construction.
  return { message: 'Calendar is up to date.', removed: 0 };
}

async function hostToSync(deps: Pick<Deps, 'events'>, eventRef: number | string | undefined, principal: Principal | null) {
  if (eventRef !== undefined) return (await loadBookableEvent(deps, await resolveEventRef(deps, eventRef))).event.userId;
  if (!principal) throw new Unauthorized('Authentication required.');
  return principal.userId;
}
