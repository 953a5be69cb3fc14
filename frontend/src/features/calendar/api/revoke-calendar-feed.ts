import { useMutation, useQueryClient } from '@tanstack/react-query';

import { calendarFeedKey } from '#frontend/features/calendar/api/get-calendar-feed.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** DELETE /api/user/calendar/feed → `{ feedUrl: null }`: the private feed address stops working. */
export const revokeCalendarFeed = () => apiRequest('revokeCalendarFeed');

/** On success the cached feed is the answer's (none). */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['revokeCalendarFeed'],
    mutationFn: revokeCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}
