import * as routes from '#shared/api/routes';
import { confirmPending, type ConfirmDeps } from '#functions/app/booking/manage-booking';
import { bookingDeps, calendarProviders, coreDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.confirmBooking, ConfirmDeps> = (deps, { principal, params }) =>
  confirmPending(deps, principal, params.id);
export const handler = httpRoute(routes.confirmBooking, run, () => ({
  ...coreDeps(),
  ...bookingDeps(),
  calendars: calendarProviders(),
}));
