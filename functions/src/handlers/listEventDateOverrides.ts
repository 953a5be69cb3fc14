import * as routes from '#shared/api/routes';
import { listDateOverrides, type HostEventDeps } from '#functions/app/events/host-events';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listEventDateOverrides, HostEventDeps> = async (deps, { principal, params }) =>
  listDateOverrides(deps, principal, params.eventRef);
export const handler = httpRoute(routes.listEventDateOverrides, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
