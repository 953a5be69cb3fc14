import { billingRoutes, type BillingRouteName } from '#shared/api/billing-routes';
import * as paths from '#shared/api/route-addresses';
import { defineRoute, type RouteDefinition } from '#shared/api/route-definition';
import type { RouteName } from '#shared/api/route-paths';
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
  manageTokenBody,
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
import {
  apiKeyIdParams,
  apiKeyListResponse,
  createApiKeyBody,
  createApiKeyResponse,
  createWebhookBody,
  createWebhookResponse,
  integrationDeletedResponse,
  openApiDocumentResponse,
  updateWebhookBody,
  webhookDeliveryListResponse,
  webhookDeliveryParams,
  webhookIdParams,
  webhookListResponse,
  webhookQueuedResponse,
  webhookResponse,
} from '#shared/api/schemas/integrations';
import { settingsResponse, settingsUpdateBody } from '#shared/api/schemas/settings';
import {
  createTeamBody,
  createTeamResponse,
  invitationIdParams,
  inviteBody,
  memberRoleBody,
  myInvitationsResponse,
  publicTeamResponse,
  teamDetailResponse,
  teamInvitationParams,
  teamInvitationSchema,
  teamListResponse,
  teamMemberParams,
  teamMemberSchema,
  teamSlugParams,
  teamSummarySchema,
  updateTeamBody,
} from '#shared/api/schemas/teams';
import { EVENT_IMAGE_TOO_LARGE, PHOTO_TOO_LARGE } from '#shared/constants';

/**
 * THE route table. One row per HTTP route: it feeds the CDK stack (one Lambda per row), the local server
 * and the front-end API client. A row's `name` is also its handler file: functions/src/handlers/{name}.ts.
 *
 * Each row is an exported constant (built by a pure call, see defineRoute), and a handler imports this module as a
 * namespace and names its own row (`routes.createBooking`), so its function bundles that row and its schemas and no
 * others. `routes` and `routeTable` below gather every row, in the table's order.
 */

export type { AuthLevel, RouteDefinition, RouteNeeds } from '#shared/api/route-definition';

export const submitContact = /* @__PURE__ */ defineRoute(paths.submitContact, {
  name: 'submitContact',
  auth: 'public',
  summary: 'Stores a contact message and mails it to the admin address (reply-to the sender).',
  body: contactSubmitBody,
  response: messageResponse,
  needs: { table: 'readwrite', mail: true },
});

export const getSettings = /* @__PURE__ */ defineRoute(paths.getSettings, {
  name: 'getSettings',
  auth: 'public',
  summary: 'Booking settings; admin-only fields are included for administrators.',
  response: settingsResponse,
  needs: { table: 'read' },
});

export const updateSettings = /* @__PURE__ */ defineRoute(paths.updateSettings, {
  name: 'updateSettings',
  auth: 'admin',
  summary: 'Changes booking settings; answers the saved settings.',
  body: settingsUpdateBody,
  response: settingsResponse,
  needs: { table: 'readwrite' },
});

export const getPublicEvent = /* @__PURE__ */ defineRoute(paths.getPublicEvent, {
  name: 'getPublicEvent',
  auth: 'public',
  summary: 'The public view of an event type; 403 with isInactive when deactivated, 404 when unknown.',
  params: eventSlugParams,
  response: publicEventResponse,
  needs: { table: 'read' },
});

export const getAvailableDates = /* @__PURE__ */ defineRoute(paths.getAvailableDates, {
  name: 'getAvailableDates',
  auth: 'public',
  summary: "Every day of a month in the guest's zone, with whether it has a free slot.",
  query: availableDatesQuery,
  response: availableDatesResponse,
  needs: { table: 'readwrite', google: true },
});

export const getTimeSlots = /* @__PURE__ */ defineRoute(paths.getTimeSlots, {
  name: 'getTimeSlots',
  auth: 'public',
  summary: "The free slots starting on one date in the guest's zone.",
  query: timeSlotsQuery,
  response: timeSlotsResponse,
  needs: { table: 'readwrite', google: true },
});

export const createBooking = /* @__PURE__ */ defineRoute(paths.createBooking, {
  name: 'createBooking',
  auth: 'public',
  summary: 'Books a slot: re-checks availability and writes the booking in one conditional transaction.',
  body: createBookingBody,
  response: createBookingResponse,
  successStatus: 201,
  needs: { table: 'readwrite', google: true },
});

export const listBookings = /* @__PURE__ */ defineRoute(paths.listBookings, {
  name: 'listBookings',
  auth: 'signed-in',
  apiKey: true,
  summary:
    "Bookings starting in a range of days (the caller's zone; at most 92 days), earliest first: an admin sees every host's (the bookings index, by month), a host their own. With `limit` (1–200) or `cursor`, one page: `{ bookings, nextCursor }`; pass `nextCursor` back as `cursor` with the same range for the next page (null after the last; a cursor not of this range is 400). Without either, the whole range as an array.",
  query: bookingListQuery,
  response: bookingListResponse,
  needs: { table: 'read' },
});

export const cancelBooking = /* @__PURE__ */ defineRoute(paths.cancelBooking, {
  name: 'cancelBooking',
  auth: 'signed-in',
  apiKey: true,
  summary:
    'Cancels a booking (it is kept, marked cancelled): an admin any, a host their own (anyone else: 404). The guest is told, reminders stop, the calendar event goes ("Delete on cancel"). Optional reason.',
  params: bookingIdParams,
  body: cancelBookingBody,
  response: hostBookingResponse,
  needs: { table: 'readwrite', google: true },
});

export const markNoShow = /* @__PURE__ */ defineRoute(paths.markNoShow, {
  name: 'markNoShow',
  auth: 'signed-in',
  summary:
    'The host (or an admin) marks the guest of a confirmed booking that has started as not having come, or takes it back.',
  params: bookingIdParams,
  body: noShowBody,
  response: hostBookingResponse,
  needs: { table: 'readwrite' },
});

export const getManagedBooking = /* @__PURE__ */ defineRoute(paths.getManagedBooking, {
  name: 'getManagedBooking',
  auth: 'public',
  summary:
    "The booking as its guest sees it, for the manage page of the guest's e-mail links. The token comes from the link's fragment (`/booking/{id}#token=…`, never in a URL the server sees) in the body; a wrong one is 404, and 410 once the booking has ended or was replaced by a reschedule. Changes nothing.",
  params: bookingIdParams,
  body: manageTokenBody,
  response: managedBookingResponse,
  needs: { table: 'read' },
});

export const cancelBookingAsGuest = /* @__PURE__ */ defineRoute(paths.cancelBookingAsGuest, {
  name: 'cancelBookingAsGuest',
  auth: 'public',
  summary:
    'The guest cancels their booking (token from the link, optional reason): the host is told, reminders stop, the calendar event goes ("Delete on cancel"). 409 once it started or ended.',
  params: bookingIdParams,
  body: guestCancelBody,
  response: managedBookingResponse,
  needs: { table: 'readwrite', google: true },
});

export const getBookingCalendarFile = /* @__PURE__ */ defineRoute(paths.getBookingCalendarFile, {
  name: 'getBookingCalendarFile',
  auth: 'public',
  summary:
    "The booking as an .ics file for the guest's calendar app (step 3's \"Add to calendar\" and the manage page; the guest's token in the body, 404 / 410 as above).",
  params: bookingIdParams,
  body: manageTokenBody,
  response: calendarFeedDocument,
  contentType: 'text/calendar; charset=utf-8',
  needs: { table: 'read' },
});

export const getReschedulableBooking = /* @__PURE__ */ defineRoute(paths.getReschedulableBooking, {
  name: 'getReschedulableBooking',
  auth: 'public',
  summary:
    "The booking a reschedule link moves, for the booking page's reschedule mode (`/book/{slug}?reschedule={id}#token=…`): the guest's token or the host's reschedule-only one (the bookings list's link) in the body; 404 / 410 as above. Changes nothing; the host's token opens no other guest route.",
  params: bookingIdParams,
  body: manageTokenBody,
  response: managedBookingResponse,
  needs: { table: 'read' },
});

export const getBooking = /* @__PURE__ */ defineRoute(paths.getBooking, {
  name: 'getBooking',
  auth: 'signed-in',
  apiKey: true,
  summary: "One booking for its host's console page (an admin sees any; another host's is 404).",
  params: bookingIdParams,
  response: hostBookingResponse,
  needs: { table: 'read' },
});

export const confirmBooking = /* @__PURE__ */ defineRoute(paths.confirmBooking, {
  name: 'confirmBooking',
  auth: 'signed-in',
  summary:
    'The host (or an admin) confirms a pending booking: the guest is told, the calendar event is made, reminders are set. 409 when it is not pending, already started, or the request expired (`pendingExpiryHours` of its event type after it was made; its time is then free again).',
  params: bookingIdParams,
  body: bookingDecisionBody,
  response: hostBookingResponse,
  needs: { table: 'readwrite', google: true },
});

export const declineBooking = /* @__PURE__ */ defineRoute(paths.declineBooking, {
  name: 'declineBooking',
  auth: 'signed-in',
  summary:
    'The host (or an admin) declines a pending booking, with an optional reason for the guest; its time is free again. 409 when it is not pending.',
  params: bookingIdParams,
  body: bookingDecisionBody,
  response: hostBookingResponse,
  needs: { table: 'readwrite' },
});

export const syncCalendar = /* @__PURE__ */ defineRoute(paths.syncCalendar, {
  name: 'syncCalendar',
  // Public so the booking page can ask for its host; without an event it is the signed-in host's own sync (401).
  auth: 'public',
  summary: "Brings a host's connected calendar up to date: the signed-in host's, or the named event's host's.",
  query: calendarSyncQuery,
  response: calendarSyncResponse,
  needs: { table: 'readwrite', google: true },
});

export const register = /* @__PURE__ */ defineRoute(paths.register, {
  name: 'register',
  auth: 'public',
  summary: 'Creates an account (name, e-mail, password); the username comes from the e-mail. 409 for a known e-mail.',
  body: registerBody,
  response: registerResponse,
  successStatus: 201,
  needs: { table: 'readwrite', mail: true },
});

export const login = /* @__PURE__ */ defineRoute(paths.login, {
  name: 'login',
  auth: 'public',
  summary: 'Signs in with username or e-mail and password (throttled: 429); sets the session cookie.',
  body: loginBody,
  response: loginResponse,
  needs: { table: 'readwrite' },
});

export const logout = /* @__PURE__ */ defineRoute(paths.logout, {
  name: 'logout',
  auth: 'public',
  summary: 'Ends the session (its item is deleted) and clears the cookie.',
  body: emptyBody,
  response: messageResponse,
  needs: { table: 'readwrite' },
});

export const getMe = /* @__PURE__ */ defineRoute(paths.getMe, {
  name: 'getMe',
  auth: 'public',
  summary: 'The signed-in user, or { user: null }.',
  response: meResponse,
  needs: { table: 'read' },
});

export const updateProfile = /* @__PURE__ */ defineRoute(paths.updateProfile, {
  name: 'updateProfile',
  auth: 'signed-in',
  summary: "Changes the signed-in user's name and e-mail (409 when another account has the e-mail).",
  body: profileUpdateBody,
  response: profileUpdateResponse,
  needs: { table: 'readwrite', mail: true },
});

export const deleteAccount = /* @__PURE__ */ defineRoute(paths.deleteAccount, {
  name: 'deleteAccount',
  auth: 'signed-in',
  summary:
    'Deletes the signed-in account with its events, overrides, bookings, calendar and sessions; a subscription is cancelled at Stripe at once first (503 and nothing deleted when Stripe cannot be reached).',
  body: emptyBody,
  response: deleteAccountResponse,
  needs: { table: 'readwrite', photos: true, google: true, billing: true },
});

export const uploadPhoto = /* @__PURE__ */ defineRoute(paths.uploadPhoto, {
  name: 'uploadPhoto',
  auth: 'signed-in',
  // multipart/form-data, field `photo`: read by the handler (functions/src/http/multipart.ts), not as JSON.
  summary: 'Stores a new profile photo (2 MB, PNG/JPEG/GIF/WebP by its bytes) and answers its URL.',
  response: uploadPhotoResponse,
  needs: { table: 'readwrite', photos: true },
  tooLargeMessage: PHOTO_TOO_LARGE,
});

export const removePhoto = /* @__PURE__ */ defineRoute(paths.removePhoto, {
  name: 'removePhoto',
  auth: 'signed-in',
  summary: 'Removes the profile photo.',
  body: emptyBody,
  response: messageResponse,
  needs: { table: 'readwrite', photos: true },
});

export const manualLogin = /* @__PURE__ */ defineRoute(paths.manualLogin, {
  name: 'manualLogin',
  auth: 'public',
  summary: 'Mails a one-time sign-in link to an account’s address; the same answer whether or not it exists.',
  body: manualLoginBody,
  response: manualLoginResponse,
  needs: { table: 'readwrite', mail: true },
});

export const openSignInLink = /* @__PURE__ */ defineRoute(paths.openSignInLink, {
  name: 'openSignInLink',
  auth: 'public',
  summary: 'A sign-in link mailed before the link page: redirects to /sign-in-link, using nothing up.',
  query: signInLinkQuery,
  response: redirectResponse,
  successStatus: 302,
  needs: { table: 'read' },
});

export const signInWithLink = /* @__PURE__ */ defineRoute(paths.signInWithLink, {
  name: 'signInWithLink',
  auth: 'public',
  summary: "The sign-in link page's button: uses the one-time link and starts a session.",
  body: signInLinkBody,
  response: signInLinkResponse,
  // Claiming an unproven account revokes the Google Calendar grant its creator connected (issue 30).
  needs: { table: 'readwrite', google: true },
});

export const verifyEmail = /* @__PURE__ */ defineRoute(paths.verifyEmail, {
  name: 'verifyEmail',
  auth: 'public',
  summary: "The /verify-email page's button: uses a mailed confirmation link (a new account's address, or a new one).",
  body: verifyEmailBody,
  response: verifyEmailResponse,
  needs: { table: 'readwrite' },
});

export const resendVerification = /* @__PURE__ */ defineRoute(paths.resendVerification, {
  name: 'resendVerification',
  auth: 'signed-in',
  summary: "Mails another confirmation link for the account's unproven address (3 per 15 minutes).",
  body: emptyBody,
  response: messageResponse,
  needs: { table: 'readwrite', mail: true },
});

export const getAuthDebugUrl = /* @__PURE__ */ defineRoute(paths.getAuthDebugUrl, {
  name: 'getAuthDebugUrl',
  auth: 'public',
  summary: 'Public sign-in configuration for /oauth-config: origin, callback URL, whether Google is set up.',
  response: debugUrlResponse,
  // Every route verifies the session cookie against its session item, so every route reads the table.
  needs: { table: 'read' },
});

export const startGoogleSignIn = /* @__PURE__ */ defineRoute(paths.startGoogleSignIn, {
  name: 'startGoogleSignIn',
  auth: 'public',
  summary:
    'Sends the browser to Google sign-in (state + PKCE); while Google is not configured, back to /login with the reason.',
  query: googleAuthQuery,
  response: redirectResponse,
  successStatus: 302,
  needs: { table: 'readwrite', google: true },
});

export const completeGoogleSignIn = /* @__PURE__ */ defineRoute(paths.completeGoogleSignIn, {
  name: 'completeGoogleSignIn',
  auth: 'public',
  summary: 'Google returns here: checks state, exchanges the code (PKCE), signs in, links or creates the account.',
  query: googleCallbackQuery,
  response: redirectResponse,
  successStatus: 302,
  needs: { table: 'readwrite', google: true },
});

export const listEvents = /* @__PURE__ */ defineRoute(paths.listEvents, {
  name: 'listEvents',
  auth: 'signed-in',
  apiKey: true,
  summary: "The signed-in host's event types, newest first.",
  response: hostEventListResponse,
  needs: { table: 'read' },
});

export const getEvent = /* @__PURE__ */ defineRoute(paths.getEvent, {
  name: 'getEvent',
  auth: 'signed-in',
  apiKey: true,
  summary: "One of the host's event types by id or slug (another host's is 404).",
  params: eventRefParams,
  response: hostEventSchema,
  needs: { table: 'read' },
});

export const getEventBySlug = /* @__PURE__ */ defineRoute(paths.getEventBySlug, {
  name: 'getEventBySlug',
  auth: 'signed-in',
  apiKey: true,
  summary: "One of the host's event types by slug (the editor's diagnostic fetch).",
  params: slugParams,
  response: hostEventSchema,
  needs: { table: 'read' },
});

export const createEvent = /* @__PURE__ */ defineRoute(paths.createEvent, {
  name: 'createEvent',
  auth: 'signed-in',
  summary: 'Creates an event type with a unique slug (409 when taken; 402 when activating after the trial).',
  body: eventBody,
  response: hostEventSchema,
  successStatus: 201,
  needs: { table: 'readwrite' },
});

export const updateEvent = /* @__PURE__ */ defineRoute(paths.updateEvent, {
  name: 'updateEvent',
  auth: 'signed-in',
  summary:
    'Activates or deactivates ({ active }) or replaces the fields of an event type (402 when activating after the trial).',
  params: eventRefParams,
  body: eventPatchBody,
  response: hostEventSchema,
  needs: { table: 'readwrite' },
});

export const deleteEvent = /* @__PURE__ */ defineRoute(paths.deleteEvent, {
  name: 'deleteEvent',
  auth: 'signed-in',
  summary: 'Deletes an event type with its date overrides and its future bookings.',
  params: eventRefParams,
  response: messageResponse,
  needs: { table: 'readwrite', google: true },
});

export const duplicateEvent = /* @__PURE__ */ defineRoute(paths.duplicateEvent, {
  name: 'duplicateEvent',
  auth: 'signed-in',
  summary: 'Copies an event type as "… (copy)" under a new slug, active when the trial or plan allows.',
  params: eventRefParams,
  body: duplicateEventBody,
  response: hostEventSchema,
  successStatus: 201,
  needs: { table: 'readwrite' },
});

export const listEventDateOverrides = /* @__PURE__ */ defineRoute(paths.listEventDateOverrides, {
  name: 'listEventDateOverrides',
  auth: 'signed-in',
  summary: "An event type's date exceptions, by date.",
  params: eventRefParams,
  response: dateOverrideListResponse,
  needs: { table: 'read' },
});

export const listDateOverrides = /* @__PURE__ */ defineRoute(paths.listDateOverrides, {
  name: 'listDateOverrides',
  auth: 'signed-in',
  summary: "An event type's date exceptions (?eventId=), by date.",
  query: dateOverridesQuery,
  response: dateOverrideListResponse,
  needs: { table: 'read' },
});

export const saveEventDateOverride = /* @__PURE__ */ defineRoute(paths.saveEventDateOverride, {
  name: 'saveEventDateOverride',
  auth: 'signed-in',
  summary: 'Adds or changes a date exception of an event type (one per date).',
  params: eventRefParams,
  body: dateOverrideBody,
  response: dateOverrideSchema,
  needs: { table: 'readwrite' },
});

export const saveDateOverride = /* @__PURE__ */ defineRoute(paths.saveDateOverride, {
  name: 'saveDateOverride',
  auth: 'signed-in',
  summary: 'Adds or changes a date exception of the event type named by eventId (one per date).',
  body: dateOverrideBody,
  response: dateOverrideSchema,
  needs: { table: 'readwrite' },
});

export const deleteDateOverride = /* @__PURE__ */ defineRoute(paths.deleteDateOverride, {
  name: 'deleteDateOverride',
  auth: 'signed-in',
  summary: 'Deletes a date exception.',
  params: overrideIdParams,
  response: messageResponse,
  needs: { table: 'readwrite' },
});

export const uploadEventImage = /* @__PURE__ */ defineRoute(paths.uploadEventImage, {
  name: 'uploadEventImage',
  auth: 'signed-in',
  summary: 'Stores an event photo or guest logo (multipart field image, 5 MB, PNG/JPEG/GIF/WebP by content).',
  response: eventImageResponse,
  successStatus: 201,
  needs: { table: 'read', photos: true },
  tooLargeMessage: EVENT_IMAGE_TOO_LARGE,
});

export const getCalendarStatus = /* @__PURE__ */ defineRoute(paths.getCalendarStatus, {
  name: 'getCalendarStatus',
  auth: 'signed-in',
  summary: "The host's calendar connection: connected, e-mail, last synced, provider.",
  response: calendarStatusResponse,
  needs: { table: 'read' },
});

export const getCalendarSettings = /* @__PURE__ */ defineRoute(paths.getCalendarSettings, {
  name: 'getCalendarSettings',
  auth: 'signed-in',
  summary: 'The calendar switches: add bookings, update on reschedule, delete on cancel (all on by default).',
  response: calendarSettingsSchema,
  needs: { table: 'read' },
});

export const saveCalendarSettings = /* @__PURE__ */ defineRoute(paths.saveCalendarSettings, {
  name: 'saveCalendarSettings',
  auth: 'signed-in',
  summary: 'Saves all three calendar switches.',
  body: calendarSettingsSchema,
  response: calendarSettingsSchema,
  needs: { table: 'readwrite' },
});

export const connectCalendar = /* @__PURE__ */ defineRoute(paths.connectCalendar, {
  name: 'connectCalendar',
  auth: 'signed-in',
  summary:
    'Starts connecting Google Calendar: its authorization address (state + PKCE); never switches a calendar itself.',
  query: calendarConnectQuery,
  response: calendarConnectResponse,
  needs: { table: 'readwrite', google: true },
});

export const connectBuiltinCalendar = /* @__PURE__ */ defineRoute(paths.connectBuiltinCalendar, {
  name: 'connectBuiltinCalendar',
  auth: 'signed-in',
  summary:
    'Connects the built-in calendar (a Google grant it replaces is revoked; Google Meet events become video calls).',
  body: builtinConnectBody,
  response: calendarConnectResponse,
  needs: { table: 'readwrite', google: true },
});

export const completeCalendarConnect = /* @__PURE__ */ defineRoute(paths.completeCalendarConnect, {
  name: 'completeCalendarConnect',
  // Public so that a lost session ends on the window's error page, not in a JSON 401; the use case checks it.
  auth: 'public',
  summary: 'Google returns here: checks state and session, exchanges the code, stores the sealed refresh token.',
  query: googleCallbackQuery,
  response: redirectResponse,
  successStatus: 302,
  needs: { table: 'readwrite', google: true },
});

export const disconnectCalendar = /* @__PURE__ */ defineRoute(paths.disconnectCalendar, {
  name: 'disconnectCalendar',
  auth: 'signed-in',
  summary:
    "Disconnects the host's calendar: revokes the Google token at Google and deletes it here; Google Meet events become video calls.",
  body: emptyBody,
  response: messageResponse,
  needs: { table: 'readwrite', google: true },
});

export const getCalendarFeed = /* @__PURE__ */ defineRoute(paths.getCalendarFeed, {
  name: 'getCalendarFeed',
  auth: 'signed-in',
  summary: "The private ICS feed address of the host's built-in calendar, or null.",
  response: calendarFeedResponse,
  needs: { table: 'read', google: true },
});

export const resetCalendarFeed = /* @__PURE__ */ defineRoute(paths.resetCalendarFeed, {
  name: 'resetCalendarFeed',
  auth: 'signed-in',
  summary: 'Makes a new private ICS feed address; the previous one stops working.',
  body: emptyBody,
  response: calendarFeedResponse,
  needs: { table: 'readwrite', google: true },
});

export const revokeCalendarFeed = /* @__PURE__ */ defineRoute(paths.revokeCalendarFeed, {
  name: 'revokeCalendarFeed',
  auth: 'signed-in',
  summary: 'Turns the private ICS feed off.',
  response: calendarFeedResponse,
  needs: { table: 'readwrite' },
});

export const calendarFeed = /* @__PURE__ */ defineRoute(paths.calendarFeed, {
  name: 'calendarFeed',
  auth: 'public',
  summary: "A host's bookings as an ICS calendar, for calendar apps subscribed to the private feed address.",
  params: calendarFeedParams,
  response: calendarFeedDocument,
  contentType: 'text/calendar; charset=utf-8',
  needs: { table: 'read' },
});

export const createTeam = /* @__PURE__ */ defineRoute(paths.createTeam, {
  name: 'createTeam',
  auth: 'signed-in',
  summary: 'Creates a team with its slug (/team/{slug}); the caller is its owner. 409 when the slug is taken.',
  body: createTeamBody,
  response: createTeamResponse,
  successStatus: 201,
  needs: { table: 'readwrite' },
});

export const listTeams = /* @__PURE__ */ defineRoute(paths.listTeams, {
  name: 'listTeams',
  auth: 'signed-in',
  summary: "The caller's teams with their role in each, by name.",
  response: teamListResponse,
  needs: { table: 'read' },
});

export const listTeamInvitations = /* @__PURE__ */ defineRoute(paths.listTeamInvitations, {
  name: 'listTeamInvitations',
  auth: 'signed-in',
  summary: "The pending (unexpired) invitations to the caller's verified e-mail address, newest first.",
  response: myInvitationsResponse,
  needs: { table: 'read' },
});

export const acceptTeamInvitation = /* @__PURE__ */ defineRoute(paths.acceptTeamInvitation, {
  name: 'acceptTeamInvitation',
  auth: 'signed-in',
  summary:
    "Joins the team with the invited role (403 unless the caller's verified e-mail is the invited one, 410 once expired).",
  params: invitationIdParams,
  response: teamSummarySchema,
  needs: { table: 'readwrite' },
});

export const getTeam = /* @__PURE__ */ defineRoute(paths.getTeam, {
  name: 'getTeam',
  auth: 'signed-in',
  summary:
    'A team with its members, pending invitations (owners and admins) and event types; 404 for one the caller is not in.',
  params: teamSlugParams,
  response: teamDetailResponse,
  needs: { table: 'read' },
});

export const updateTeam = /* @__PURE__ */ defineRoute(paths.updateTeam, {
  name: 'updateTeam',
  auth: 'signed-in',
  summary: "Changes a team's name or logo (owners and admins).",
  params: teamSlugParams,
  body: updateTeamBody,
  response: teamSummarySchema,
  needs: { table: 'readwrite' },
});

export const getPublicTeam = /* @__PURE__ */ defineRoute(paths.getPublicTeam, {
  name: 'getPublicTeam',
  auth: 'public',
  summary: "A team's public page: its name, logo and active event types with their hosts' names and photos.",
  params: teamSlugParams,
  response: publicTeamResponse,
  needs: { table: 'read' },
});

export const inviteTeamMember = /* @__PURE__ */ defineRoute(paths.inviteTeamMember, {
  name: 'inviteTeamMember',
  auth: 'signed-in',
  summary:
    'Invites an e-mail address to a team as admin or member (owners and admins), valid 7 days; replaces a pending one.',
  params: teamSlugParams,
  body: inviteBody,
  response: teamInvitationSchema,
  successStatus: 201,
  needs: { table: 'readwrite' },
});

export const revokeTeamInvitation = /* @__PURE__ */ defineRoute(paths.revokeTeamInvitation, {
  name: 'revokeTeamInvitation',
  auth: 'signed-in',
  summary: 'Revokes a pending invitation (owners and admins).',
  params: teamInvitationParams,
  response: messageResponse,
  needs: { table: 'readwrite' },
});

export const updateTeamMember = /* @__PURE__ */ defineRoute(paths.updateTeamMember, {
  name: 'updateTeamMember',
  auth: 'signed-in',
  summary: "Changes a member's role (owners and admins; owners only for an owner's); a team keeps at least one owner.",
  params: teamMemberParams,
  body: memberRoleBody,
  response: teamMemberSchema,
  needs: { table: 'readwrite' },
});

export const removeTeamMember = /* @__PURE__ */ defineRoute(paths.removeTeamMember, {
  name: 'removeTeamMember',
  auth: 'signed-in',
  summary:
    "Removes a member (owners and admins) or leaves (the caller's own id); their future team bookings are kept or reassigned.",
  params: teamMemberParams,
  response: messageResponse,
  // Reassigning a member's round-robin bookings reads the other members' Google calendars (team-bookings.ts).
  needs: { table: 'readwrite', google: true },
});

/** Every row but billing's, by name. */
// Integrations (issue 29). A key (`apiKey: true`) may call these as its host; see route-definition.ts.
export const createWebhook = /* @__PURE__ */ defineRoute(paths.createWebhook, {
  name: 'createWebhook',
  auth: 'signed-in',
  apiKey: true,
  summary:
    "Adds a webhook endpoint (URL, events, active) for the caller's bookings and answers its signing secret, this once. At most 10 per host.",
  body: createWebhookBody,
  response: createWebhookResponse,
  successStatus: 201,
  needs: { table: 'readwrite', webhooks: 'seal' },
});

export const listWebhooks = /* @__PURE__ */ defineRoute(paths.listWebhooks, {
  name: 'listWebhooks',
  auth: 'signed-in',
  apiKey: true,
  summary: "The caller's webhook endpoints, oldest first, never their secrets.",
  response: webhookListResponse,
  needs: { table: 'read' },
});

export const updateWebhook = /* @__PURE__ */ defineRoute(paths.updateWebhook, {
  name: 'updateWebhook',
  auth: 'signed-in',
  apiKey: true,
  summary: "Changes an endpoint's URL, events or active switch (switching it on again clears why it was disabled).",
  params: webhookIdParams,
  body: updateWebhookBody,
  response: webhookResponse,
  needs: { table: 'readwrite' },
});

export const deleteWebhook = /* @__PURE__ */ defineRoute(paths.deleteWebhook, {
  name: 'deleteWebhook',
  auth: 'signed-in',
  apiKey: true,
  summary: 'Deletes an endpoint and its delivery log; deliveries still queued for it stop.',
  params: webhookIdParams,
  response: integrationDeletedResponse,
  needs: { table: 'readwrite' },
});

export const testWebhook = /* @__PURE__ */ defineRoute(paths.testWebhook, {
  name: 'testWebhook',
  auth: 'signed-in',
  apiKey: true,
  summary: 'Queues a signed `ping` event to the endpoint (202); its attempts show in the delivery log.',
  params: webhookIdParams,
  response: webhookQueuedResponse,
  successStatus: 202,
  needs: { table: 'read', webhooks: 'enqueue' },
});

export const listWebhookDeliveries = /* @__PURE__ */ defineRoute(paths.listWebhookDeliveries, {
  name: 'listWebhookDeliveries',
  auth: 'signed-in',
  apiKey: true,
  summary:
    "The endpoint's last 100 delivery attempts, newest first: event, time, attempt, HTTP status, duration, next retry.",
  params: webhookIdParams,
  response: webhookDeliveryListResponse,
  needs: { table: 'read' },
});

export const redeliverWebhook = /* @__PURE__ */ defineRoute(paths.redeliverWebhook, {
  name: 'redeliverWebhook',
  auth: 'signed-in',
  apiKey: true,
  summary: "Sends a logged delivery's event again (the same webhook-id, a new attempt, signed afresh): 202.",
  params: webhookDeliveryParams,
  response: webhookQueuedResponse,
  successStatus: 202,
  needs: { table: 'read', webhooks: 'enqueue' },
});

export const createApiKey = /* @__PURE__ */ defineRoute(paths.createApiKey, {
  name: 'createApiKey',
  auth: 'signed-in',
  summary: 'Creates a named API key (`mw_…`) and answers it, this once; only its hash is kept.',
  body: createApiKeyBody,
  response: createApiKeyResponse,
  successStatus: 201,
  needs: { table: 'readwrite' },
});

export const listApiKeys = /* @__PURE__ */ defineRoute(paths.listApiKeys, {
  name: 'listApiKeys',
  auth: 'signed-in',
  summary: "The caller's API keys with their created and last-used times, never the keys.",
  response: apiKeyListResponse,
  needs: { table: 'read' },
});

export const deleteApiKey = /* @__PURE__ */ defineRoute(paths.deleteApiKey, {
  name: 'deleteApiKey',
  auth: 'signed-in',
  summary: 'Revokes an API key: from now on it answers 401.',
  params: apiKeyIdParams,
  response: integrationDeletedResponse,
  needs: { table: 'readwrite' },
});

export const getOpenApiDocument = /* @__PURE__ */ defineRoute(paths.getOpenApiDocument, {
  name: 'getOpenApiDocument',
  auth: 'public',
  summary: 'The OpenAPI 3.1 document of this API, generated from the route table (docs/openapi.json is the same).',
  response: openApiDocumentResponse,
  // It reads nothing of its own, but every route checks a session cookie sent along against its session item.
  needs: { table: 'read' },
});

export const routes = {
  submitContact,
  getSettings,
  updateSettings,
  getPublicEvent,
  getAvailableDates,
  getTimeSlots,
  createBooking,
  listBookings,
  cancelBooking,
  markNoShow,
  getManagedBooking,
  cancelBookingAsGuest,
  getBookingCalendarFile,
  getReschedulableBooking,
  getBooking,
  confirmBooking,
  declineBooking,
  syncCalendar,
  register,
  login,
  logout,
  getMe,
  updateProfile,
  deleteAccount,
  uploadPhoto,
  removePhoto,
  manualLogin,
  openSignInLink,
  signInWithLink,
  verifyEmail,
  resendVerification,
  getAuthDebugUrl,
  startGoogleSignIn,
  completeGoogleSignIn,
  listEvents,
  getEvent,
  getEventBySlug,
  createEvent,
  updateEvent,
  deleteEvent,
  duplicateEvent,
  listEventDateOverrides,
  listDateOverrides,
  saveEventDateOverride,
  saveDateOverride,
  deleteDateOverride,
  uploadEventImage,
  getCalendarStatus,
  getCalendarSettings,
  saveCalendarSettings,
  connectCalendar,
  connectBuiltinCalendar,
  completeCalendarConnect,
  disconnectCalendar,
  getCalendarFeed,
  resetCalendarFeed,
  revokeCalendarFeed,
  calendarFeed,
  createTeam,
  listTeams,
  listTeamInvitations,
  acceptTeamInvitation,
  getTeam,
  updateTeam,
  getPublicTeam,
  inviteTeamMember,
  revokeTeamInvitation,
  updateTeamMember,
  removeTeamMember,
  createWebhook,
  listWebhooks,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  listWebhookDeliveries,
  redeliverWebhook,
  createApiKey,
  listApiKeys,
  deleteApiKey,
  getOpenApiDocument,
} as const satisfies Record<Exclude<RouteName, BillingRouteName>, RouteDefinition>;

/** Every row by name, billing's too (for types: a function bundles only the rows it imports). */
export type AllRoutes = typeof routes & typeof billingRoutes;
export type Route = AllRoutes[RouteName];

const tableOf = (...groups: Record<string, RouteDefinition>[]): readonly RouteDefinition[] =>
  groups.flatMap((group) => Object.values(group));

/** Every row, in a stable order. */
export const routeTable: readonly RouteDefinition[] = /* @__PURE__ */ tableOf(routes, billingRoutes);
