import * as routes from '#shared/api/routes';
import { saveDateOverride } from '#functions/app/events/date-overrides';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.saveEventDateOverride, HostEventDeps> = async (
  deps,
  { principal, params, body },
) => saveDateOverride(deps, principal, params.eventRef, body);
export const handler = httpRoute(routes.saveEventDateOverride, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
