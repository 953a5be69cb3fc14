import * as routes from '#shared/api/routes';
import { updateMemberRole, type TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.updateTeamMember, TeamDeps> = (deps, { principal, params, body }) =>
  updateMemberRole(deps, principal, params.slug, params.userId, body.role);
export const handler = httpRoute(routes.updateTeamMember, run, () => ({ ...coreDeps(), ...teamDeps() }));
