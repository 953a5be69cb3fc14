import * as routes from '#shared/api/routes';
import { listTeams, type TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listTeams, TeamDeps> = (deps, { principal }) => listTeams(deps, principal);
export const handler = httpRoute(routes.listTeams, run, () => ({ ...coreDeps(), ...teamDeps() }));
