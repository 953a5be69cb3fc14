import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * POST /api/uploads/event-image, multipart with the field `image` → `{ message, url }`: a team's logo takes the
 * event images' rules (PNG, JPEG, GIF or WebP, at most 5 MB); its address is then saved with PATCH /api/teams/{slug}.
 */
export function uploadTeamLogo(image: File) {
  const formData = new FormData();
  formData.append('image', image);
  return apiRequest('uploadEventImage', { formData });
}

export const useUploadTeamLogo = () => useMutation({ mutationKey: ['uploadTeamLogo'], mutationFn: uploadTeamLogo });
