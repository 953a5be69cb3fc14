import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/user/calendar/feed → `{ feedUrl }`: the built-in calendar's private ICS feed address, or null. */
export const calendarFeedKey = ['calendarFeed'] as const;

export const getCalendarFeed = (signal?: AbortSignal) => apiRequest('getCalendarFeed', { signal });

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });

/** Asked only while the built-in calendar is connected. */
export const useCalendarFeed = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...calendarFeedQueryOptions(), enabled });
