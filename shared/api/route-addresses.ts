/**
 * The address (method and path) of every route, by name: the one list of the route table's names. Each address is a
 * constant of its own: a row of shared/api/routes.ts is built on its address alone, so a function bundles its own
 * route's address and not the whole list. shared/api/route-paths.ts gathers them (routePaths, RouteName).
 */
export const submitContact = { method: 'POST', path: '/api/contact/submit' } as const;
export const getSettings = { method: 'GET', path: '/api/settings' } as const;
export const updateSettings = { method: 'PUT', path: '/api/settings' } as const;
export const getPublicEvent = { method: 'GET', path: '/api/events/public/{eventSlug}' } as const;
export const getAvailableDates = { method: 'GET', path: '/api/available-dates' } as const;
export const getTimeSlots = { method: 'GET', path: '/api/time-slots' } as const;
export const createBooking = { method: 'POST', path: '/api/bookings' } as const;
export const listBookings = { method: 'GET', path: '/api/bookings' } as const;
export const cancelBooking = { method: 'DELETE', path: '/api/bookings/{id}' } as const;
export const markNoShow = { method: 'POST', path: '/api/bookings/{id}/no-show' } as const;
export const getManagedBooking = { method: 'POST', path: '/api/bookings/{id}/manage' } as const;
export const cancelBookingAsGuest = { method: 'POST', path: '/api/bookings/{id}/cancel' } as const;
export const getBookingCalendarFile = { method: 'POST', path: '/api/bookings/{id}/ics' } as const;
export const getReschedulableBooking = { method: 'POST', path: '/api/bookings/{id}/reschedule-view' } as const;
export const getBooking = { method: 'GET', path: '/api/bookings/{id}' } as const;
export const confirmBooking = { method: 'POST', path: '/api/bookings/{id}/confirm' } as const;
export const declineBooking = { method: 'POST', path: '/api/bookings/{id}/decline' } as const;
export const syncCalendar = { method: 'GET', path: '/api/calendar/sync' } as const;
export const register = { method: 'POST', path: '/api/auth/register' } as const;
export const login = { method: 'POST', path: '/api/login' } as const;
export const logout = { method: 'POST', path: '/api/logout' } as const;
export const getMe = { method: 'GET', path: '/api/me' } as const;
export const updateProfile = { method: 'POST', path: '/api/profile/update' } as const;
export const deleteAccount = { method: 'DELETE', path: '/api/auth/account' } as const;
export const uploadPhoto = { method: 'POST', path: '/api/profile/upload-photo' } as const;
export const removePhoto = { method: 'POST', path: '/api/profile/remove-photo' } as const;
export const manualLogin = { method: 'POST', path: '/api/auth/manual-login' } as const;
export const openSignInLink = { method: 'GET', path: '/api/auth/email-link' } as const;
export const signInWithLink = { method: 'POST', path: '/api/auth/email-link' } as const;
export const verifyEmail = { method: 'POST', path: '/api/auth/verify-email' } as const;
export const resendVerification = { method: 'POST', path: '/api/auth/resend-verification' } as const;
export const getAuthDebugUrl = { method: 'GET', path: '/api/auth/debug-url' } as const;
export const startGoogleSignIn = { method: 'GET', path: '/api/auth/google' } as const;
export const completeGoogleSignIn = { method: 'GET', path: '/api/auth/google/callback' } as const;
export const listEvents = { method: 'GET', path: '/api/events' } as const;
export const getEvent = { method: 'GET', path: '/api/events/{eventRef}' } as const;
export const getEventBySlug = { method: 'GET', path: '/api/events/slug/{slug}' } as const;
export const createEvent = { method: 'POST', path: '/api/events' } as const;
export const updateEvent = { method: 'PATCH', path: '/api/events/{eventRef}' } as const;
export const deleteEvent = { method: 'DELETE', path: '/api/events/{eventRef}' } as const;
export const duplicateEvent = { method: 'POST', path: '/api/events/{eventRef}/duplicate' } as const;
export const listEventDateOverrides = { method: 'GET', path: '/api/events/{eventRef}/date-overrides' } as const;
export const listDateOverrides = { method: 'GET', path: '/api/date-overrides' } as const;
export const saveEventDateOverride = { method: 'POST', path: '/api/events/{eventRef}/date-overrides' } as const;
export const saveDateOverride = { method: 'POST', path: '/api/date-overrides' } as const;
export const deleteDateOverride = { method: 'DELETE', path: '/api/date-overrides/{id}' } as const;
export const uploadEventImage = { method: 'POST', path: '/api/uploads/event-image' } as const;
export const getSubscriptionStatus = { method: 'GET', path: '/api/subscription/status' } as const;
export const getStripeConfig = { method: 'GET', path: '/api/stripe-config' } as const;
export const getPlanQuotes = { method: 'GET', path: '/api/subscription/plans' } as const;
export const createPaymentIntent = { method: 'POST', path: '/api/subscription/create-payment-intent' } as const;
export const createCheckoutSession = { method: 'POST', path: '/api/subscription/checkout' } as const;
export const verifyPayment = { method: 'POST', path: '/api/subscription/verify-payment' } as const;
export const cancelSubscription = { method: 'POST', path: '/api/subscription/{id}/cancel' } as const;
export const getSubscriptionHistory = { method: 'GET', path: '/api/subscription/history' } as const;
export const stripeWebhook = { method: 'POST', path: '/api/stripe/webhook' } as const;
export const getCalendarStatus = { method: 'GET', path: '/api/user/calendar' } as const;
export const getCalendarSettings = { method: 'GET', path: '/api/user/calendar/settings' } as const;
export const saveCalendarSettings = { method: 'POST', path: '/api/user/calendar/settings' } as const;
export const connectCalendar = { method: 'GET', path: '/api/user/calendar/connect' } as const;
export const connectBuiltinCalendar = { method: 'POST', path: '/api/user/calendar/connect' } as const;
export const completeCalendarConnect = { method: 'GET', path: '/api/user/calendar/callback' } as const;
export const disconnectCalendar = { method: 'POST', path: '/api/user/calendar/disconnect' } as const;
export const getCalendarFeed = { method: 'GET', path: '/api/user/calendar/feed' } as const;
export const resetCalendarFeed = { method: 'POST', path: '/api/user/calendar/feed' } as const;
export const revokeCalendarFeed = { method: 'DELETE', path: '/api/user/calendar/feed' } as const;
export const calendarFeed = { method: 'GET', path: '/api/calendar/feed/{token}' } as const;
export const createTeam = { method: 'POST', path: '/api/teams' } as const;
export const listTeams = { method: 'GET', path: '/api/teams' } as const;
export const listTeamInvitations = { method: 'GET', path: '/api/teams/invitations' } as const;
export const acceptTeamInvitation = { method: 'POST', path: '/api/teams/invitations/{id}/accept' } as const;
export const getTeam = { method: 'GET', path: '/api/teams/{slug}' } as const;
export const updateTeam = { method: 'PATCH', path: '/api/teams/{slug}' } as const;
export const getPublicTeam = { method: 'GET', path: '/api/teams/{slug}/public' } as const;
export const inviteTeamMember = { method: 'POST', path: '/api/teams/{slug}/invitations' } as const;
export const revokeTeamInvitation = { method: 'DELETE', path: '/api/teams/{slug}/invitations/{id}' } as const;
export const updateTeamMember = { method: 'PATCH', path: '/api/teams/{slug}/members/{userId}' } as const;
export const removeTeamMember = { method: 'DELETE', path: '/api/teams/{slug}/members/{userId}' } as const;

// Integrations (issue 29): webhooks, API keys and the OpenAPI document.
export const createWebhook = { method: 'POST', path: '/api/webhooks' } as const;
export const listWebhooks = { method: 'GET', path: '/api/webhooks' } as const;
export const updateWebhook = { method: 'PATCH', path: '/api/webhooks/{id}' } as const;
export const deleteWebhook = { method: 'DELETE', path: '/api/webhooks/{id}' } as const;
export const testWebhook = { method: 'POST', path: '/api/webhooks/{id}/test' } as const;
export const listWebhookDeliveries = { method: 'GET', path: '/api/webhooks/{id}/deliveries' } as const;
export const redeliverWebhook = {
  method: 'POST',
  path: '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver',
} as const;
export const createApiKey = { method: 'POST', path: '/api/api-keys' } as const;
export const listApiKeys = { method: 'GET', path: '/api/api-keys' } as const;
export const deleteApiKey = { method: 'DELETE', path: '/api/api-keys/{id}' } as const;
export const getOpenApiDocument = { method: 'GET', path: '/api/openapi.json' } as const;
