import * as routes from '#shared/api/routes';
import { getTeam, type TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getTeam, TeamDeps> = (deps, { principal, params }) =>
  getTeam(deps, principal, params.slug);
export const handler = httpRoute(routes.getTeam, run, () => ({ ...coreDeps(), ...teamDeps() }));
