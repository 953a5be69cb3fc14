import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/settings (public fields): the admin's "Meeting duration" and "Break between meetings", which the server's
 * default hours use (a time-slot call without an event), named on /hourly-debug when no event is chosen. Asked again
 * on each entry, as the debug view's slots are.
 */
export const useBookingSettings = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => apiRequest('getSettings', { signal }),
    enabled,
    refetchOnMount: 'always',
  });
