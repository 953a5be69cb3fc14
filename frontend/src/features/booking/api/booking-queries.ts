import {
  keepPreviousData,
  notifyManager,
  useQuery,
  useQueryClient,
  type QueryCache,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

import type { PublicEvent } from '#shared/api/schemas/events';
import { bookingApi } from '#frontend/features/booking/api/booking-api.ts';
import {
  availableDatesKey,
  EventLoadError,
  fetchAvailableDates,
  fetchPublicEvent,
  fetchTimeSlots,
  publicEventKey,
  SLOT_CACHE_MS,
  timeSlotsKey,
} from '#frontend/features/booking/api/early-fetch.ts';

/** Booking-page queries (the public routes in docs/api.md), on the shared query client's defaults. */

export { EventLoadError, type DaySlots } from '#frontend/features/booking/api/early-fetch.ts';

/** Whether an availability answer about the event, in the cache, said it is gone (EventLoadError's kind). */
function goneIn(cache: QueryCache, eventSlug: string): EventLoadError['kind'] | null {
  for (const query of cache.getAll()) {
    const [name, slug] = query.queryKey;
    const error = query.state.error;
    if ((name === 'availableDates' || name === 'timeSlots') && slug === eventSlug && error instanceof EventLoadError)
      return error.kind;
  }
  return null;
}

/**
 * The API stays authoritative over a published page's inlined event: the first availability answer (the month's
 * dates, either month, a day's slots, the first free day's prefetched ones too) that says the event is deactivated
 * (403 + isInactive) or unknown (404) ends the page in the same screens as the event's own answer would. A month's
 * dates may come from the server's few seconds of recent reads while a day's slots already know.
 */
export function useEventGone(eventSlug: string): EventLoadError['kind'] | null {
  const cache = useQueryClient().getQueryCache();
  // Told later, as React Query's own hooks are: the cache also changes while a component renders (a query built).
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(notifyManager.batchCalls(onChange)), [cache]);
  return useSyncExternalStore(
    subscribe,
    () => goneIn(cache, eventSlug),
    () => null,
  );
}

export function usePublicEvent(eventSlug: string | undefined) {
  const slug = eventSlug?.toLowerCase();
  return useQuery({
    queryKey: publicEventKey(slug),
    queryFn: ({ signal }) => fetchPublicEvent(slug!, signal),
    enabled: Boolean(slug),
  });
}

/**
 * Each navigation action bumps the refresh marker, which makes availability be fetched again. The cached answer
 * stays on screen while the refetch runs (the server's check at booking time guards a slot taken meanwhile); a
 * refetch already under way is joined, not restarted.
 */
function useRefetchOnMarker(query: UseQueryResult<unknown>, refresh: number, enabled: boolean) {
  const { refetch } = query;
  const seen = useRef(refresh);
  useEffect(() => {
    if (!enabled || refresh === seen.current) return;
    seen.current = refresh;
    void refetch({ cancelRefetch: false });
  }, [refresh, enabled, refetch]);
}

/**
 * The month's available dates in the guest's zone. Not `enabled` while a prerendered page draws the server's
 * markup (the server's zone and month, which the guest's browser does not ask for).
 */
export function useAvailableDates(
  eventSlug: string,
  year: number,
  month: number,
  timezone: string,
  refresh: number,
  enabled = true,
) {
  const query = useQuery({
    queryKey: availableDatesKey(eventSlug, year, month, timezone),
    queryFn: ({ signal }) => fetchAvailableDates({ year, month, eventId: eventSlug, timezone }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  useRefetchOnMarker(query, refresh, enabled);
  return query;
}

/**
 * The free slots of one date in the guest's zone, cached 60 s. Once the guest has navigated (refresh > 0)
 * the server is asked to bypass its own short caches too (forceRefresh=true).
 */
export function useTimeSlots(
  eventSlug: string,
  date: string | null,
  timezone: string,
  refresh: number,
  fallbackHostZone: string,
) {
  const forced = refresh > 0;
  const query = useQuery({
    queryKey: timeSlotsKey(eventSlug, date, timezone),
    queryFn: ({ signal }) =>
      fetchTimeSlots({ date: date!, eventId: eventSlug, timezone, forceRefresh: forced }, fallbackHostZone, signal),
    enabled: date !== null,
    staleTime: SLOT_CACHE_MS,
    // Keep the list while the same date refetches; a new date starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === date ? previous : undefined),
  });
  useRefetchOnMarker(query, refresh, date !== null);
  return query;
}

/** While step 1 shows, the calendar is synced and availability asked again every 30 s. */
export const CALENDAR_SYNC_INTERVAL_MS = 30_000;

/**
 * GET /api/calendar/sync: while step 1 shows, the host's calendar is synced at once and then every 30 s; the
 * result is only logged, then the month and day on screen are refetched. (After the first sync, only when it
 * removed bookings: the page has just loaded its availability.)
 */
export function useCalendarSync(event: Pick<PublicEvent, 'id' | 'userId' | 'slug'>, active: boolean) {
  const queryClient = useQueryClient();
  const { id, userId, slug } = event;
  useEffect(() => {
    if (!active || !id || !userId) return;
    const controller = new AbortController();
    const sync = async (periodic: boolean) => {
      let removed = 0;
      try {
        const result = await bookingApi('syncCalendar', { query: { eventId: slug }, signal: controller.signal });
        removed = result.removed;
        console.info('Calendar sync:', result.message, `(${result.removed} removed)`);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('Calendar sync failed', error);
      }
      if (controller.signal.aborted || (!periodic && removed === 0)) return;
      await Promise.all([
        queryClient.refetchQueries({ queryKey: ['availableDates', slug], type: 'active' }),
        queryClient.refetchQueries({ queryKey: ['timeSlots', slug], type: 'active' }),
      ]);
    };
    void sync(false);
    const timer = window.setInterval(() => void sync(true), CALENDAR_SYNC_INTERVAL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [active, id, userId, slug, queryClient]);
}
