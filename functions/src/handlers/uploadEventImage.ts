import * as routes from '#shared/api/routes';
import { EVENT_IMAGE_MAX_BYTES, EVENT_IMAGE_TOO_LARGE } from '#shared/constants';
import { uploadEventImage, type PhotoUploadDeps } from '#functions/app/accounts/profile-photo';
import { accountRepository, coreDeps, photoStore } from '#functions/composition';
import { readMultipartFile } from '#functions/http/multipart';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.uploadEventImage, PhotoUploadDeps> = async (deps, { principal, event }) => {
  const file = await readMultipartFile(event, 'image', EVENT_IMAGE_MAX_BYTES, EVENT_IMAGE_TOO_LARGE);
  return uploadEventImage(deps, principal, file);
};
export const handler = httpRoute(routes.uploadEventImage, run, () => ({
  ...coreDeps(),
  accounts: accountRepository(),
  photos: photoStore(),
}));
