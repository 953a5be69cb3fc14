import * as routes from '#shared/api/routes';
import { getPublicTeam } from '#functions/app/teams/teams';
import { coreDeps, eventRepository, hostRepository, teamRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import type { EventRepository } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { TeamRepository } from '#functions/ports/teams';

export const run: RouteRun<
  typeof routes.getPublicTeam,
  { teams: TeamRepository; events: EventRepository; hosts: HostRepository }
> = (deps, { params }) => getPublicTeam(deps, params.slug);
export const handler = httpRoute(routes.getPublicTeam, run, () => ({
  ...coreDeps(),
  teams: teamRepository(),
  events: eventRepository(),
  hosts: hostRepository(),
}));
