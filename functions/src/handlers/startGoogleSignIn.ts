import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { googleSignInTarget } from '#functions/app/auth-config';
import { coreDeps } from '#functions/composition';

export const run: RouteRun<typeof routes.startGoogleSignIn> = async () => googleSignInTarget();
export const handler = httpRoute(routes.startGoogleSignIn, run, coreDeps);
