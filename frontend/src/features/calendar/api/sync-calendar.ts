import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';
import { calendarStatusKey } from '#frontend/lib/calendar-status.ts';

/** GET /api/calendar/sync → `{ message, removed }`: the signed-in host's calendar brought up to date. */
export const syncCalendar = () => apiRequest('syncCalendar');

/**
 * The availability answers cached anywhere in the app (the booking page's dates and slots, the hourly debug grid),
 * by the first part of their keys: a sync can free or take time, so they are asked again.
 * Named here rather than imported, as features do not import each other.
 */
const AVAILABILITY_KEY_ROOTS: ReadonlySet<unknown> = new Set(['availableDates', 'timeSlots', 'hourlyDebugSlots']);

/** Afterwards, success or not, the status (its 'Last synced') and every availability answer are refreshed. */
export function useSyncCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['syncCalendar'],
    mutationFn: syncCalendar,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: calendarStatusKey });
      void queryClient.invalidateQueries({ predicate: (query) => AVAILABILITY_KEY_ROOTS.has(query.queryKey[0]) });
    },
  });
}
