import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * POST /api/uploads/event-image, multipart with the field `image` → `{ message, url }` (an event photo or guest
 * logo; uploadEventImage in docs/api.md). The form keeps the url until the event is saved.
 */
export function uploadEventImage(image: File) {
  const formData = new FormData();
  formData.append('image', image);
  return apiRequest('uploadEventImage', { formData });
}

export const useUploadEventImage = () =>
  useMutation({ mutationKey: ['uploadEventImage'], mutationFn: uploadEventImage });
