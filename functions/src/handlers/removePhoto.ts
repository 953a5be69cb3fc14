import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { removePhoto } from '#functions/app/profile-photo';
import { accountDeps, coreDeps, photoStore } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.removePhoto, Pick<Deps, 'accounts' | 'photos'>> = (deps, { principal }) => removePhoto(deps, principal);
export const handler = httpRoute(routes.removePhoto, run, () => ({ ...coreDeps(), ...accountDeps(), photos: photoStore() }));
