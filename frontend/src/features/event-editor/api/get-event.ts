import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';
import { eventsKey } from '#frontend/lib/list-events.ts';

/**
 * GET /api/events/{eventRef} (id or slug) → the host's event, for edit mode (getEvent in docs/api.md). Kept under
 * the events list key, so a save's invalidation of the list also drops a stale copy.
 */
export const eventKey = (eventRef: string) => [...eventsKey, eventRef] as const;

export const getEvent = (eventRef: string, signal?: AbortSignal) =>
  apiRequest('getEvent', { params: { eventRef }, signal });

export const useEvent = (eventRef: string | null) =>
  useQuery({
    queryKey: eventKey(eventRef ?? ''),
    queryFn: ({ signal }) => getEvent(eventRef!, signal),
    enabled: eventRef !== null,
    // The form is reset from this answer once; a background refetch must not overwrite the host's typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
