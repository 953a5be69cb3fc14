import type { PublicEvent } from '#shared/api/schemas/events';
import { queryClient } from '#frontend/lib/query-client.ts';
import { detectTimeZone, todayIn, yearMonthOf } from '../lib/dates.ts';

/**
 * The booking page's first two calls, kept out of the page's chunk so the route's loader can start them while
 * that chunk still downloads (issue 4: "available dates requested in parallel with the event"). Plain fetch on
 * purpose: importing the API client here would pull zod into the main bundle. Paths are the route table's
 * (shared/api/routes.ts: getPublicEvent, getAvailableDates).
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

/**
 * GET /api/events/public/{slug}. 403 + isInactive: deactivated; other 4xx: not found; network failure or 5xx:
 * load failure. (ApiError does not keep the 403's isInactive flag, hence the direct read.)
 */
export async function fetchPublicEvent(eventSlug: string, signal?: AbortSignal): Promise<PublicEvent> {
  let response: Response;
  try {
    response = await fetch(`/api/events/public/${encodeURIComponent(eventSlug)}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new EventLoadError('failed');
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof body === 'object') return body as PublicEvent;
  if (response.status === 403 && body && typeof body === 'object' && (body as { isInactive?: unknown }).isInactive === true) {
    throw new EventLoadError('inactive');
  }
  if (response.status >= 400 && response.status < 500) throw new EventLoadError('notFound');
  throw new EventLoadError('failed');
}

/** GET /api/available-dates: date → has a free slot. Failures yield an empty map (spec §7, §8: logged only). */
export async function fetchAvailableDates(
  query: { year: number; month: number; eventId: number; timezone: string },
  signal?: AbortSignal,
): Promise<Map<string, boolean>> {
  try {
    const search = new URLSearchParams({
      year: String(query.year),
      month: String(query.month),
      eventId: String(query.eventId),
      timezone: query.timezone,
    });
    const response = await fetch(`/api/available-dates?${search}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (!response.ok) throw new Error(`available-dates answered ${response.status}`);
    const body = (await response.json()) as { availableDates?: Array<{ date: string; hasTimeSlots: boolean }> };
    return new Map((body.availableDates ?? []).map((entry) => [entry.date, entry.hasTimeSlots === true]));
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
    const search = new URLSearchParams({ date: query.date, eventId: String(query.eventId), timezone: query.timezone });
    if (query.forceRefresh) search.set('forceRefresh', 'true');
    const response = await fetch(`/api/time-slots?${search}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (!response.ok) throw new Error(`time-slots answered ${response.status}`);
    const body = (await response.json()) as unknown;
    // The legacy plain-array answer is accepted too (spec §3 "Time slot").
    const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const list = Array.isArray(body) ? body : record?.timeSlots;
    if (!Array.isArray(list)) {
      console.warn('Unexpected time-slots answer', body);
      return empty;
    }
    const settings = record?.eventSettings as { timezone?: unknown } | undefined;
    const hostTimeZone =
      (typeof record?.timezone === 'string' && record.timezone) ||
      (typeof settings?.timezone === 'string' && settings.timezone) ||
      empty.hostTimeZone;
    const slots = (list as Array<{ start?: unknown; end?: unknown; available?: unknown }>)
      .filter((slot) => slot.available !== false && typeof slot.start === 'string' && typeof slot.end === 'string')
      .map((slot) => ({ start: slot.start as string, end: slot.end as string }))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    return { slots, hostTimeZone };
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
