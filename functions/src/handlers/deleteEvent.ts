import * as routes from '#shared/api/routes';
import { deleteEvent, type DeleteEventDeps } from '#functions/app/events/delete-event';
import { bookingCancellations, coreDeps, hostEventDeps } from '#functions/composition';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.deleteEvent, DeleteEventDeps> = async (deps, { principal, params }) =>
  deleteEvent(deps, principal, params.eventRef);
export const handler = httpRoute(routes.deleteEvent, run, () => ({
  ...coreDeps(),
  ...hostEventDeps(),
  bookingCancellations: bookingCancellations(),
}));
