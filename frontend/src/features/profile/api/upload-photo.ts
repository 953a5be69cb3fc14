import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CurrentUser } from '#shared/api/schemas/auth';
import { apiRequest } from '#frontend/lib/api.ts';
import { currentUserKey } from '#frontend/lib/use-current-user.ts';

/**
 * POST /api/profile/upload-photo, multipart with the field `photo` → `{ message, photoUrl }`; 400 when the bytes
 * are not an image (the server looks at them, not at the name), 413 above 2 MB.
 */
export function uploadPhoto(photo: File) {
  const formData = new FormData();
  formData.append('photo', photo);
  return apiRequest('uploadPhoto', { formData });
}

/** On success the cached current user carries the new photo address. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['uploadPhoto'],
    mutationFn: uploadPhoto,
    onSuccess: ({ photoUrl }) =>
      queryClient.setQueryData<CurrentUser | null>(currentUserKey, (user) => (user ? { ...user, photoUrl } : user)),
  });
}
