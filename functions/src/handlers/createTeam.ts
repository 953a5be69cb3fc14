import * as routes from '#shared/api/routes';
import { createTeam, type TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.createTeam, TeamDeps> = (deps, { principal, body }) =>
  createTeam(deps, principal, body);
export const handler = httpRoute(routes.createTeam, run, () => ({ ...coreDeps(), ...teamDeps() }));
