import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { deleteDateOverride, type HostEventDeps } from '#functions/app/host-events';
import { coreDeps, hostEventDeps } from '#functions/composition';

export const run: RouteRun<typeof routes.deleteDateOverride, HostEventDeps> = async (deps, { principal, params }) =>
  deleteDateOverride(deps, principal, params.id);
export const handler = httpRoute(routes.deleteDateOverride, run, () => ({ ...coreDeps(), ...hostEventDeps() }));
