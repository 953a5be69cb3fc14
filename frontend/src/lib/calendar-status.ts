import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/user/calendar → `{ connected, email, lastSynced, provider, googleAvailable }` (docs/api.md);
 * 401 when not signed in. Shared by the events dashboard (its calendar banner) and the calendar integration screen,
 * so one key serves both: connecting or disconnecting on the calendar screen invalidates it and the banner follows.
 */
export const calendarStatusKey = ['calendarStatus'] as const;

export const getCalendarStatus = (signal?: AbortSignal) => apiRequest('getCalendarStatus', { signal });

export const calendarStatusQueryOptions = () =>
  queryOptions({
    queryKey: calendarStatusKey,
    queryFn: ({ signal }) => getCalendarStatus(signal),
  });

export const useCalendarStatus = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...calendarStatusQueryOptions(), enabled });
