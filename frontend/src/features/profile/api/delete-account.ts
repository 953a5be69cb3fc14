import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * DELETE /api/auth/account with an empty JSON body → `{ success, message }`; the account and everything it owns
 * go, and the answer clears the session cookie. The caller clears the cache (it also navigates away first).
 */
export const deleteAccount = () => apiRequest('deleteAccount', { body: {} });

export const useDeleteAccount = () =>
  useMutation({
    mutationKey: ['deleteAccount'],
    mutationFn: deleteAccount,
  });
