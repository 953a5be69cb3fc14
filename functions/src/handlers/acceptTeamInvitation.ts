import * as routes from '#shared/api/routes';
import { acceptInvitation } from '#functions/app/teams/team-invitations';
import type { TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.acceptTeamInvitation, TeamDeps> = (deps, { principal, params }) =>
  acceptInvitation(deps, principal, params.id);
export const handler = httpRoute(routes.acceptTeamInvitation, run, () => ({ ...coreDeps(), ...teamDeps() }));
