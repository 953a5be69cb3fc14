import type { PublicEvent } from '#shared/api/schemas/events';
import { apiRequest, isApiError } from '#frontend/lib/api.ts';
import { queryClient } from '#frontend/lib/query-client.ts';
import { detectTimeZone, todayIn, yearMonthOf } from '../lib/dates.ts';

/**
 * The booking page's calls, kept out of the page's chunk so the route's loader can start them while that chunk
 * still downloads (issue 4: "available dates requested in parallel with the event").
 */

export type EventLoadFailure = 'inactive' | 'notFound' | 'failed';

export class EventLoadError extends Error {
  override readonly name = 'EventLoadError';
  constructor(readonly kind: EventLoadFailure) {
    super(kind);
  }
}

/** /events/{slug}: these slugs are host screens, not booking pages (host-area.md §2). */
export const RESERVED_EVENT_SLUGS: ReadonlySet<string> = new Set(['new', 'dashboard']);

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** GET /api/events/public/{slug}. 403 + isInactive: deactivated; other 4xx: not found; network failure or 5xx: load failure. */
export async function fetchPublicEvent(eventSlug: string, signal?: AbortSignal): Promise<PublicEvent> {
  try {
    return await apiRequest('getPublicEvent', { params: { eventSlug }, signal });
  } catch (error) {
    if (isAbort(error) || !isApiError(error)) throw error;
    const inactive = (error.body as { isInactive?: unknown } | undefined)?.isInactive === true;
    if (error.status === 403 && inactive) throw new EventLoadError('inactive');
    if (error.status >= 400 && error.status < 500) throw new EventLoadError('notFound');
    throw new EventLoadError('failed');
  }
}

/** GET /api/available-dates: date → has a free slot. Failures yield an empty map (spec §7, §8: logged only). */
export async function fetchAvailableDates(
  query: { year: number; month: number; eventId: number; timezone: string },
  signal?: AbortSignal,
): Promise<Map<string, boolean>> {
  try {
    const { availableDates } = await apiRequest('getAvailableDates', { query, signal });
    return new Map(availableDates.map((entry) => [entry.date, entry.hasTimeSlots]));
  } catch (error) {
    if (isAbort(error)) throw error;
    console.warn('Could not load available dates', error);
    return new Map();
  }
}

export interface TimeSlot {
  start: string;
  end: string;
}

export interface DaySlots {
  slots: TimeSlot[];
  /** The host's zone as the server reports it. */
  hostTimeZone: string;
}

/**
 * GET /api/time-slots for one date in the guest's zone: the available slots sorted by start. A non-OK answer,
 * an unexpected format or a failure yields an empty list with the fallback zone (spec §7, §8).
 */
export async function fetchTimeSlots(
  query: { date: string; eventId: number; timezone: string; forceRefresh: boolean },
  fallbackHostZone: string,
  signal?: AbortSignal,
): Promise<DaySlots> {
  const empty = { slots: [], hostTimeZone: fallbackHostZone || 'UTC' };
  try {
    const answer = await apiRequest('getTimeSlots', {
      query: { date: query.date, eventId: query.eventId, timezone: query.timezone, ...(query.forceRefresh ? { forceRefresh: 'true' } : {}) },
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
    if (isAbort(error)) throw error;
    console.warn('Could not load time slots', error);
    return empty;
  }
}

export const publicEventKey = (eventSlug: string | undefined) => ['publicEvent', eventSlug] as const;
export const availableDatesKey = (eventId: number | undefined, year: number, month: number, timezone: string, refresh: number) =>
  ['availableDates', eventId, year, month, timezone, refresh] as const;

/**
 * Called by the route's loader (which runs alongside the lazy page chunk): starts the event call and, as soon as
 * the event's id is known, the current month's available dates in the guest's zone, into the shared cache the
 * page reads with the same keys.
 */
export function prefetchBookingPage(eventSlug: string | undefined): void {
  if (!eventSlug || typeof window === 'undefined') return;
  void queryClient
    .fetchQuery({ queryKey: publicEventKey(eventSlug), queryFn: ({ signal }) => fetchPublicEvent(eventSlug, signal) })
    .then((event) => {
      const timezone = detectTimeZone();
      const { year, month } = yearMonthOf(todayIn(timezone));
      return queryClient.prefetchQuery({
        queryKey: availableDatesKey(event.id, year, month, timezone, 0),
        queryFn: ({ signal }) => fetchAvailableDates({ year, month, eventId: event.id, timezone }, signal),
      });
    })
    .catch(() => {
      // The page shows the event's error screen from the cached query state.
    });
}
