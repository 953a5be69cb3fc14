import * as routes from '#shared/api/routes';
import { listDateOverrides } from '#functions/app/events/date-overrides';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.listEventDateOverrides, HostEventDeps> = async (deps, { principal, params }) =>
  listDateOverrides(deps, principal, params.eventRef);
export const handler = httpRoute(routes.listEventDateOverrides, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
