import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/settings (public fields): a new event's duration and buffer after start from the admin's "Meeting
 * duration" and "Break between meetings" (issue 17). Asked again each time the editor opens for a new event, since
 * an administrator may have changed them; until the answer comes (or when it fails) the shared defaults stand.
 */
export const useBookingSettings = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => apiRequest('getSettings', { signal }),
    enabled,
    refetchOnMount: 'always',
  });
