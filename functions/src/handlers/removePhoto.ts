import * as routes from '#shared/api/routes';
import { removePhoto, type PhotoDeps } from '#functions/app/accounts/profile-photo';
import { accountDeps, coreDeps, photoStore } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.removePhoto, PhotoDeps> = (deps, { principal }) =>
  removePhoto(deps, principal);
export const handler = httpRoute(routes.removePhoto, run, () => ({
  ...coreDeps(),
  ...accountDeps(),
  photos: photoStore(),
}));
