import * as routes from '#shared/api/routes';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { getEvent } from '#functions/app/events/read-events';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.getEvent, HostEventDeps> = async (deps, { principal, params }) =>
  getEvent(deps, principal, params.eventRef);
export const handler = httpRoute(routes.getEvent, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
