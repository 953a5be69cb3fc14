import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CalendarSettings } from '#shared/api/schemas/calendar';
import { calendarSettingsKey } from '#frontend/features/calendar/api/get-calendar-settings.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** POST /api/user/calendar/settings with all three switches → the saved settings (docs/api.md). */
export const saveCalendarSettings = (settings: CalendarSettings) =>
  apiRequest('saveCalendarSettings', { body: settings });

/**
 * Optimistic: the switches show the new value at once; a failure puts back what was there and asks the server
 * again (a later toggle may have been made meanwhile). The caller shows the failure toast.
 */
export function useSaveCalendarSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['saveCalendarSettings'],
    mutationFn: saveCalendarSettings,
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: calendarSettingsKey });
      const previous = queryClient.getQueryData<CalendarSettings>(calendarSettingsKey);
      queryClient.setQueryData(calendarSettingsKey, settings);
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(calendarSettingsKey, context.previous);
      void queryClient.invalidateQueries({ queryKey: calendarSettingsKey });
    },
    onSuccess: (saved) => queryClient.setQueryData(calendarSettingsKey, saved),
  });
}
