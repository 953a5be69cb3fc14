import * as routes from '#shared/api/routes';
import { revokeInvitation } from '#functions/app/teams/team-invitations';
import type { TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.revokeTeamInvitation, TeamDeps> = (deps, { principal, params }) =>
  revokeInvitation(deps, principal, params.slug, params.id);
export const handler = httpRoute(routes.revokeTeamInvitation, run, () => ({ ...coreDeps(), ...teamDeps() }));
