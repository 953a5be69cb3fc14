import { routeCaller, type RouteAddresses } from '#frontend/lib/api-core.ts';

/**
 * The booking page's calls before its details step, by route name as with apiRequest: their addresses spelled out
 * (their type holds them to the route table's), so the page's first load does not carry every other route's
 * (shared/api/route-paths.ts). Keep the pages' early calls (frontend/src/shell/early-calls.js) in step with the first two.
 */
const BOOKING_ROUTES = {
  getPublicEvent: { method: 'GET', path: '/api/events/public/{eventSlug}' },
  getAvailableDates: { method: 'GET', path: '/api/available-dates' },
  getTimeSlots: { method: 'GET', path: '/api/time-slots' },
  syncCalendar: { method: 'GET', path: '/api/calendar/sync' },
} as const satisfies RouteAddresses;

export const bookingApi = routeCaller(BOOKING_ROUTES);
