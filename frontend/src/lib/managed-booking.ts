import { routeCaller, type RouteAddresses } from '#frontend/lib/api-core.ts';

/** Its address spelled out (its type holds it to the route table's): the booking page does not carry the table. */
const managedBookingApi = routeCaller({
  getManagedBooking: { method: 'GET', path: '/api/bookings/{id}/manage' },
} as const satisfies RouteAddresses);

/**
 * GET /api/bookings/{id}/manage?token=: a booking as its guest sees it, for the guest's manage page and the booking
 * page's reschedule mode (one cache entry for both, so following "Reschedule" from the manage page loads nothing
 * twice). Reading it changes nothing on the server.
 */
export const managedBookingKey = (bookingId: string, token: string) => ['managedBooking', bookingId, token] as const;

export const fetchManagedBooking = (bookingId: string, token: string, signal?: AbortSignal) =>
  managedBookingApi('getManagedBooking', { params: { id: bookingId }, query: { token }, signal });

/** The booking's state can change elsewhere (an e-mail link, the host): each page that shows it asks again. */
export const MANAGED_BOOKING_STALE_MS = 0;
