import * as routes from '#shared/api/routes';
import { PHOTO_TOO_LARGE } from '#shared/constants';
import { uploadPhoto, type PhotoUploadDeps } from '#functions/app/accounts/profile-photo';
import { accountDeps, coreDeps, photoStore } from '#functions/composition';
import { PROFILE_PHOTO_MAX_BYTES } from '#functions/domain/images';
import { readMultipartFile } from '#functions/http/multipart';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.uploadPhoto, PhotoUploadDeps> = async (deps, { principal, event }) => {
  const file = await readMultipartFile(event, 'photo', PROFILE_PHOTO_MAX_BYTES, PHOTO_TOO_LARGE);
  return uploadPhoto(deps, principal, file);
};
export const handler = httpRoute(routes.uploadPhoto, run, () => ({
  ...coreDeps(),
  ...accountDeps(),
  photos: photoStore(),
}));
