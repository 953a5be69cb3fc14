import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/user/calendar/settings → `{ addToCalendar, updateOnReschedule, deleteOnCancel }` (docs/api.md). */
export const calendarSettingsKey = ['calendarSettings'] as const;

export const getCalendarSettings = (signal?: AbortSignal) => apiRequest('getCalendarSettings', { signal });

export const calendarSettingsQueryOptions = () =>
  queryOptions({
    queryKey: calendarSettingsKey,
    queryFn: ({ signal }) => getCalendarSettings(signal),
  });

/** Asked only while Google Calendar is connected: the switches are shown only then. */
export const useCalendarSettings = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...calendarSettingsQueryOptions(), enabled });
