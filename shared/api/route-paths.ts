/**
 * The route table's addresses: method and path of every route, by name, with no schemas. The full rows
 * (shared/api/routes.ts) are built on these; the front-end API client uses only this file at run time, so a page
 * does not carry every route's zod schemas to make a call.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteAddress {
  method: HttpMethod;
  /** API Gateway syntax: /api/events/{slug} */
  path: `/api/${string}`;
}

export const routePaths = {
  submitContact: { method: 'POST', path: '/api/contact/submit' },
  getSettings: { method: 'GET', path: '/api/settings' },
  updateSettings: { method: 'PUT', path: '/api/settings' },
  getPublicEvent: { method: 'GET', path: '/api/events/public/{eventSlug}' },
  getAvailableDates: { method: 'GET', path: '/api/available-dates' },
  getTimeSlots: { method: 'GET', path: '/api/time-slots' },
  createBooking: { method: 'POST', path: '/api/bookings' },
  listBookings: { method: 'GET', path: '/api/bookings' },
  cancelBooking: { method: 'DELETE', path: '/api/bookings/{id}' },
  markNoShow: { method: 'POST', path: '/api/bookings/{id}/no-show' },
  getManagedBooking: { method: 'GET', path: '/api/bookings/{id}/manage' },
  cancelBookingAsGuest: { method: 'POST', path: '/api/bookings/{id}/cancel' },
  getBookingCalendarFile: { method: 'GET', path: '/api/bookings/{id}/ics' },
  getBooking: { method: 'GET', path: '/api/bookings/{id}' },
  confirmBooking: { method: 'POST', path: '/api/bookings/{id}/confirm' },
  declineBooking: { method: 'POST', path: '/api/bookings/{id}/decline' },
  syncCalendar: { method: 'GET', path: '/api/calendar/sync' },
  register: { method: 'POST', path: '/api/auth/register' },
  login: { method: 'POST', path: '/api/login' },
  logout: { method: 'POST', path: '/api/logout' },
  getMe: { method: 'GET', path: '/api/me' },
  updateProfile: { method: 'POST', path: '/api/profile/update' },
  deleteAccount: { method: 'DELETE', path: '/api/auth/account' },
  uploadPhoto: { method: 'POST', path: '/api/profile/upload-photo' },
  removePhoto: { method: 'POST', path: '/api/profile/remove-photo' },
  manualLogin: { method: 'POST', path: '/api/auth/manual-login' },
  openSignInLink: { method: 'GET', path: '/api/auth/email-link' },
  signInWithLink: { method: 'POST', path: '/api/auth/email-link' },
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email' },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification' },
  getAuthDebugUrl: { method: 'GET', path: '/api/auth/debug-url' },
  startGoogleSignIn: { method: 'GET', path: '/api/auth/google' },
  completeGoogleSignIn: { method: 'GET', path: '/api/auth/google/callback' },
  listEvents: { method: 'GET', path: '/api/events' },
  getEvent: { method: 'GET', path: '/api/events/{eventRef}' },
  getEventBySlug: { method: 'GET', path: '/api/events/slug/{slug}' },
  createEvent: { method: 'POST', path: '/api/events' },
  updateEvent: { method: 'PATCH', path: '/api/events/{eventRef}' },
  deleteEvent: { method: 'DELETE', path: '/api/events/{eventRef}' },
  duplicateEvent: { method: 'POST', path: '/api/events/{eventRef}/duplicate' },
  listEventDateOverrides: { method: 'GET', path: '/api/events/{eventRef}/date-overrides' },
  listDateOverrides: { method: 'GET', path: '/api/date-overrides' },
  saveEventDateOverride: { method: 'POST', path: '/api/events/{eventRef}/date-overrides' },
  saveDateOverride: { method: 'POST', path: '/api/date-overrides' },
  deleteDateOverride: { method: 'DELETE', path: '/api/date-overrides/{id}' },
  uploadEventImage: { method: 'POST', path: '/api/uploads/event-image' },
  getSubscriptionStatus: { method: 'GET', path: '/api/subscription/status' },
  getStripeConfig: { method: 'GET', path: '/api/stripe-config' },
  getPlanQuotes: { method: 'GET', path: '/api/subscription/plans' },
  createPaymentIntent: { method: 'POST', path: '/api/subscription/create-payment-intent' },
  createCheckoutSession: { method: 'POST', path: '/api/subscription/checkout' },
  verifyPayment: { method: 'POST', path: '/api/subscription/verify-payment' },
  cancelSubscription: { method: 'POST', path: '/api/subscription/{id}/cancel' },
  getSubscriptionHistory: { method: 'GET', path: '/api/subscription/history' },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  getCalendarStatus: { method: 'GET', path: '/api/user/calendar' },
  getCalendarSettings: { method: 'GET', path: '/api/user/calendar/settings' },
  saveCalendarSettings: { method: 'POST', path: '/api/user/calendar/settings' },
  connectCalendar: { method: 'GET', path: '/api/user/calendar/connect' },
  connectBuiltinCalendar: { method: 'POST', path: '/api/user/calendar/connect' },
  completeCalendarConnect: { method: 'GET', path: '/api/user/calendar/callback' },
  disconnectCalendar: { method: 'POST', path: '/api/user/calendar/disconnect' },
  getCalendarFeed: { method: 'GET', path: '/api/user/calendar/feed' },
  resetCalendarFeed: { method: 'POST', path: '/api/user/calendar/feed' },
  revokeCalendarFeed: { method: 'DELETE', path: '/api/user/calendar/feed' },
  calendarFeed: { method: 'GET', path: '/api/calendar/feed/{token}' },
} as const satisfies Record<string, RouteAddress>;

export type RouteName = keyof typeof routePaths;

/** `/api/events/{slug}` + `{ slug: 'a b' }` → `/api/events/a%20b`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Whether a raw path or query string has percent-encoding that does not decode (`%ZZ`, `%E0%A4%A`: not hex, or
 * not UTF-8). Such an address is refused with 400 before any route is matched.
 */
export function hasMalformedPercentEncoding(raw: string): boolean {
  for (const part of raw.split(/[/?&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Matches a concrete path against a row's template; returns the decoded parameters or null (also for a parameter
 * that does not decode, which callers refuse first: see hasMalformedPercentEncoding).
 */
export function matchPath(template: string, actual: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
    names.push(a ?? b);
    return '([^/]+)';
  });
  const found = new RegExp(`^${pattern}$`).exec(actual);
  if (!found) return null;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, index) => {
      params[name] = decodeURIComponent(found[index + 1] ?? '');
    });
  } catch {
    return null;
  }
  return params;
}
