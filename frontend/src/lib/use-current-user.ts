import { useQuery } from '@tanstack/react-query';

import type { CurrentUser } from '#shared/api/schemas/auth';
import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/me → `{ user | null }` (getMe in docs/api.md; not retried). The cached value is the user
 * or null; sign-in, sign-out and the login guard write it directly under this key.
 */
export const currentUserKey = ['currentUser'] as const;

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const answer = await apiRequest('getMe', { on401: 'returnNull' });
  return answer?.user ?? null;
}

export interface UseCurrentUserOptions {
  /** False leaves the query idle (no request): the header asks only on host-area paths. */
  enabled?: boolean;
  /** 'always': ask the server again whenever a component using this mounts (the login guard). */
  refetchOnMount?: boolean | 'always';
}

export const useCurrentUser = ({ enabled = true, refetchOnMount = true }: UseCurrentUserOptions = {}) =>
  useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    enabled,
    refetchOnMount,
    retry: false,
  });
