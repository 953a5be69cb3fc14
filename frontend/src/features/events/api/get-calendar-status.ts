import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/user/calendar → `{ connected, email, lastSynced }` (host-area.md §7); 401 when not signed in. */
export const calendarStatusKey = ['calendarStatus'] as const;

export const getCalendarStatus = (signal?: AbortSignal) => apiRequest('getCalendarStatus', { signal });

export const useCalendarStatus = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: calendarStatusKey,
    queryFn: ({ signal }) => getCalendarStatus(signal),
    enabled,
  });
