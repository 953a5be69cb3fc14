import * as routes from '#shared/api/routes';
import { updateTeam, type TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.updateTeam, TeamDeps> = (deps, { principal, params, body }) =>
  updateTeam(deps, principal, params.slug, body);
export const handler = httpRoute(routes.updateTeam, run, () => ({ ...coreDeps(), ...teamDeps() }));
