import type { PublicEvent } from '#shared/api/schemas/events';
import { bookingApi } from '#frontend/features/booking/api/booking-api.ts';
import { loadCustomCss } from '#frontend/features/booking/lib/custom-css.ts';
import { isApiError } from '#frontend/lib/api-core.ts';
import { detectTimeZone, todayIn, yearMonthOf } from '#frontend/lib/dates.ts';
import { queryClient } from '#frontend/lib/query-client.ts';
import type { TimeSlot } from '#frontend/lib/time-slot.ts';

/**
 * The booking page's calls, kept out of the page's chunk so they can start while that chunk still downloads
 * (issue 4: "available dates and the first day's slots requested in parallel with the event"). The availability
 * calls name the event by its slug, so none of them waits for the event's id.
 */

export type EventLoadFailure = 'inactive' | 'notFound' | 'failed';

export class EventLoadError extends Error {
  override readonly name = 'EventLoadError';
  constructor(readonly kind: EventLoadFailure) {
    super(kind);
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** An answer saying the event is deactivated (403 + isInactive), or unknown (404); null for any other failure. */
function eventGone(error: unknown): EventLoadError | null {
  if (!isApiError(error)) return null;
  const inactive = (error.body as { isInactive?: unknown } | undefined)?.isInactive === true;
  if (error.status === 403 && inactive) return new EventLoadError('inactive');
  if (error.status === 404) return new EventLoadError('notFound');
  return null;
}

/** GET /api/events/public/{slug}. 403 + isInactive: deactivated; other 4xx: not found; network failure or 5xx: load failure. */
export async function fetchPublicEvent(eventSlug: string, signal?: AbortSignal): Promise<PublicEvent> {
  try {
    const event = await bookingApi('getPublicEvent', { params: { eventSlug }, signal });
    await loadCustomCss(event.customCss); // the page draws its custom CSS with it
    return event;
  } catch (error) {
    if (isAbort(error) || !isApiError(error)) throw error;
    const gone = eventGone(error);
    if (gone) throw gone;
    if (error.status >= 400 && error.status < 500) throw new EventLoadError('notFound');
    throw new EventLoadError('failed');
  }
}

/**
 * 503: the host's calendar could not be checked. Not an empty day: the page says why and offers to try again,
 * rather than showing "no times" (or offering times that may be taken).
 */
const isCalendarUnreachable = (error: unknown) => isApiError(error) && error.status === 503;

/**
 * GET /api/available-dates: date → has a free slot. Failures yield an empty map (logged only), but for
 * an event that is gone (deactivated or deleted since its page was published: the API stays authoritative), an
 * EventLoadError the page shows as it shows the event call's.
 */
export async function fetchAvailableDates(
  query: { year: number; month: number; eventId: number | string; timezone: string },
  signal?: AbortSignal,
): Promise<Map<string, boolean>> {
  try {
    const { availableDates } = await bookingApi('getAvailableDates', { query, signal });
    return new Map(availableDates.map((entry) => [entry.date, entry.hasTimeSlots]));
  } catch (error) {
    if (isAbort(error) || isCalendarUnreachable(error)) throw error;
    const gone = eventGone(error);
    if (gone) throw gone;
    console.warn('Could not load available dates', error);
    return new Map();
  }
}

export interface DaySlots {
  slots: TimeSlot[];
  /** The host's zone as the server reports it. */
  hostTimeZone: string;
}

/**
 * GET /api/time-slots for one date in the guest's zone: the available slots sorted by start. A non-OK answer,
 * an unexpected format or a failure yields an empty list with the fallback zone; an event that is gone,
 * an EventLoadError (as fetchAvailableDates).
 */
export async function fetchTimeSlots(
  query: { date: string; eventId: number | string; timezone: string; forceRefresh: boolean },
  fallbackHostZone: string,
  signal?: AbortSignal,
): Promise<DaySlots> {
  const empty = { slots: [], hostTimeZone: fallbackHostZone || 'UTC' };
  try {
    const answer = await bookingApi('getTimeSlots', {
      query: {
        date: query.date,
        eventId: query.eventId,
        timezone: query.timezone,
        ...(query.forceRefresh ? { forceRefresh: 'true' } : {}),
      },
      signal,
    });
    if (!Array.isArray(answer?.timeSlots)) {
      console.warn('Unexpected time-slots answer', answer);
      return empty;
    }
    const slots = answer.timeSlots
      .filter((slot) => slot.available)
      .map((slot) => ({ start: slot.start, end: slot.end }))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    return { slots, hostTimeZone: answer.timezone || answer.eventSettings?.timezone || empty.hostTimeZone };
  } catch (error) {
    if (isAbort(error) || isCalendarUnreachable(error)) throw error;
    const gone = eventGone(error);
    if (gone) throw gone; // as for the dates
    console.warn('Could not load time slots', error);
    return empty;
  }
}

export const publicEventKey = (eventSlug: string | undefined) => ['publicEvent', eventSlug] as const;
/** Availability keys name the event by slug (the page and the early fetch share them). */
export const availableDatesKey = (eventSlug: string, year: number, month: number, timezone: string) =>
  ['availableDates', eventSlug, year, month, timezone] as const;
export const timeSlotsKey = (eventSlug: string, date: string | null, timezone: string) =>
  ['timeSlots', eventSlug, date, timezone] as const;

/** Slots stay cached this long (60 s); the page's refresh marker refetches sooner. */
export const SLOT_CACHE_MS = 60_000;

/**
 * Starts a booking page's first calls at once, into the shared cache the page reads with the same keys: the
 * event, the current month's available dates in the guest's zone and, as soon as those dates arrive, the slots of
 * the first day with free time (the day a guest most likely opens). Failures are left for the page to show.
 */
export function prefetchBookingPage(eventSlug: string): void {
  if (typeof window === 'undefined') return;
  const slug = eventSlug.toLowerCase();
  const timezone = detectTimeZone();
  const today = todayIn(timezone);
  const { year, month } = yearMonthOf(today);
  void queryClient.prefetchQuery({
    queryKey: publicEventKey(slug),
    queryFn: ({ signal }) => fetchPublicEvent(slug, signal),
  });
  void queryClient
    .fetchQuery({
      queryKey: availableDatesKey(slug, year, month, timezone),
      queryFn: ({ signal }) => fetchAvailableDates({ year, month, eventId: slug, timezone }, signal),
    })
    .then((dates) => {
      const firstDay = [...dates].find(([date, free]) => free && date >= today)?.[0];
      if (!firstDay) return;
      return queryClient.prefetchQuery({
        queryKey: timeSlotsKey(slug, firstDay, timezone),
        queryFn: ({ signal }) =>
          fetchTimeSlots({ date: firstDay, eventId: slug, timezone, forceRefresh: false }, '', signal),
        staleTime: SLOT_CACHE_MS,
      });
    })
    .catch(() => {
      // The page shows the event's error screen from the cached query state.
    });
}
