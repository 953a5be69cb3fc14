import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/events/{eventRef}/date-overrides → the event's date exceptions, by date (docs/api.md). */
export const dateOverridesKey = (eventRef: string) => ['dateOverrides', eventRef] as const;

export const listDateOverrides = (eventRef: string, signal?: AbortSignal) =>
  apiRequest('listEventDateOverrides', { params: { eventRef }, signal });

/** Idle for a new event (null): it has no exceptions until it is created. */
export const useDateOverrides = (eventRef: string | null) =>
  useQuery({
    queryKey: dateOverridesKey(eventRef ?? ''),
    queryFn: ({ signal }) => listDateOverrides(eventRef!, signal),
    enabled: eventRef !== null,
  });
