import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { getPublicEvent } from '#functions/app/public-event';
import { coreDeps, eventRepository, hostRepository } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<typeof routes.getPublicEvent, Pick<Deps, 'events' | 'hosts'>> = (deps, { params }) =>
  getPublicEvent(deps, params.eventSlug);
export const handler = httpRoute(routes.getPublicEvent, run, () => ({
  ...coreDeps(),
  events: eventRepository(),
  hosts: hostRepository(),
}));
