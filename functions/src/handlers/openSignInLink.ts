import * as routes from '#shared/api/routes';
import { signInLinkPage } from '#functions/app/accounts/sign-in-link';
import { coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.openSignInLink> = async (_deps, { query }) => signInLinkPage(query.token);
export const handler = httpRoute(routes.openSignInLink, run, coreDeps);
