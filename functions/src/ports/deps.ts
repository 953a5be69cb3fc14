import type { CalendarProviderName } from '#functions/domain/records';
import type {
  AccountRepository,
  EmailProofs,
  GoogleSignIn,
  LoginThrottle,
  OAuthStates,
  PasswordHasher,
  PhotoStore,
  SignInLinks,
} from '#functions/ports/accounts';
import type { ApiKeyRepository } from '#functions/ports/api-keys';
import type { BillingStore, GuestPlanClaims, PaymentProvider } from '#functions/ports/billing';
import type { BookingCancellations, BookingLedger, ManageTokens, TeamBookings } from '#functions/ports/bookings';
import type {
  CalendarCleanup,
  CalendarProvider,
  GoogleCalendarAuth,
  RecentReads,
  TokenCipher,
} from '#functions/ports/calendar';
import type { CoreDeps, OnceGuard } from '#functions/ports/core';
import type { EventRepository, GoogleMeetFallback, LocationFallbacks } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { BookingMailer, Mailer, MailPacer, MailQueue, MailSuppressions, SendQuota } from '#functions/ports/mail';
import type { RateLimiter } from '#functions/ports/rate-limits';
import type { SessionIssuer } from '#functions/ports/sessions';
import type { ContactMessageRepository, SettingsRepository } from '#functions/ports/site';
import type { TeamDepartures, TeamDirectory, TeamRepository } from '#functions/ports/teams';
import type { BookingTimers } from '#functions/ports/timers';
import type { WebhookQueue, WebhookRepository, WebhookSender } from '#functions/ports/webhooks';

/** Everything the composition root builds. Use cases name the ports they use (ports/<area>.ts) instead. */

/** Everything a use case may ask for; each handler is given only the part it names. */
export interface Deps extends CoreDeps {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  sessionIssuer: SessionIssuer;
  loginThrottle: LoginThrottle;
  rateLimiter: RateLimiter;
  photos: PhotoStore;
  signInLinks: SignInLinks;
  emailProofs: EmailProofs;
  oauthStates: OAuthStates;
  /** Null when Google is not configured (no client id): the Google buttons then explain so. */
  googleSignIn: GoogleSignIn | null;
  contactMessages: ContactMessageRepository;
  settings: SettingsRepository;
  mailer: Mailer;
  events: EventRepository;
  hosts: HostRepository;
  teams: TeamRepository;
  bookings: BookingLedger;
  /** The adapter for each provider a host may connect; a provider missing here is not available. */
  calendars: Partial<Record<CalendarProviderName, CalendarProvider>>;
  /** Null when Google is not configured: only the built-in calendar can be connected. */
  googleCalendarAuth: GoogleCalendarAuth | null;
  tokenCipher: TokenCipher;
  recentReads: RecentReads;
  /** The secret of a booking's manage links (derived from its id with the session key; only its hash is stored). */
  manageTokens: ManageTokens;
  /** Booking mail (raw MIME with the calendar parts): the booking mail queue's consumer only (issue 30). */
  bookingMailer: BookingMailer;
  /** Where booking mail waits for its turn (issue 30): the stream and timer jobs queue, sendBookingMail sends. */
  mailQueue: MailQueue;
  locationFallbacks: LocationFallbacks;
  /** The per-second tokens every consumer of the mail queue shares (issue 30). */
  mailPacer: MailPacer;
  /** The account's sending rate, as SES reports it (issue 30). */
  sendQuota: SendQuota;
  /** The guard that makes each notice's mail go out once. */
  once: OnceGuard;
  mailSuppressions: MailSuppressions;
  timers: BookingTimers;
  /** Plans, payments, promo codes and Stripe customers as recorded here. */
  billing: BillingStore;
  /** Hosts' API keys (issue 29). */
  apiKeys: ApiKeyRepository;
  /** Stripe; null when this server has no Stripe keys (billing off). Only the billing functions build it. */
  payments: PaymentProvider | null;
  /** Webhook endpoints and their delivery logs (issue 29). */
  webhooks: WebhookRepository;
  /** Where webhook messages wait for their attempt: the stream job, the test and redeliver routes, the delivery job. */
  webhookQueue: WebhookQueue;
  /** Posts a signed attempt behind the address guard: the delivery job only. */
  webhookSender: WebhookSender;

  // The ports between the areas (composition/area-ports.ts): one area's use case calling another's.
  /** The bookings' side of a member's going (the teams). */
  teamBookings: TeamBookings;
  /** The bookings' side of an event type's deletion (the events). */
  bookingCancellations: BookingCancellations;
  /** A team's public view (the booking page publisher). */
  teamDirectory: TeamDirectory;
  /** The teams' side of an account's deletion. */
  teamDepartures: TeamDepartures;
  /** The calendars' side of an account's deletion. */
  calendarCleanup: CalendarCleanup;
  /** Billing's side of a proven address (the accounts). */
  guestPlans: GuestPlanClaims;
  /** The event types' side of leaving Google (the calendars). */
  meetFallback: GoogleMeetFallback;
}
