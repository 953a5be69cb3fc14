import { routes } from '#shared/api/routes';
import { httpRoute, type RouteRun } from '#functions/http/route-handler';
import { clientAddress, header } from '#functions/http/request';
import { createBooking } from '#functions/app/create-booking';
import { availabilityDeps, coreDeps, rateLimiter } from '#functions/composition';
import type { Deps } from '#functions/ports';

export const run: RouteRun<
  typeof routes.createBooking,
  Pick<Deps, 'events' | 'hosts' | 'bookings' | 'calendars' | 'recentReads' | 'rateLimiter'>
> = (deps, { body, event }) => createBooking(deps, body, header(event, 'idempotency-key'), clientAddress(event));
export const handler = httpRoute(routes.createBooking, run, () => ({ ...coreDeps(), ...availabilityDeps(), rateLimiter: rateLimiter() }));
