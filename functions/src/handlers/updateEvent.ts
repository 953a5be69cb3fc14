import * as routes from '#shared/api/routes';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { updateEvent } from '#functions/app/events/save-event';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.updateEvent, HostEventDeps> = async (deps, { principal, params, body }) =>
  updateEvent(deps, principal, params.eventRef, body);
export const handler = httpRoute(routes.updateEvent, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
