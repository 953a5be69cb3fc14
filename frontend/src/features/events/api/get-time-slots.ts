import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

export interface DebugSlotsQuery {
  /** yyyy-MM-dd in `timezone` */
  date: string;
  /** The chosen event's id; none for the default hours. */
  eventId: number | null;
  timezone: string;
}

/**
 * GET /api/time-slots?date=&eventId=&timezone=&forceRefresh=true&includeUnavailable=true: the booking page's own
 * availability answer, asked afresh (the server's short caches bypassed) so the debug view shows what a guest would
 * get right now, with the working-hours slots a rule takes away listed as unavailable.
 * The call sends eventId only when an event is given (getTimeSlots in docs/api.md); without one the server answers the
 * default hours (9am–5pm Eastern, the admin's meeting duration).
 */
export function getDebugTimeSlots({ date, eventId, timezone }: DebugSlotsQuery, signal?: AbortSignal) {
  const query = {
    date,
    timezone,
    forceRefresh: 'true' as const,
    includeUnavailable: 'true' as const,
    ...(eventId === null ? {} : { eventId }),
  };
  return apiRequest('getTimeSlots', { query, signal });
}

/** Asked again on every entry and change: no cached answer counts as fresh on a debug view. */
export const useDebugTimeSlots = (query: DebugSlotsQuery, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: ['hourlyDebugSlots', query.date, query.eventId, query.timezone],
    queryFn: ({ signal }) => getDebugTimeSlots(query, signal),
    enabled,
    staleTime: 0,
  });
