import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { removePhoto, type PhotoDeps } from '#functions/app/profile-photo';
import { accountDeps, coreDeps, photoStore } from '#functions/composition';

export const run: RouteRun<typeof routes.removePhoto, PhotoDeps> = (deps, { principal }) => removePhoto(deps, principal);
export const handler = httpRoute(routes.removePhoto, run, () => ({ ...coreDeps(), ...accountDeps(), photos: photoStore() }));
