import * as routes from '#shared/api/routes';
import { getPublicTeam } from '#functions/app/teams';
import { coreDeps, eventRepository, hostRepository, teamRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.getPublicTeam, Pick<Deps, 'teams' | 'events' | 'hosts'>> = (
  deps,
  { params },
) => getPublicTeam(deps, params.slug);
export const handler = httpRoute(routes.getPublicTeam, run, () => ({
  ...coreDeps(),
  teams: teamRepository(),
  events: eventRepository(),
  hosts: hostRepository(),
}));
