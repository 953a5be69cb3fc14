import * as routes from '#shared/api/routes';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { listEvents } from '#functions/app/events/read-events';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listEvents, HostEventDeps> = async (deps, { principal }) =>
  listEvents(deps, principal);
export const handler = httpRoute(routes.listEvents, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
