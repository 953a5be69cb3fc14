import * as routes from '#shared/api/routes';
import { saveDateOverride } from '#functions/app/events/date-overrides';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.saveDateOverride, HostEventDeps> = async (deps, { principal, body }) =>
  saveDateOverride(deps, principal, undefined, body);
export const handler = httpRoute(routes.saveDateOverride, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
