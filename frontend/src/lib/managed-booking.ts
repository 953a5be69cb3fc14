import { routeCaller, type RouteAddresses } from '#frontend/lib/api-core.ts';

/** Their addresses spelled out (their type holds them to the route table's): the booking page does not carry the table. */
const managedBookingApi = routeCaller({
  getManagedBooking: { method: 'POST', path: '/api/bookings/{id}/manage' },
  getReschedulableBooking: { method: 'POST', path: '/api/bookings/{id}/reschedule-view' },
} as const satisfies RouteAddresses);

/**
 * POST /api/bookings/{id}/manage {token}: a booking as its guest sees it, for the guest's manage page and the booking
 * page's reschedule mode from it (one cache entry for both, so following "Reschedule" from the manage page loads
 * nothing twice). The token travels in the body (issue 31), never in a URL. Reading it changes nothing on the server.
 */
export const managedBookingKey = (bookingId: string, token: string) => ['managedBooking', bookingId, token] as const;

export const fetchManagedBooking = (bookingId: string, token: string, signal?: AbortSignal) =>
  managedBookingApi('getManagedBooking', { params: { id: bookingId }, body: { token }, signal });

/**
 * POST /api/bookings/{id}/reschedule-view {token}: the booking a reschedule link moves (issue 31). It takes the
 * guest's token or the host's reschedule-only one, so the booking page's reschedule mode asks this one.
 */
export const fetchReschedulableBooking = (bookingId: string, token: string, signal?: AbortSignal) =>
  managedBookingApi('getReschedulableBooking', { params: { id: bookingId }, body: { token }, signal });

/** The booking's state can change elsewhere (an e-mail link, the host): each page that shows it asks again. */
export const MANAGED_BOOKING_STALE_MS = 0;
