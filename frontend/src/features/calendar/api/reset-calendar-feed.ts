import { useMutation, useQueryClient } from '@tanstack/react-query';

import { calendarFeedKey } from '#frontend/features/calendar/api/get-calendar-feed.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/**
 * POST /api/user/calendar/feed with an empty JSON body → `{ feedUrl }`: a new private feed address (the first one,
 * or a replacement: the previous address stops working).
 */
export const resetCalendarFeed = () => apiRequest('resetCalendarFeed', { body: {} });

/** On success the cached feed is the answer's. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['resetCalendarFeed'],
    mutationFn: resetCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}
