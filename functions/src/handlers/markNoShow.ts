import * as routes from '#shared/api/routes';
import { markNoShow, type HostBookingDeps } from '#functions/app/booking/manage-booking';
import { bookingDeps, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.markNoShow, HostBookingDeps> = (deps, { principal, params, body }) =>
  markNoShow(deps, principal, params.id, body.noShow);
export const handler = httpRoute(routes.markNoShow, run, () => ({
  ...coreDeps(),
  ...bookingDeps(),
}));
