import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * POST /api/auth/email-link `{ token }` → `{ success }` and the session cookie: uses a mailed one-time sign-in link.
 * Only the link page's button calls it; opening the link changes nothing (mail scanners open every link).
 */
export const signInWithLink = (token: string) => apiRequest('signInWithLink', { body: { token } });

export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['signInWithLink'],
    mutationFn: signInWithLink,
    // Whoever was signed in before, the session is now this account's.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
