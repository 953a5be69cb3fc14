import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';
import { currentUserKey } from '#frontend/lib/use-current-user.ts';

/** POST /api/auth/verify-email `{ token }` → `{ message, email }`: the /verify-email page's button. */
export const verifyEmail = (token: string) => apiRequest('verifyEmail', { body: { token } });

/** POST /api/auth/resend-verification (no body) → `{ message }`: the banner's "Resend link". */
export const resendVerification = () => apiRequest('resendVerification', { body: {} });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['verifyEmail'],
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

export const useResendVerification = () =>
  useMutation({ mutationKey: ['resendVerification'], mutationFn: resendVerification });
