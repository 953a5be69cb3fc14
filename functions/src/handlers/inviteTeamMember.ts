import * as routes from '#shared/api/routes';
import type { RateLimitDeps } from '#functions/app/common/abuse-limits';
import { inviteMember } from '#functions/app/teams/team-invitations';
import type { TeamDeps } from '#functions/app/teams/teams';
import { coreDeps, rateLimiter, teamDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.inviteTeamMember, TeamDeps & RateLimitDeps> = (
  deps,
  { principal, params, body },
) => inviteMember(deps, principal, params.slug, body);
export const handler = httpRoute(routes.inviteTeamMember, run, () => ({
  ...coreDeps(),
  ...teamDeps(),
  rateLimiter: rateLimiter(),
}));
