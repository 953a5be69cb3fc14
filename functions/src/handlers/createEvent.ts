import * as routes from '#shared/api/routes';
import { createEvent, type HostEventDeps } from '#functions/app/events/host-events';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.createEvent, HostEventDeps> = async (deps, { principal, body }) =>
  createEvent(deps, principal, body);
export const handler = httpRoute(routes.createEvent, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
