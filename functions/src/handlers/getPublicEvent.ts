import * as routes from '#shared/api/routes';
import { getPublicEvent, type PublicEventDeps } from '#functions/app/booking/public-event';
import { coreDeps, eventRepository, hostRepository, settingsRepository, teamRepository } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getPublicEvent, PublicEventDeps> = (deps, { params }) =>
  getPublicEvent(deps, params.eventSlug);
export const handler = httpRoute(routes.getPublicEvent, run, () => ({
  ...coreDeps(),
  events: eventRepository(),
  hosts: hostRepository(),
  teams: teamRepository(),
  settings: settingsRepository(),
}));
