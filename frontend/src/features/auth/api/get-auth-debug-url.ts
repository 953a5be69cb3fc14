import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/auth/debug-url → `{ oauth }`: the public Google sign-in configuration only (no secrets). */
export const getAuthDebugUrl = (signal?: AbortSignal) => apiRequest('getAuthDebugUrl', { signal });

export const useAuthDebugUrl = () =>
  useQuery({
    queryKey: ['authDebugUrl'],
    queryFn: ({ signal }) => getAuthDebugUrl(signal),
  });

/**
 * Whether the Google buttons are worth showing (issue 15 item 10): hidden while the server's answer is pending and
 * when it says Google sign-in is not configured; shown when configured, and when the answer cannot be had (the
 * server's Google route then explains itself).
 */
export function useGoogleSignInAvailable(): boolean {
  const debug = useQuery({
    queryKey: ['authDebugUrl'],
    queryFn: ({ signal }) => getAuthDebugUrl(signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  if (debug.data) return debug.data.oauth.googleConfigured;
  return debug.isError;
}

/** The server's reason when Google sign-in is not configured (functions/src/app/accounts/google-sign-in.ts). */
export const isNotConfiguredError = (error: string): boolean => /not configured/i.test(error);
