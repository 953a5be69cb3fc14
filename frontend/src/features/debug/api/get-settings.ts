import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '#shared/api/routes';
import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/settings: booking settings (admin-only fields included for administrators). */
export const getSettings = (signal?: AbortSignal) => apiRequest(routes.getSettings, { signal });

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => getSettings(signal),
  });

export const useSettings = () => useQuery(settingsQueryOptions());
