import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CurrentUser } from '#shared/api/schemas/auth';
import { apiRequest } from '#frontend/lib/api.ts';
import { currentUserKey } from '#frontend/lib/use-current-user.ts';

/** POST /api/profile/remove-photo with an empty JSON body → `{ message }`. */
export const removePhoto = () => apiRequest('removePhoto', { body: {} });

/** On success the cached current user has no photo. */
export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['removePhoto'],
    mutationFn: removePhoto,
    onSuccess: () =>
      queryClient.setQueryData<CurrentUser | null>(currentUserKey, (user) =>
        user ? { ...user, photoUrl: null } : user,
      ),
  });
}
