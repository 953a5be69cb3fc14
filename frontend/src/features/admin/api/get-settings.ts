import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/settings, as an administrator sees it (adminEmail and googleCalendarId included). Its own key, asked
 * again on each entry to the dashboard: a value cached for a signed-out visitor lacks the admin fields.
 */
export const adminSettingsKey = ['adminSettings'] as const;

export const getAdminSettings = (signal?: AbortSignal) => apiRequest('getSettings', { signal });

export const useAdminSettings = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: adminSettingsKey,
    queryFn: ({ signal }) => getAdminSettings(signal),
    enabled,
    refetchOnMount: 'always',
  });
