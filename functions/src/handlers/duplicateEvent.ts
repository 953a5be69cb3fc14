import * as routes from '#shared/api/routes';
import { duplicateEvent } from '#functions/app/events/duplicate-event';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.duplicateEvent, HostEventDeps> = async (deps, { principal, params, body }) =>
  duplicateEvent(deps, principal, params.eventRef, body);
export const handler = httpRoute(routes.duplicateEvent, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
