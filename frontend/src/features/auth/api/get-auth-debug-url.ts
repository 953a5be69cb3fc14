import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/auth/debug-url → `{ oauth }`: the public Google sign-in configuration only (no secrets). */
export const getAuthDebugUrl = (signal?: AbortSignal) => apiRequest('getAuthDebugUrl', { signal });

export const useAuthDebugUrl = () =>
  useQuery({
    queryKey: ['authDebugUrl'],
    queryFn: ({ signal }) => getAuthDebugUrl(signal),
  });
