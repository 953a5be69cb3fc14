import { useMutation, useQueryClient } from '@tanstack/react-query';

import { calendarFeedKey } from '#frontend/features/calendar/api/get-calendar-feed.ts';
import { calendarSettingsKey } from '#frontend/features/calendar/api/get-calendar-settings.ts';
import { apiRequest } from '#frontend/lib/api.ts';
import { calendarStatusKey } from '#frontend/lib/calendar-status.ts';

/** POST /api/user/calendar/disconnect with an empty JSON body (disconnectCalendar in docs/api.md). */
export const disconnectCalendar = () => apiRequest('disconnectCalendar', { body: {} });

/**
 * On success the status is asked again (this screen and the dashboard's banner follow), not awaited: the caller's
 * toast shows while the card is still there. The feed and the switches belonged to the connection that went: they
 * are marked stale without being asked now, so a later connection asks afresh.
 */
export function useDisconnectCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['disconnectCalendar'],
    mutationFn: disconnectCalendar,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarFeedKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: calendarSettingsKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: calendarStatusKey });
    },
  });
}
