/**
 * The composition root: builds the adapters and gives each handler and job the dependencies its use case names
 * (docs/architecture.md, "Ports and adapters"). Only handlers and jobs import it (eslint.config.js). Its pieces, in
 * functions/src/composition/:
 * - core.ts: the configuration, the table's clients, sessions, logs, metrics, the bearer keys (coreDeps);
 * - repositories.ts: the table's repositories that several areas read;
 * - accounts.ts, calendars.ts, bookings.ts, teams.ts, mail.ts, integrations.ts: what each area's routes and jobs need,
 *   and the ports that area's use cases answer for the others;
 * - area-ports.ts: the ports between the areas (a use case never imports another area's: it asks through a port);
 * - compose-deps.ts: every dependency at once, for the local runner, the tests and the bench;
 * - billing.ts (Stripe) and pages.ts (the booking page publisher), imported only by their own functions, so that no
 *   other bundle carries them.
 * Each is built at most once per process (once per Lambda cold start), and only when first asked for.
 */

export { accountDeps, googleSignInDeps, guestPlans, photoStore } from '#functions/composition/accounts';
export { connectAreas } from '#functions/composition/area-ports';
export {
  availabilityDeps,
  bookingCancellations,
  bookingDeps,
  bookingWriteDeps,
  manageTokens,
  recentReads,
  teamBookings,
} from '#functions/composition/bookings';
export {
  calendarCleanup,
  calendarConnectionDeps,
  calendarProviders,
  leaveGoogleDeps,
  meetFallback,
  tokenCipher,
} from '#functions/composition/calendars';
export { composeDeps } from '#functions/composition/compose-deps';
export { apiKeyRepository, config, coreDeps, rateLimiter } from '#functions/composition/core';
export { apiKeyDeps, webhookDeps, webhookQueue, webhookSender } from '#functions/composition/integrations';
export { bookingMailQueueDeps, lifecycleDeps, mailer, onceGuard } from '#functions/composition/mail';
export {
  accountRepository,
  billingStore,
  bookingLedger,
  contactMessageRepository,
  eventRepository,
  hostRepository,
  listHostRepository,
  locationFallbacks,
  mailSuppressions,
  RECENT_HOST_NAMES,
  settingsRepository,
  teamRepository,
  webhookRepository,
} from '#functions/composition/repositories';
export { hostEventDeps, teamDepartures, teamDeps } from '#functions/composition/teams';
