import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import type { profileUpdateBody } from '#shared/api/schemas/auth';
import { apiRequest } from '#frontend/lib/api.ts';
import { currentUserKey } from '#frontend/lib/use-current-user.ts';

export type ProfileUpdateInput = z.input<typeof profileUpdateBody>;

/** POST /api/profile/update → `{ message, user }`; 409 when another account has the e-mail, 400 with field details. */
export const updateProfile = (body: ProfileUpdateInput) => apiRequest('updateProfile', { body });

/** On success the cached current user becomes the answer's (the header's menu label follows). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateProfile'],
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserKey, user),
  });
}
