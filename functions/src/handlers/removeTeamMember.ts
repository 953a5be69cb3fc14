import * as routes from '#shared/api/routes';
import { removeMember, type RemoveMemberDeps } from '#functions/app/teams/teams';
import { coreDeps, teamBookings, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.removeTeamMember, RemoveMemberDeps> = (deps, { principal, params }) =>
  removeMember(deps, principal, params.slug, params.userId);
export const handler = httpRoute(routes.removeTeamMember, run, () => ({
  ...coreDeps(),
  ...teamDeps(),
  teamBookings: teamBookings(),
}));
