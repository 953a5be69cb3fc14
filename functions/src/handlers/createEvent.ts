import * as routes from '#shared/api/routes';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { createEvent } from '#functions/app/events/save-event';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.createEvent, HostEventDeps> = async (deps, { principal, body }) =>
  createEvent(deps, principal, body);
export const handler = httpRoute(routes.createEvent, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
