import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/events → the signed-in host's event types (docs/api.md). The key is the events list every write
 * invalidates (the dashboard's toggle, duplicate and delete; the editor's save).
 */
export const eventsKey = ['events'] as const;

export const listEvents = (signal?: AbortSignal) => apiRequest('listEvents', { signal });

/** The events query runs only when the current-user call returned a user. */
export const useEvents = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: eventsKey,
    queryFn: ({ signal }) => listEvents(signal),
    enabled,
  });
