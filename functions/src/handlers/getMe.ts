import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { currentUser } from '#functions/app/accounts';
import { accountDeps, coreDeps } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.getMe, Pick<Deps, 'accounts'>> = (deps, { principal }) => currentUser(deps, principal);
export const handler = httpRoute(routes.getMe, run, () => ({ ...coreDeps(), ...accountDeps() }));
