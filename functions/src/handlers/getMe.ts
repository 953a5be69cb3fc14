import * as routes from '#shared/api/routes';
import { currentUser, type CurrentUserDeps } from '#functions/app/accounts/accounts';
import { accountDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getMe, CurrentUserDeps> = (deps, { principal }) =>
  currentUser(deps, principal);
export const handler = httpRoute(routes.getMe, run, () => ({ ...coreDeps(), ...accountDeps() }));
