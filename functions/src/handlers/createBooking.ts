import * as routes from '#shared/api/routes';
import { createBooking, type CreateBookingDeps } from '#functions/app/booking/create/create-booking';
import { bookingWriteDeps, coreDeps, manageTokens, rateLimiter, settingsRepository } from '#functions/composition';
import { clientAddress, header } from '#functions/http/request';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';

export const run: RouteRun<typeof routes.createBooking, CreateBookingDeps> = (deps, { body, event }) =>
  createBooking(deps, body, header(event, 'idempotency-key'), clientAddress(event));
export const handler = httpRoute(routes.createBooking, run, () => ({
  ...coreDeps(),
  ...bookingWriteDeps(),
  rateLimiter: rateLimiter(),
  settings: settingsRepository(),
  manageTokens: manageTokens(),
}));
