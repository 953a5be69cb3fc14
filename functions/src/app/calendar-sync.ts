import { utcDay } from '#functions/domain/booking';
import { CalendarDisconnected, Unauthorized } from '#functions/errors';
import type { BookingRecord, CalendarProvider, Deps, HostRecord, Principal } from '#functions/ports';
import { DEFAULT_CALENDAR_SETTINGS } from '#shared/constants';
import { loadBookableEvent, resolveEventRef } from './event-access.ts';

export interface CalendarSyncResult {
  message: string;
  removed: number;
}

export const NOT_CONNECTED = 'Calendar not connected: Please connect your Google Calendar first';
/** The booking page asks on every view and every 30 s: one sync per host per minute is enough. */
const PUBLIC_SYNC_INTERVAL_MS = 60_000;
/** A booking's event is written just after the booking: younger bookings are not judged by a missing event. */
const SETTLING_MS = 2 * 60_000;
const SYNC_AHEAD_DAYS = 400;

type SyncDeps = Pick<Deps, 'events' | 'hosts' | 'bookings' | 'calendars' | 'clock' | 'logger' | 'recentReads'>;

/**
 * GET /api/calendar/sync (booking-landing-auth-admin.md §7: the booking page calls it when step 1 shows and every
 * 30 s; host-area.md §7 "Sync Now").
 * Input: an event (id or slug) whose host to sync, else the signed-in host. Output: `{ message, removed }`.
 * Primary course: find the host (the event's: 404 unknown, 403 deactivated; or the caller's: 401 signed out);
 * without a connected calendar, host-area.md §5's message; the booking page's calls sync a host at most once a
 * minute; then syncHost.
 */
export async function syncCalendar(deps: SyncDeps, query: { eventId?: number | string }, principal: Principal | null): Promise<CalendarSyncResult> {
  const hostId = await hostToSync(deps, query.eventId, principal);
  const host = await deps.hosts.get(hostId);
  const provider = host?.calendar?.connected ? deps.calendars[host.calendar.provider] : undefined;
  if (!host || !provider) return { message: NOT_CONNECTED, removed: 0 };
  if (query.eventId !== undefined) {
    const now = deps.clock.now().getTime();
    const claimed = await deps.hosts.claimSync(host.id, new Date(now).toISOString(), new Date(now - PUBLIC_SYNC_INTERVAL_MS).toISOString());
    if (!claimed) return { message: 'Calendar is up to date.', removed: 0 };
  }
  try {
    const removed = await syncHost(deps, host, provider);
    return { message: removed ? `Calendar synchronized: ${removed} bookings removed.` : 'Calendar is up to date.', removed };
  } catch (error) {
    if (error instanceof CalendarDisconnected) return { message: NOT_CONNECTED, removed: 0 };
    throw error;
  }
}

async function hostToSync(deps: Pick<Deps, 'events'>, eventRef: number | string | undefined, principal: Principal | null) {
  if (eventRef !== undefined) return (await loadBookableEvent(deps, await resolveEventRef(deps, eventRef))).event.userId;
  if (!principal) throw new Unauthorized('Authentication required.');
  return principal.userId;
}

/**
 * Brings one host's calendar and bookings into line; answers how many bookings were cancelled.
 * For a calendar with events of its own (Google), every upcoming booking's event is looked at (one listing):
 * - its event was deleted by the host (cancelled, or gone for a booking whose event had been made): the booking is
 *   cancelled, which frees its time;
 * - its event could not be made when booked (calendarPending 'create'): made now, if the switch still says so;
 * - a cancelled booking whose event could not be removed (calendarPending 'delete'): removed now.
 * Then the cached free/busy times are dropped and lastSynced recorded. The built-in calendar is the bookings
 * themselves: only lastSynced changes.
 */
export async function syncHost(deps: SyncDeps, host: HostRecord, provider: CalendarProvider): Promise<number> {
  const now = deps.clock.now().getTime();
  let removed = 0;
  if (provider.bookingEvents) {
    const settings = { ...DEFAULT_CALENDAR_SETTINGS, ...host.calendarSettings };
    const { bookings } = await deps.bookings.read(host.id, utcDay(now - 86_400_000), utcDay(now + SYNC_AHEAD_DAYS * 86_400_000));
    const upcoming = bookings.filter(
      (booking) => booking.calendarProvider === host.calendar?.provider && booking.calendarEventId && Date.parse(booking.end) > now,
    );
    const events = upcoming.length ? await provider.bookingEvents(host, now) : new Map<string, 'confirmed' | 'cancelled'>();
    for (const booking of upcoming) {
      const status = events.get(booking.calendarEventId!);
      if (booking.status === 'cancelled') {
        if (booking.calendarPending === 'delete') await retryDelete(deps, host, provider, booking, status, settings.deleteOnCancel);
        continue;
      }
      if (booking.calendarPending === 'create') {
        if (status === undefined && settings.addToCalendar) await retryCreate(deps, host, provider, booking);
        else await deps.bookings.setCalendarPending(booking, null);
        continue;
      }
      const deletedByHost = status === 'cancelled' || (status === undefined && now - Date.parse(booking.createdAt) > SETTLING_MS);
      if (deletedByHost) {
        await deps.bookings.cancel(booking);
        removed++;
      }
    }
  }
  // The availability views read the calendar afresh after a sync (host-area.md §7: the caches refresh).
  provider.forget(host.id);
  deps.recentReads.clear();
  await deps.hosts.recordSync(host.id, new Date(now).toISOString());
  return removed;
}

async function retryCreate(deps: Pick<Deps, 'events' | 'bookings' | 'logger'>, host: HostRecord, provider: CalendarProvider, booking: BookingRecord) {
  const found = await deps.events.findById(booking.eventId);
  if (!found) return deps.bookings.setCalendarPending(booking, null);
  try {
    await provider.createEvent(host, booking, found.event);
    await deps.bookings.setCalendarPending(booking, null);
  } catch (error) {
    if (error instanceof CalendarDisconnected) throw error;
    deps.logger.error('Calendar event still not created', { bookingId: booking.id, error: String(error) });
  }
}

async function retryDelete(
  deps: Pick<Deps, 'bookings' | 'logger'>,
  host: HostRecord,
  provider: CalendarProvider,
  booking: BookingRecord,
  status: 'confirmed' | 'cancelled' | undefined,
  deleteOnCancel: boolean,
) {
  try {
    if (status === 'confirmed' && deleteOnCancel) await provider.deleteEvent(host, booking);
    await deps.bookings.setCalendarPending(booking, null);
  } catch (error) {
    if (error instanceof CalendarDisconnected) throw error;
    deps.logger.error('Calendar event of a cancelled booking still not removed', { bookingId: booking.id, error: String(error) });
  }
}

/**
 * The scheduled job (every 15 minutes): syncs every host with Google Calendar connected, one after another; one
 * host's failure is logged and does not stop the others. Output: how many hosts were synced, failed, and bookings
 * removed.
 */
export async function syncAllCalendars(deps: SyncDeps): Promise<{ synced: number; failed: number; removed: number }> {
  const result = { synced: 0, failed: 0, removed: 0 };
  for (const hostId of await deps.hosts.listGoogleConnectedHosts()) {
    const host = await deps.hosts.get(hostId);
    const provider = host?.calendar?.connected ? deps.calendars[host.calendar.provider] : undefined;
    if (!host || !provider) continue;
    try {
      result.removed += await syncHost(deps, host, provider);
      result.synced++;
    } catch (error) {
      result.failed++;
      deps.logger.error('Scheduled calendar sync failed for a host', { hostId, error: String(error) });
    }
  }
  deps.logger.info('Scheduled calendar sync', result);
  return result;
}
