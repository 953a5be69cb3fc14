import * as routes from '#shared/api/routes';
import { listMyInvitations } from '#functions/app/teams/team-invitations';
import type { TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listTeamInvitations, TeamDeps> = (deps, { principal }) =>
  listMyInvitations(deps, principal);
export const handler = httpRoute(routes.listTeamInvitations, run, () => ({ ...coreDeps(), ...teamDeps() }));
