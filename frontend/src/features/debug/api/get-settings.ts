import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/settings: booking settings (admin-only fields included for administrators). */
export const getSettings = (signal?: AbortSignal) => apiRequest('getSettings', { signal });

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => getSettings(signal),
  });

export const useSettings = () => useQuery(settingsQueryOptions());
