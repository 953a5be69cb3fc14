import { DAY_MS } from '#shared/time';
import { loadBookableEvent, resolveEventRef, type EventAccessDeps } from '#functions/app/common/event-access';
import { utcDay } from '#functions/domain/booking';
import { calendarSettingsOf, connectedCalendar, inConnectedCalendar } from '#functions/domain/calendar';
import type { BookingRecord, CalendarProviderName, EventRecord, HostRecord } from '#functions/domain/records';
import {
  AppError,
  BookingChanged,
  CalendarDisconnected,
  Conflict,
  ServiceUnavailable,
  Unauthorized,
} from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';
import type { CalendarProvider, RecentReads } from '#functions/ports/calendar';
import type { Clock, Logger, Principal } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';

export interface CalendarSyncResult {
  message: string;
  removed: number;
}

export const NOT_CONNECTED = 'Calendar not connected: Please connect your Google Calendar first';
export const SYNC_UNREACHABLE = "We couldn't reach your calendar just now. Please try again in a moment.";
/** The booking page asks on every view and every 30 s: one sync per host per minute is enough. */
const PUBLIC_SYNC_INTERVAL_MS = 60_000;
const SYNC_AHEAD_DAYS = 400;

/** What syncing needs: the event naming the host, the host, their bookings and calendar, the log, recent reads. */
export type CalendarSyncDeps = EventAccessDeps & {
  hosts: HostRepository;
  bookings: BookingLedger;
  calendars: Partial<Record<CalendarProviderName, CalendarProvider>>;
  clock: Clock;
  logger: Logger;
  recentReads: RecentReads;
};

/**
 * GET /api/calendar/sync (syncCalendar in docs/api.md): the booking page calls it when step 1 shows and every
 * 30 s; a host's "Sync Now" calls it too.
 * Input: an event (id or slug) whose host to sync, else the signed-in host. Output: `{ message, removed }`.
 * Primary course: find the host (the event's: 404 unknown, 403 deactivated; or the caller's: 401 signed out);
 * without a connected calendar, a message saying so (an answer for the booking page, a 409 for the host);
 * the booking page's calls sync a host at most once a minute; then syncHost. A calendar that cannot be reached:
 * 503 with the reason.
 */
export async function syncCalendar(
  deps: CalendarSyncDeps,
  query: { eventId?: number | string },
  principal: Principal | null,
): Promise<CalendarSyncResult> {
  const forBookingPage = query.eventId !== undefined;
  const hostId = await hostToSync(deps, query.eventId, principal);
  const host = await deps.hosts.get(hostId);
  const provider = connectedCalendar(deps.calendars, host);
  // The booking page only logs the answer; the host's own "Sync Now" shows it as an error.
  const notConnected = () => {
    if (forBookingPage) return { message: NOT_CONNECTED, removed: 0 };
    throw new Conflict(NOT_CONNECTED);
  };
  if (!host || !provider) return notConnected();
  if (forBookingPage) {
    const now = deps.clock.now().getTime();
    const claimed = await deps.hosts.claimSync(
      host.id,
      new Date(now).toISOString(),
      new Date(now - PUBLIC_SYNC_INTERVAL_MS).toISOString(),
    );
    if (!claimed) return { message: 'Calendar is up to date.', removed: 0 };
  }
  try {
    const removed = await syncHost(deps, host, provider);
    return {
      message: removed ? `Calendar synchronized: ${removed} bookings removed.` : 'Calendar is up to date.',
      removed,
    };
  } catch (error) {
    if (error instanceof CalendarDisconnected) return notConnected();
    if (error instanceof AppError) throw error;
    deps.logger.error('Calendar sync failed', { hostId: host.id, error: String(error) });
    throw new ServiceUnavailable(SYNC_UNREACHABLE);
  }
}

async function hostToSync(deps: EventAccessDeps, eventRef: number | string | undefined, principal: Principal | null) {
  if (eventRef !== undefined)
    return (await loadBookableEvent(deps, await resolveEventRef(deps, eventRef))).event.userId;
  if (!principal) throw new Unauthorized('Authentication required.');
  return principal.userId;
}

/**
 * Brings one host's calendar and bookings into line; answers how many bookings were cancelled.
 * For a calendar with events of its own (Google), the upcoming bookings made in the calendar connected now (the
 * same account and calendar; a previous account's events cannot be seen, so its bookings are left alone) are
 * matched with their events (one listing, deleted events included):
 * - the host deleted the event (Google keeps it, cancelled): the booking is cancelled, which frees its time;
 * - the event is not there (its insert failed, or never ran): it is made now, if "Add bookings" is still on;
 * - a cancelled booking whose event removal failed (calendarPending 'delete'): removed now, if the switch is on.
 * Then the cached free/busy times and availability reads are dropped and lastSynced recorded. The built-in
 * calendar is the bookings themselves: only lastSynced changes.
 */
export async function syncHost(deps: CalendarSyncDeps, host: HostRecord, provider: CalendarProvider): Promise<number> {
  const now = deps.clock.now().getTime();
  let removed = 0;
  if (provider.bookingEvents) {
    const settings = calendarSettingsOf(host);
    const { bookings } = await deps.bookings.read(
      host.id,
      utcDay(now - DAY_MS),
      utcDay(now + SYNC_AHEAD_DAYS * DAY_MS),
    );
    const upcoming = bookings.filter(
      (booking) => inConnectedCalendar(host.calendar, booking) && Date.parse(booking.end) > now,
    );
    const events = upcoming.length
      ? await provider.bookingEvents(host, now)
      : new Map<string, 'confirmed' | 'cancelled'>();
    const missing: BookingRecord[] = [];
    for (const booking of upcoming) {
      const status = events.get(booking.calendarEventId!);
      if (booking.status === 'cancelled') {
        if (booking.calendarPending === 'delete')
          await retryDelete(deps, host, provider, booking, status, settings.deleteOnCancel);
      } else if (status === 'cancelled') {
        // The host deleted the booking's event in their calendar: the booking is cancelled by the host, and the
        // guest is told (notices). A booking that changed since the read is judged again by the next sync.
        const cancellation = { by: 'host', reason: null, declined: false, at: new Date(now).toISOString() } as const;
        // A team member's copy (a hold): the booking's first host still has the event, which their sync removes.
        const held = booking.hostId !== host.id ? { calendarPending: 'delete' as const } : {};
        const cancelled = await deps.bookings.cancel(booking, { cancellation, ...held }).catch((error: unknown) => {
          if (error instanceof BookingChanged) return null;
          throw error;
        });
        if (cancelled) removed++;
      } else if (status === undefined && booking.status === 'confirmed' && settings.addToCalendar) {
        // A pending booking gets its event when the host confirms it.
        missing.push(booking);
      }
    }
    if (missing.length) await makeMissingEvents(deps, host, provider, missing);
  }
  // The availability views read the calendar afresh after a sync (the caches refresh).
  provider.forget(host.id);
  deps.recentReads.clear();
  await deps.hosts.recordSync(host.id, new Date(now).toISOString());
  return removed;
}

/** Makes the events a calendar lacks (the same ids: a concurrent insert of the booking itself cannot double them). */
async function makeMissingEvents(
  deps: CalendarSyncDeps,
  host: HostRecord,
  provider: CalendarProvider,
  bookings: BookingRecord[],
) {
  const eventTypes = new Map<number, EventRecord | null>();
  for (const booking of bookings) {
    if (!eventTypes.has(booking.eventId))
      eventTypes.set(booking.eventId, (await deps.events.findById(booking.eventId))?.event ?? null);
    const eventType = eventTypes.get(booking.eventId);
    if (!eventType) continue;
    try {
      await provider.createEvent(host, booking, eventType);
    } catch (error) {
      if (error instanceof CalendarDisconnected) throw error;
      deps.logger.error('Calendar event still not created', { bookingId: booking.id, error: String(error) });
    }
  }
}

async function retryDelete(
  deps: CalendarSyncDeps,
  host: HostRecord,
  provider: CalendarProvider,
  booking: BookingRecord,
  status: 'confirmed' | 'cancelled' | undefined,
  deleteOnCancel: boolean,
) {
  try {
    if (status === 'confirmed' && deleteOnCancel) await provider.deleteEvent(host, booking);
    await deps.bookings.clearCalendarPending(booking);
  } catch (error) {
    if (error instanceof CalendarDisconnected) throw error;
    deps.logger.error('Calendar event of a cancelled booking still not removed', {
      bookingId: booking.id,
      error: String(error),
    });
  }
}

/** The scheduled job runs hosts this many at a time, and starts none after this long (its Lambda has 5 minutes). */
const JOB_CONCURRENCY = 4;
const JOB_BUDGET_MS = 4 * 60_000;

/**
 * The scheduled job (every 15 minutes): syncs every host with Google Calendar connected, a few at a time and in a
 * random order (so that with more hosts than one run can take, none is always last); one host's failure is logged
 * and does not stop the others. Output: how many hosts were synced, failed, left for the next run, and bookings
 * removed.
 */
export async function syncAllCalendars(
  deps: CalendarSyncDeps,
): Promise<{ synced: number; failed: number; deferred: number; removed: number }> {
  const started = deps.clock.now().getTime();
  const hostIds = shuffled(await deps.hosts.listGoogleConnectedHosts());
  const result = { synced: 0, failed: 0, deferred: 0, removed: 0 };
  const next = async (): Promise<void> => {
    for (let hostId = hostIds.pop(); hostId !== undefined; hostId = hostIds.pop()) {
      if (deps.clock.now().getTime() - started > JOB_BUDGET_MS) {
        result.deferred += hostIds.length + 1;
        hostIds.length = 0;
        return;
      }
      const host = await deps.hosts.get(hostId);
      const provider = connectedCalendar(deps.calendars, host);
      if (!host || !provider) continue;
      try {
        // Awaited first: `result.removed += await …` would read the total before the wait and lose the other
        // workers' counts.
        const removed = await syncHost(deps, host, provider);
        result.removed += removed;
        result.synced++;
      } catch (error) {
        result.failed++;
        deps.logger.error('Scheduled calendar sync failed for a host', { hostId, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: JOB_CONCURRENCY }, next));
  deps.logger.info('Scheduled calendar sync', result);
  return result;
}

function shuffled<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}
