import * as routes from '#shared/api/routes';
import { deleteDateOverride } from '#functions/app/events/date-overrides';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.deleteDateOverride, HostEventDeps> = async (deps, { principal, params }) =>
  deleteDateOverride(deps, principal, params.id);
export const handler = httpRoute(routes.deleteDateOverride, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
