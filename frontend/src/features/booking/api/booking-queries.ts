import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { availableDatesKey, fetchAvailableDates, fetchPublicEvent, fetchTimeSlots, publicEventKey } from './early-fetch.ts';

/** Booking-page queries (booking-landing-auth-admin.md §7), on the shared query client's §9 defaults. */

export { EventLoadError, type DaySlots, type TimeSlot } from './early-fetch.ts';

export function usePublicEvent(eventSlug: string | undefined) {
  return useQuery({
    queryKey: publicEventKey(eventSlug),
    queryFn: ({ signal }) => fetchPublicEvent(eventSlug!, signal),
    enabled: Boolean(eventSlug),
  });
}

/** The month's available dates in the guest's zone; `refresh` (the §4 marker) is part of the key. */
export function useAvailableDates(eventId: number | undefined, year: number, month: number, timezone: string, refresh: number) {
  return useQuery({
    queryKey: availableDatesKey(eventId, year, month, timezone, refresh),
    queryFn: ({ signal }) => fetchAvailableDates({ year, month, eventId: eventId!, timezone }, signal),
    enabled: eventId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * The free slots of one date in the guest's zone, cached 60 s (§9). After a navigation (refresh > 0) the server
 * is asked to bypass its caches (forceRefresh=true).
 */
export function useTimeSlots(
  eventId: number | undefined,
  date: string | null,
  timezone: string,
  refresh: number,
  fallbackHostZone: string,
) {
  return useQuery({
    queryKey: ['timeSlots', eventId, date, timezone, refresh],
    queryFn: ({ signal }) =>
      fetchTimeSlots({ date: date!, eventId: eventId!, timezone, forceRefresh: refresh > 0 }, fallbackHostZone, signal),
    enabled: eventId !== undefined && date !== null,
    staleTime: 60_000,
    // Keep the list while the same date refetches; a new date starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === date ? previous : undefined),
  });
}
