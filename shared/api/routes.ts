import type { z } from 'zod';

import { routePaths, type RouteAddress, type RouteName } from '#shared/api/route-paths';
import {
  debugUrlResponse,
  deleteAccountResponse,
  emptyBody,
  googleAuthQuery,
  googleCallbackQuery,
  loginBody,
  loginResponse,
  manualLoginBody,
  manualLoginResponse,
  meResponse,
  profileUpdateBody,
  profileUpdateResponse,
  redirectResponse,
  registerBody,
  registerResponse,
  signInLinkBody,
  signInLinkQuery,
  signInLinkResponse,
  uploadPhotoResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '#shared/api/schemas/auth';
import {
  availableDatesQuery,
  availableDatesResponse,
  timeSlotsQuery,
  timeSlotsResponse,
} from '#shared/api/schemas/availability';
import {
  cancelSubscriptionResponse,
  checkoutBody,
  checkoutResponse,
  createPaymentIntentBody,
  createPaymentIntentResponse,
  planQuotesQuery,
  planQuotesResponse,
  stripeConfigResponse,
  subscriptionHistoryResponse,
  subscriptionIdParams,
  subscriptionStatusResponse,
  verifyPaymentBody,
  verifyPaymentResponse,
  webhookResponse,
} from '#shared/api/schemas/billing';
import {
  bookingDecisionBody,
  bookingIdParams,
  bookingListQuery,
  bookingListResponse,
  cancelBookingBody,
  createBookingBody,
  createBookingResponse,
  guestCancelBody,
  hostBookingResponse,
  managedBookingResponse,
  manageTokenQuery,
  noShowBody,
} from '#shared/api/schemas/bookings';
import {
  builtinConnectBody,
  calendarConnectQuery,
  calendarConnectResponse,
  calendarFeedDocument,
  calendarFeedParams,
  calendarFeedResponse,
  calendarSettingsSchema,
  calendarSyncQuery,
  calendarSyncResponse,
} from '#shared/api/schemas/calendar';
import { messageResponse } from '#shared/api/schemas/common';
import { contactSubmitBody } from '#shared/api/schemas/contact';
import { eventSlugParams, publicEventResponse } from '#shared/api/schemas/events';
import {
  calendarStatusResponse,
  dateOverrideBody,
  dateOverrideListResponse,
  dateOverrideSchema,
  dateOverridesQuery,
  duplicateEventBody,
  eventBody,
  eventImageResponse,
  eventPatchBody,
  eventRefParams,
  hostEventListResponse,
  hostEventSchema,
  overrideIdParams,
  slugParams,
} from '#shared/api/schemas/host-events';
import { settingsResponse, settingsUpdateBody } from '#shared/api/schemas/settings';
import { EVENT_IMAGE_TOO_LARGE, PHOTO_TOO_LARGE } from '#shared/constants';

/**
 * THE route table. One row per HTTP route: it feeds the CDK stack (one Lambda per row), the local server
 * and the front-end API client. A row's `name` is also its handler file: functions/src/handlers/{name}.ts.
 */

/** public: anyone; signed-in: a valid session; admin: a valid session of an administrator. */
export type AuthLevel = 'public' | 'signed-in' | 'admin';

/** What a route's Lambda may touch; the CDK stack grants exactly this (least privilege). */
export interface RouteNeeds {
  table?: 'read' | 'readwrite';
  mail?: boolean;
  /** Writes and deletes uploaded photos (the photo bucket in the cloud). */
  photos?: boolean;
  /**
   * Calls Google as our OAuth client: the only functions given GOOGLE_CLIENT_SECRET, and the key that seals and
   * opens hosts' Google refresh tokens.
   */
  google?: boolean;
  /**
   * Talks to Stripe: the only functions that bundle the `stripe` SDK and may read the Stripe secret key and
   * webhook secret (Secrets Manager in the cloud). The cloud stack puts these functions in their own nested stack.
   */
  billing?: boolean;
}

export interface RouteDefinition extends RouteAddress {
  name: string;
  auth: AuthLevel;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status of a successful answer (default 200); 302 answers redirect to the response's `location`. */
  successStatus?: number;
  /** A successful answer that is a document, not JSON: the response schema is its text. */
  contentType?: string;
  /**
   * An upload route: what a body over the platform's 10 MB request limit is told (413), in the spec's words for
   * that upload, before the function ever runs.
   */
  tooLargeMessage?: string;
  needs: RouteNeeds;
  /**
   * A provider's signed callback (Stripe's webhook): the handler reads the raw body itself and the signature is the
   * authentication, so no session is read and the same-site rule does not apply (the caller is not a browser).
   */
  webhook?: 'stripe';
}

const defineRoute = <const T extends RouteDefinition>(route: T): T => route;

export const routes = {
  submitContact: defineRoute({
    name: 'submitContact',
    ...routePaths.submitContact,
    auth: 'public',
    summary: 'Stores a contact message and mails it to the admin address (reply-to the sender).',
    body: contactSubmitBody,
    response: messageResponse,
    needs: { table: 'readwrite', mail: true },
  }),
  getSettings: defineRoute({
    name: 'getSettings',
    ...routePaths.getSettings,
    auth: 'public',
    summary: 'Booking settings; admin-only fields are included for administrators.',
    response: settingsResponse,
    needs: { table: 'read' },
  }),
  updateSettings: defineRoute({
    name: 'updateSettings',
    ...routePaths.updateSettings,
    auth: 'admin',
    summary: 'Changes booking settings; answers the saved settings.',
    body: settingsUpdateBody,
    response: settingsResponse,
    needs: { table: 'readwrite' },
  }),
  getPublicEvent: defineRoute({
    name: 'getPublicEvent',
    ...routePaths.getPublicEvent,
    auth: 'public',
    summary: 'The public view of an event type; 403 with isInactive when deactivated, 404 when unknown.',
    params: eventSlugParams,
    response: publicEventResponse,
    needs: { table: 'read' },
  }),
  getAvailableDates: defineRoute({
    name: 'getAvailableDates',
    ...routePaths.getAvailableDates,
    auth: 'public',
    summary: "Every day of a month in the guest's zone, with whether it has a free slot.",
    query: availableDatesQuery,
    response: availableDatesResponse,
    needs: { table: 'readwrite', google: true },
  }),
  getTimeSlots: defineRoute({
    name: 'getTimeSlots',
    ...routePaths.getTimeSlots,
    auth: 'public',
    summary: "The free slots starting on one date in the guest's zone.",
    query: timeSlotsQuery,
    response: timeSlotsResponse,
    needs: { table: 'readwrite', google: true },
  }),
  createBooking: defineRoute({
    name: 'createBooking',
    ...routePaths.createBooking,
    auth: 'public',
    summary: 'Books a slot: re-checks availability and writes the booking in one conditional transaction.',
    body: createBookingBody,
    response: createBookingResponse,
    successStatus: 201,
    needs: { table: 'readwrite', google: true },
  }),
  listBookings: defineRoute({
    name: 'listBookings',
    ...routePaths.listBookings,
    auth: 'signed-in',
    summary:
      "Bookings starting in a range of days (the caller's zone; at most 92 days), earliest first: an admin sees every host's (one Query per month of the bookings index), a host their own.",
    query: bookingListQuery,
    response: bookingListResponse,
    needs: { table: 'read' },
  }),
  cancelBooking: defineRoute({
    name: 'cancelBooking',
    ...routePaths.cancelBooking,
    auth: 'signed-in',
    summary:
      'Cancels a booking (it is kept, marked cancelled): an admin any, a host their own (anyone else: 404). The guest is told, reminders stop, the calendar event goes ("Delete on cancel"). Optional reason.',
    params: bookingIdParams,
    body: cancelBookingBody,
    response: hostBookingResponse,
    needs: { table: 'readwrite', google: true },
  }),
  markNoShow: defineRoute({
    name: 'markNoShow',
    ...routePaths.markNoShow,
    auth: 'signed-in',
    summary:
      'The host (or an admin) marks the guest of a confirmed booking that has started as not having come, or takes it back.',
    params: bookingIdParams,
    body: noShowBody,
    response: hostBookingResponse,
    needs: { table: 'readwrite' },
  }),
  getManagedBooking: defineRoute({
    name: 'getManagedBooking',
    ...routePaths.getManagedBooking,
    auth: 'public',
    summary:
      "The booking as its guest sees it, for the manage page of the guest's e-mail links (the token from the link; a wrong one is 404). Changes nothing.",
    params: bookingIdParams,
    query: manageTokenQuery,
    response: managedBookingResponse,
    needs: { table: 'read' },
  }),
  cancelBookingAsGuest: defineRoute({
    name: 'cancelBookingAsGuest',
    ...routePaths.cancelBookingAsGuest,
    auth: 'public',
    summary:
      'The guest cancels their booking (token from the link, optional reason): the host is told, reminders stop, the calendar event goes ("Delete on cancel"). 409 once it started or ended.',
    params: bookingIdParams,
    body: guestCancelBody,
    response: managedBookingResponse,
    needs: { table: 'readwrite', google: true },
  }),
  getBookingCalendarFile: defineRoute({
    name: 'getBookingCalendarFile',
    ...routePaths.getBookingCalendarFile,
    auth: 'public',
    summary: 'The booking as an .ics file for the guest\'s calendar app (step 3\'s "Add to calendar"; token as above).',
    params: bookingIdParams,
    query: manageTokenQuery,
    response: calendarFeedDocument,
    contentType: 'text/calendar; charset=utf-8',
    needs: { table: 'read' },
  }),
  getBooking: defineRoute({
    name: 'getBooking',
    ...routePaths.getBooking,
    auth: 'signed-in',
    summary: "One booking for its host's console page (an admin sees any; another host's is 404).",
    params: bookingIdParams,
    response: hostBookingResponse,
    needs: { table: 'read' },
  }),
  confirmBooking: defineRoute({
    name: 'confirmBooking',
    ...routePaths.confirmBooking,
    auth: 'signed-in',
    summary:
      'The host (or an admin) confirms a pending booking: the guest is told, the calendar event is made, reminders are set. 409 when it is not pending or already started.',
    params: bookingIdParams,
    body: bookingDecisionBody,
    response: hostBookingResponse,
    needs: { table: 'readwrite', google: true },
  }),
  declineBooking: defineRoute({
    name: 'declineBooking',
    ...routePaths.declineBooking,
    auth: 'signed-in',
    summary:
      'The host (or an admin) declines a pending booking, with an optional reason for the guest; its time is free again. 409 when it is not pending.',
    params: bookingIdParams,
    body: bookingDecisionBody,
    response: hostBookingResponse,
    needs: { table: 'readwrite' },
  }),
  syncCalendar: defineRoute({
    name: 'syncCalendar',
    ...routePaths.syncCalendar,
    // Public so the booking page can ask for its host; without an event it is the signed-in host's own sync (401).
    auth: 'public',
    summary: "Brings a host's connected calendar up to date: the signed-in host's, or the named event's host's.",
    query: calendarSyncQuery,
    response: calendarSyncResponse,
    needs: { table: 'readwrite', google: true },
  }),
  register: defineRoute({
    name: 'register',
    ...routePaths.register,
    auth: 'public',
    summary: 'Creates an account (name, e-mail, password); the username comes from the e-mail. 409 for a known e-mail.',
    body: registerBody,
    response: registerResponse,
    successStatus: 201,
    needs: { table: 'readwrite', mail: true },
  }),
  login: defineRoute({
    name: 'login',
    ...routePaths.login,
    auth: 'public',
    summary: 'Signs in with username or e-mail and password (throttled: 429); sets the session cookie.',
    body: loginBody,
    response: loginResponse,
    needs: { table: 'readwrite' },
  }),
  logout: defineRoute({
    name: 'logout',
    ...routePaths.logout,
    auth: 'public',
    summary: 'Ends the session (its item is deleted) and clears the cookie.',
    body: emptyBody,
    response: messageResponse,
    needs: { table: 'readwrite' },
  }),
  getMe: defineRoute({
    name: 'getMe',
    ...routePaths.getMe,
    auth: 'public',
    summary: 'The signed-in user, or { user: null }.',
    response: meResponse,
    needs: { table: 'read' },
  }),
  updateProfile: defineRoute({
    name: 'updateProfile',
    ...routePaths.updateProfile,
    auth: 'signed-in',
    summary: "Changes the signed-in user's name and e-mail (409 when another account has the e-mail).",
    body: profileUpdateBody,
    response: profileUpdateResponse,
    needs: { table: 'readwrite', mail: true },
  }),
  deleteAccount: defineRoute({
    name: 'deleteAccount',
    ...routePaths.deleteAccount,
    auth: 'signed-in',
    summary: 'Deletes the signed-in account with its events, overrides, bookings, calendar and sessions.',
    body: emptyBody,
    response: deleteAccountResponse,
    needs: { table: 'readwrite', photos: true, google: true },
  }),
  uploadPhoto: defineRoute({
    name: 'uploadPhoto',
    ...routePaths.uploadPhoto,
    auth: 'signed-in',
    // multipart/form-data, field `photo`: read by the handler (functions/src/http/multipart.ts), not as JSON.
    summary: 'Stores a new profile photo (2 MB, PNG/JPEG/GIF/WebP by its bytes) and answers its URL.',
    response: uploadPhotoResponse,
    needs: { table: 'readwrite', photos: true },
    tooLargeMessage: PHOTO_TOO_LARGE,
  }),
  removePhoto: defineRoute({
    name: 'removePhoto',
    ...routePaths.removePhoto,
    auth: 'signed-in',
    summary: 'Removes the profile photo.',
    body: emptyBody,
    response: messageResponse,
    needs: { table: 'readwrite', photos: true },
  }),
  manualLogin: defineRoute({
    name: 'manualLogin',
    ...routePaths.manualLogin,
    auth: 'public',
    summary: 'Mails a one-time sign-in link to an account’s address; the same answer whether or not it exists.',
    body: manualLoginBody,
    response: manualLoginResponse,
    needs: { table: 'readwrite', mail: true },
  }),
  openSignInLink: defineRoute({
    name: 'openSignInLink',
    ...routePaths.openSignInLink,
    auth: 'public',
    summary: 'A sign-in link mailed before the link page: redirects to /sign-in-link, using nothing up.',
    query: signInLinkQuery,
    response: redirectResponse,
    successStatus: 302,
    needs: { table: 'read' },
  }),
  signInWithLink: defineRoute({
    name: 'signInWithLink',
    ...routePaths.signInWithLink,
    auth: 'public',
    summary: "The sign-in link page's button: uses the one-time link and starts a session.",
    body: signInLinkBody,
    response: signInLinkResponse,
    needs: { table: 'readwrite' },
  }),
  verifyEmail: defineRoute({
    name: 'verifyEmail',
    ...routePaths.verifyEmail,
    auth: 'public',
    summary:
      "The /verify-email page's button: uses a mailed confirmation link (a new account's address, or a new one).",
    body: verifyEmailBody,
    response: verifyEmailResponse,
    needs: { table: 'readwrite' },
  }),
  resendVerification: defineRoute({
    name: 'resendVerification',
    ...routePaths.resendVerification,
    auth: 'signed-in',
    summary: "Mails another confirmation link for the account's unproven address (3 per 15 minutes).",
    body: emptyBody,
    response: messageResponse,
    needs: { table: 'readwrite', mail: true },
  }),
  getAuthDebugUrl: defineRoute({
    name: 'getAuthDebugUrl',
    ...routePaths.getAuthDebugUrl,
    auth: 'public',
    summary: 'Public sign-in configuration for /oauth-config: origin, callback URL, whether Google is set up.',
    response: debugUrlResponse,
    // Every route verifies the session cookie against its session item, so every route reads the table.
    needs: { table: 'read' },
  }),
  startGoogleSignIn: defineRoute({
    name: 'startGoogleSignIn',
    ...routePaths.startGoogleSignIn,
    auth: 'public',
    summary:
      'Sends the browser to Google sign-in (state + PKCE); while Google is not configured, back to /login with the reason.',
    query: googleAuthQuery,
    response: redirectResponse,
    successStatus: 302,
    needs: { table: 'readwrite', google: true },
  }),
  completeGoogleSignIn: defineRoute({
    name: 'completeGoogleSignIn',
    ...routePaths.completeGoogleSignIn,
    auth: 'public',
    summary: 'Google returns here: checks state, exchanges the code (PKCE), signs in, links or creates the account.',
    query: googleCallbackQuery,
    response: redirectResponse,
    successStatus: 302,
    needs: { table: 'readwrite', google: true },
  }),
  listEvents: defineRoute({
    name: 'listEvents',
    ...routePaths.listEvents,
    auth: 'signed-in',
    summary: "The signed-in host's event types, newest first.",
    response: hostEventListResponse,
    needs: { table: 'read' },
  }),
  getEvent: defineRoute({
    name: 'getEvent',
    ...routePaths.getEvent,
    auth: 'signed-in',
    summary: "One of the host's event types by id or slug (another host's is 404).",
    params: eventRefParams,
    response: hostEventSchema,
    needs: { table: 'read' },
  }),
  getEventBySlug: defineRoute({
    name: 'getEventBySlug',
    ...routePaths.getEventBySlug,
    auth: 'signed-in',
    summary: "One of the host's event types by slug (the editor's diagnostic fetch).",
    params: slugParams,
    response: hostEventSchema,
    needs: { table: 'read' },
  }),
  createEvent: defineRoute({
    name: 'createEvent',
    ...routePaths.createEvent,
    auth: 'signed-in',
    summary: 'Creates an event type with a unique slug (409 when taken; 402 when activating after the trial).',
    body: eventBody,
    response: hostEventSchema,
    successStatus: 201,
    needs: { table: 'readwrite' },
  }),
  updateEvent: defineRoute({
    name: 'updateEvent',
    ...routePaths.updateEvent,
    auth: 'signed-in',
    summary:
      'Activates or deactivates ({ active }) or replaces the fields of an event type (402 when activating after the trial).',
    params: eventRefParams,
    body: eventPatchBody,
    response: hostEventSchema,
    needs: { table: 'readwrite' },
  }),
  deleteEvent: defineRoute({
    name: 'deleteEvent',
    ...routePaths.deleteEvent,
    auth: 'signed-in',
    summary: 'Deletes an event type with its date overrides and its future bookings.',
    params: eventRefParams,
    response: messageResponse,
    needs: { table: 'readwrite', google: true },
  }),
  duplicateEvent: defineRoute({
    name: 'duplicateEvent',
    ...routePaths.duplicateEvent,
    auth: 'signed-in',
    summary: 'Copies an event type as "… (copy)" under a new slug, active when the trial or plan allows.',
    params: eventRefParams,
    body: duplicateEventBody,
    response: hostEventSchema,
    successStatus: 201,
    needs: { table: 'readwrite' },
  }),
  listEventDateOverrides: defineRoute({
    name: 'listEventDateOverrides',
    ...routePaths.listEventDateOverrides,
    auth: 'signed-in',
    summary: "An event type's date exceptions, by date.",
    params: eventRefParams,
    response: dateOverrideListResponse,
    needs: { table: 'read' },
  }),
  listDateOverrides: defineRoute({
    name: 'listDateOverrides',
    ...routePaths.listDateOverrides,
    auth: 'signed-in',
    summary: "An event type's date exceptions (?eventId=), by date.",
    query: dateOverridesQuery,
    response: dateOverrideListResponse,
    needs: { table: 'read' },
  }),
  saveEventDateOverride: defineRoute({
    name: 'saveEventDateOverride',
    ...routePaths.saveEventDateOverride,
    auth: 'signed-in',
    summary: 'Adds or changes a date exception of an event type (one per date).',
    params: eventRefParams,
    body: dateOverrideBody,
    response: dateOverrideSchema,
    needs: { table: 'readwrite' },
  }),
  saveDateOverride: defineRoute({
    name: 'saveDateOverride',
    ...routePaths.saveDateOverride,
    auth: 'signed-in',
    summary: 'Adds or changes a date exception of the event type named by eventId (one per date).',
    body: dateOverrideBody,
    response: dateOverrideSchema,
    needs: { table: 'readwrite' },
  }),
  deleteDateOverride: defineRoute({
    name: 'deleteDateOverride',
    ...routePaths.deleteDateOverride,
    auth: 'signed-in',
    summary: 'Deletes a date exception.',
    params: overrideIdParams,
    response: messageResponse,
    needs: { table: 'readwrite' },
  }),
  uploadEventImage: defineRoute({
    name: 'uploadEventImage',
    ...routePaths.uploadEventImage,
    auth: 'signed-in',
    summary: 'Stores an event photo or guest logo (multipart field image, 5 MB, PNG/JPEG/GIF/WebP by content).',
    response: eventImageResponse,
    successStatus: 201,
    needs: { table: 'read', photos: true },
    tooLargeMessage: EVENT_IMAGE_TOO_LARGE,
  }),
  getSubscriptionStatus: defineRoute({
    name: 'getSubscriptionStatus',
    ...routePaths.getSubscriptionStatus,
    auth: 'signed-in',
    summary:
      "The host's plan: status ('active' while in force, a cancelled plan until its period ends; none when never paid), plan, next billing date, and whether billing is set up on this server.",
    response: subscriptionStatusResponse,
    needs: { table: 'read' },
  }),
  getStripeConfig: defineRoute({
    name: 'getStripeConfig',
    ...routePaths.getStripeConfig,
    auth: 'public',
    summary:
      "Stripe's publishable key, the API version the server pins, and test or live mode. 503 when payments are not set up on this server.",
    response: stripeConfigResponse,
    needs: { table: 'read' },
  }),
  getPlanQuotes: defineRoute({
    name: 'getPlanQuotes',
    ...routePaths.getPlanQuotes,
    auth: 'public',
    summary:
      "The plans with the server's figures in cents (price, promo, processing fee, total, renewals); with promoCode, that code applied where it may be (400 for a code that is not valid).",
    query: planQuotesQuery,
    response: planQuotesResponse,
    needs: { table: 'read' },
  }),
  createPaymentIntent: defineRoute({
    name: 'createPaymentIntent',
    ...routePaths.createPaymentIntent,
    auth: 'public',
    summary:
      "Starts a payment for the embedded form: a Stripe subscription (monthly, annual) or a one-time payment (lifetime) for the signed-in host, or for a guest's e-mail. The price is the server's; a calculatedPrice or discountPercent that disagrees is 409 with the server's figures.",
    body: createPaymentIntentBody,
    response: createPaymentIntentResponse,
    needs: { table: 'readwrite', billing: true },
  }),
  createCheckoutSession: defineRoute({
    name: 'createCheckoutSession',
    ...routePaths.createCheckoutSession,
    auth: 'public',
    summary:
      "A Stripe Checkout session for a plan (prices as for create-payment-intent); successUrl and cancelUrl must be this site's /billing-success and /billing-details pages.",
    body: checkoutBody,
    response: checkoutResponse,
    needs: { table: 'readwrite', billing: true },
  }),
  verifyPayment: defineRoute({
    name: 'verifyPayment',
    ...routePaths.verifyPayment,
    auth: 'public',
    summary:
      'Asks Stripe how a payment started here ended (a Checkout session or a payment intent) and records it at once, as the webhook would: paid, processing, requires_action, failed or canceled.',
    body: verifyPaymentBody,
    response: verifyPaymentResponse,
    needs: { table: 'readwrite', billing: true },
  }),
  cancelSubscription: defineRoute({
    name: 'cancelSubscription',
    ...routePaths.cancelSubscription,
    auth: 'signed-in',
    summary:
      "Cancels the caller's subscription at the end of its period (it stays active until then). 409 for a lifetime plan; another account's id is 404.",
    params: subscriptionIdParams,
    response: cancelSubscriptionResponse,
    needs: { table: 'readwrite', billing: true },
  }),
  getSubscriptionHistory: defineRoute({
    name: 'getSubscriptionHistory',
    ...routePaths.getSubscriptionHistory,
    auth: 'signed-in',
    summary: "The caller's plans, newest first, each with its payments (amounts in dollars), as recorded here.",
    response: subscriptionHistoryResponse,
    needs: { table: 'read' },
  }),
  stripeWebhook: defineRoute({
    name: 'stripeWebhook',
    ...routePaths.stripeWebhook,
    auth: 'public',
    summary:
      "Stripe's events, verified by their signature and processed once per event id; an older event never overwrites newer state.",
    response: webhookResponse,
    webhook: 'stripe',
    needs: { table: 'readwrite', billing: true },
  }),
  getCalendarStatus: defineRoute({
    name: 'getCalendarStatus',
    ...routePaths.getCalendarStatus,
    auth: 'signed-in',
    summary: "The host's calendar connection: connected, e-mail, last synced, provider.",
    response: calendarStatusResponse,
    needs: { table: 'read' },
  }),
  getCalendarSettings: defineRoute({
    name: 'getCalendarSettings',
    ...routePaths.getCalendarSettings,
    auth: 'signed-in',
    summary: 'The calendar switches: add bookings, update on reschedule, delete on cancel (all on by default).',
    response: calendarSettingsSchema,
    needs: { table: 'read' },
  }),
  saveCalendarSettings: defineRoute({
    name: 'saveCalendarSettings',
    ...routePaths.saveCalendarSettings,
    auth: 'signed-in',
    summary: 'Saves all three calendar switches.',
    body: calendarSettingsSchema,
    response: calendarSettingsSchema,
    needs: { table: 'readwrite' },
  }),
  connectCalendar: defineRoute({
    name: 'connectCalendar',
    ...routePaths.connectCalendar,
    auth: 'signed-in',
    summary:
      'Starts connecting Google Calendar: its authorization address (state + PKCE); never switches a calendar itself.',
    query: calendarConnectQuery,
    response: calendarConnectResponse,
    needs: { table: 'readwrite', google: true },
  }),
  connectBuiltinCalendar: defineRoute({
    name: 'connectBuiltinCalendar',
    ...routePaths.connectBuiltinCalendar,
    auth: 'signed-in',
    summary: 'Connects the built-in calendar (a Google grant it replaces is revoked).',
    body: builtinConnectBody,
    response: calendarConnectResponse,
    needs: { table: 'readwrite', google: true },
  }),
  completeCalendarConnect: defineRoute({
    name: 'completeCalendarConnect',
    ...routePaths.completeCalendarConnect,
    // Public so that a lost session ends on the window's error page, not in a JSON 401; the use case checks it.
    auth: 'public',
    summary: 'Google returns here: checks state and session, exchanges the code, stores the sealed refresh token.',
    query: googleCallbackQuery,
    response: redirectResponse,
    successStatus: 302,
    needs: { table: 'readwrite', google: true },
  }),
  disconnectCalendar: defineRoute({
    name: 'disconnectCalendar',
    ...routePaths.disconnectCalendar,
    auth: 'signed-in',
    summary: "Disconnects the host's calendar: revokes the Google token at Google and deletes it here.",
    body: emptyBody,
    response: messageResponse,
    needs: { table: 'readwrite', google: true },
  }),
  getCalendarFeed: defineRoute({
    name: 'getCalendarFeed',
    ...routePaths.getCalendarFeed,
    auth: 'signed-in',
    summary: "The private ICS feed address of the host's built-in calendar, or null.",
    response: calendarFeedResponse,
    needs: { table: 'read', google: true },
  }),
  resetCalendarFeed: defineRoute({
    name: 'resetCalendarFeed',
    ...routePaths.resetCalendarFeed,
    auth: 'signed-in',
    summary: 'Makes a new private ICS feed address; the previous one stops working.',
    body: emptyBody,
    response: calendarFeedResponse,
    needs: { table: 'readwrite', google: true },
  }),
  revokeCalendarFeed: defineRoute({
    name: 'revokeCalendarFeed',
    ...routePaths.revokeCalendarFeed,
    auth: 'signed-in',
    summary: 'Turns the private ICS feed off.',
    response: calendarFeedResponse,
    needs: { table: 'readwrite' },
  }),
  calendarFeed: defineRoute({
    name: 'calendarFeed',
    ...routePaths.calendarFeed,
    auth: 'public',
    summary: "A host's bookings as an ICS calendar, for calendar apps subscribed to the private feed address.",
    params: calendarFeedParams,
    response: calendarFeedDocument,
    contentType: 'text/calendar; charset=utf-8',
    needs: { table: 'read' },
  }),
} as const satisfies Record<RouteName, RouteDefinition>;

export type Route = (typeof routes)[RouteName];

/** Every row, in a stable order. */
export const routeTable: readonly RouteDefinition[] = Object.values(routes);
