import type { PublicEvent } from '#shared/api/schemas/events';
import type { WebhookMessageType } from '#shared/api/schemas/integrations';
import type { Settings } from '#shared/api/schemas/settings';
import type { PublicTeam } from '#shared/api/schemas/teams';
import type { BusyInterval } from '#shared/availability/engine';
import type { PlanType, PromoCode } from '#shared/rules/pricing';
import type { Config } from '#functions/config';
import type { RateDecision, RateRule } from '#functions/domain/abuse-limits';
import type {
  BillingOwner,
  PaymentRecord,
  PaymentStatus,
  PlanRecord,
  PromoBuyer,
  PromoRedemption,
} from '#functions/domain/billing';
import type { ListedBooking, ListPageRequest } from '#functions/domain/booking-list';
import type { ComposedMail } from '#functions/domain/mail/booking-blocks';
import type { PendingPlace } from '#functions/domain/pending';
import type {
  AccountRecord,
  ApiKeyRecord,
  BookingCancellation,
  BookingRecord,
  CalendarConnection,
  CalendarProviderName,
  CalendarSettings,
  ContactMessage,
  DateOverrideRecord,
  EventRecord,
  HostRecord,
  LocationFallbackRecord,
  TeamInvitationRecord,
  TeamMembershipRecord,
  TeamRecord,
  TeamRole,
  WebhookDeliveryRecord,
  WebhookRecord,
} from '#functions/domain/records';
import type { PoolCount } from '#functions/domain/team-assignment';

/** The interfaces use cases depend on. Adapters (functions/src/adapters) implement them. */

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new unique, URL-safe id. */
  next(): string;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger whose every line also carries `keys` (the HTTP wrapper adds the route and the request's ids). */
  with?(keys: Record<string, unknown>): Logger;
}

/**
 * What the service counts (CloudWatch metrics, namespace Meetwise-{stage} in the cloud, one `service` dimension per
 * function): the figures an operator watches and the booking-failure alarm reads (docs/operations.md).
 */
export type MetricName =
  | 'BookingCreated'
  /** A guest lost the race for a time another booking took meanwhile (the 409 "no longer available"). */
  | 'BookingRaceLost'
  | 'EmailSent'
  | 'EmailFailed'
  | 'GoogleCallFailed'
  | 'LoginThrottled'
  /** An answer of 500 or more, counted by the HTTP wrapper for every route. */
  | 'ServerError';

export interface Metrics {
  count(name: MetricName, value?: number): void;
}

/** Who is calling. */
export interface Principal {
  userId: string;
  /** Always false for an API key's call, even an administrator's key: a key acts as its host only. */
  isAdmin: boolean;
  /** The session the call came with (logout ends it); '' for an API key's call. */
  sessionId: string;
  /** The API key the call came with (issue 29; `Authorization: Bearer mw_…`): set only for a key's call. */
  apiKeyId?: string;
}

/**
 * A cookie a use case asks the HTTP layer to set (it writes the Set-Cookie: SameSite=Lax, Secure when `secure`,
 * Max-Age 0 removes it). A string is a Set-Cookie value the SessionIssuer already wrote.
 */
export type CookieToSet =
  string | { name: string; value: string; path: string; maxAgeSeconds: number; httpOnly: boolean; secure: boolean };

export interface SessionVerifier {
  /** The principal of the session cookie's value (`null`: the request had none), or null when it is not valid. */
  authenticate(token: string | null): Promise<Principal | null>;
}

/** A stored session, read with its account (SessionStore.find). */
export interface StoredSession {
  userId: string;
  /** Seconds since epoch (also the item's TTL). */
  expiresAt: number;
  /** The account's role, read with the session, for the administrator check. */
  role: 'admin' | null;
}

/** Session items (adapters/dynamodb/sessions.ts): what a session token names must still exist to count. */
export interface SessionStore {
  create(userId: string, sessionId: string, expiresAt: number, createdAt: string): Promise<void>;
  /** The session with its account, or null when either is gone or the session predates the account's claim. */
  find(userId: string, sessionId: string): Promise<StoredSession | null>;
  delete(userId: string, sessionId: string): Promise<void>;
}

/**
 * Authenticates an API key (issue 29): its host's principal (`apiKeyId` set, never an administrator), or null for an
 * unknown, malformed or revoked key. Counts the call against the key's rate limit (TooManyRequests past it) and
 * records its use at most once a minute. `context` is the request's clock and logger.
 */
export interface ApiKeyVerifier {
  authenticate(key: string, context: { clock: Clock; logger: Logger }): Promise<Principal | null>;
}

/** What finding a key by its hash answers: enough to authenticate, and to write its last use. */
export type ApiKeyLookup = Pick<ApiKeyRecord, 'id' | 'hostId' | 'lastUsedAt'>;

/**
 * API keys in the table (adapters/dynamodb/api-keys.ts): a record under its host and a lookup item by the key's
 * hash, always written and deleted together in one transaction.
 */
export interface ApiKeyRepository {
  /** Writes the key (record, lookup) if the host has fewer than `max` keys; nothing is written otherwise. */
  create(key: ApiKeyRecord, keyHash: string, max: number): Promise<'created' | 'tooMany'>;
  /** The host's keys, in no particular order. */
  list(hostId: string): Promise<ApiKeyRecord[]>;
  /** Deletes the host's key (record and lookup); false when the host has no key with this id. */
  delete(hostId: string, id: string): Promise<boolean>;
  /** The key with this hash (one GetItem), or null. */
  findByHash(keyHash: string): Promise<ApiKeyLookup | null>;
  /**
   * Records a use at `at` on the record and the lookup, only if none was recorded after `unlessSince` (a conditional
   * write, so concurrent calls write once); answers whether it wrote. A key revoked meanwhile is not written back.
   */
  recordUse(key: ApiKeyLookup & { keyHash: string }, at: Date, unlessSince: Date): Promise<boolean>;
}

/** Starts and ends sessions: a signed token naming a stored session item (docs/security.md). */
export interface SessionIssuer {
  /** Stores a new session for the user and answers the Set-Cookie value carrying its token. */
  start(userId: string, options: { secure: boolean }): Promise<string>;
  /** Deletes one session (logout). */
  end(userId: string, sessionId: string): Promise<void>;
  /** The Set-Cookie value that removes the session cookie. */
  clearCookie(options: { secure: boolean }): string;
}

export type CreateAccountResult = 'created' | 'emailTaken' | 'usernameTaken' | 'googleTaken';
/** `changed`: the profile changed (or went) since it was read; nothing was written. */
export type UpdateProfileResult = 'updated' | 'emailTaken' | 'changed';

export interface AccountRepository {
  /**
   * Writes the profile with its e-mail and username claims, and the first calendar connection when given, in one
   * transaction; nothing is written on a clash.
   */
  create(account: AccountRecord, initial?: { calendar?: CalendarConnection }): Promise<CreateAccountResult>;
  get(userId: string): Promise<AccountRecord | null>;
  /** By e-mail address, case-insensitively. */
  findByEmail(email: string): Promise<AccountRecord | null>;
  findByUsername(username: string): Promise<AccountRecord | null>;
  /** The account linked to this Google account (`sub`), or null. */
  findByGoogleSubject(subject: string): Promise<AccountRecord | null>;
  /**
   * Changes name and e-mail. A new e-mail moves its claim in the same transaction as the profile; an e-mail another
   * account holds changes nothing.
   */
  updateProfile(
    account: AccountRecord,
    changes: { name: string; email: string; emailVerified?: boolean; pendingEmail?: string | null },
  ): Promise<UpdateProfileResult>;
  /**
   * The owner proved the account's address. An unverified account becomes verified; one that was unverified also
   * loses its password, every session, its pending e-mail change and its calendar connection (the built-in calendar
   * replaces it): whoever set them never proved the address. `googleSubject` is linked in the same write, where no
   * other Google account is linked. Answers 'changed' when the account or its address changed since it was read.
   */
  claimProvenAddress(
    account: AccountRecord,
    proof: { googleSubject?: string },
    now: Date,
  ): Promise<'claimed' | 'changed' | 'googleTaken'>;
  /**
   * Removes the account and everything it owns: event types with their overrides and slugs, bookings as host,
   * calendar connection, sessions, API keys (their lookups too), and last the profile with its e-mail and username
   * claims (so an interrupted deletion can be run again by the still signed-in user, and the e-mail can register
   * again afterwards).
   */
  deleteAccount(account: AccountRecord): Promise<void>;
  /** Makes the account an administrator (a configured admin e-mail, once proven). */
  grantAdmin(userId: string): Promise<void>;
  /** Sets (or clears) the profile photo's URL; answers the previous one. */
  setPhoto(userId: string, photoUrl: string | null): Promise<string | null>;
}

/** Uploaded images, served to browsers at /photos/{key} (CloudFront from S3; the local server from DATA_DIR). */
export interface PhotoStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every image under `{folder}/` (a user's profile photos and event images, at account deletion). */
  deleteFolder(folder: string): Promise<void>;
}

/** One-time sign-in links (/direct-login): stored by the hash of their token, used once, expiring. */
export interface SignInLinks {
  create(tokenHash: string, userId: string, expiresAt: number): Promise<void>;
  /** Deletes the link and answers its user, or null when unknown, used or expired (ms since epoch `now`). */
  consume(tokenHash: string, now: number): Promise<string | null>;
}

/** A mailed link proving an address: a new account's (verify) or a profile's new one (change). */
export interface EmailProof {
  userId: string;
  email: string;
  purpose: 'verify' | 'change';
}

/** E-mail proofs in flight: stored by the hash of their token, used once, expiring. */
export interface EmailProofs {
  create(tokenHash: string, proof: EmailProof, expiresAt: number): Promise<void>;
  /** Uses the proof up if it is `userId`'s; another account's proof is answered as absent and stays. */
  consume(tokenHash: string, userId: string, now: number): Promise<EmailProof | null>;
}

/** What a sign-in or connection started at Google needs when the browser comes back. */
export interface OAuthState {
  purpose: 'sign-in' | 'calendar';
  /** The PKCE code verifier (its S256 challenge went to Google). */
  codeVerifier: string;
  /** The redirect URI sent to Google (the token exchange must repeat it exactly). */
  redirectUri: string;
  /** For 'calendar': the host connecting. */
  userId?: string;
}

/** OAuth `state` values in flight: stored by their hash, used once, expiring. */
export interface OAuthStates {
  create(stateHash: string, state: OAuthState, expiresAt: number): Promise<void>;
  /** Deletes the state and answers it, or null when unknown, used or expired (ms since epoch `now`). */
  consume(stateHash: string, now: number): Promise<OAuthState | null>;
}

/** Who Google says signed in, from the ID token it issued (signature, issuer, audience and expiry checked). */
export interface GoogleIdentity {
  /** Google's stable account id (`sub`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** Google sign-in (OAuth 2.0 authorization code with PKCE; adapters/google). */
export interface GoogleSignIn {
  /** A new PKCE pair: the verifier stays here, the S256 challenge goes to Google. */
  newPkce(): Promise<{ verifier: string; challenge: string }>;
  /** Google's consent page for this sign-in. */
  authorizationUrl(input: { redirectUri: string; state: string; codeChallenge: string }): string;
  /** Exchanges the code (with the verifier) and verifies the ID token; throws when Google refuses. */
  identify(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<GoogleIdentity>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; a null hash (no password set) is checked against a dummy so timing does not tell. */
  verify(password: string, hash: string | null): Promise<boolean>;
}

/**
 * Sign-in attempts counted per key (an account, a client address) over a window. An attempt is counted before its
 * password is checked, so parallel attempts cannot all slip under the limit; a successful one is taken back.
 */
export interface LoginThrottle {
  /** Counts one more attempt; answers how many came before it in the window and when the window ends (ms). */
  reserve(key: string, now: Date): Promise<{ failures: number; windowEndsAt: number }>;
  /** Takes back one counted attempt (it succeeded). */
  release(key: string): Promise<void>;
  /** Forgets every attempt of the key. */
  reset(key: string): Promise<void>;
}

/** Abuse limits: requests counted per rule and subject (a client address, an address and a host) over a window. */
export interface RateLimiter {
  /** Counts this request; answers whether it is within the rule, or how long until the window ends. */
  hit(rule: RateRule, subject: string, now: Date): Promise<RateDecision>;
}

export interface ContactMessageRepository {
  save(message: ContactMessage): Promise<void>;
  remove(id: string): Promise<void>;
  get(id: string): Promise<ContactMessage | null>;
}

export interface SettingsRepository {
  /** The fields ever saved (possibly only some), or null when none were. */
  get(): Promise<Partial<Settings> | null>;
  /**
   * Changes only the given fields, atomically (concurrent changes of other fields are kept); answers the stored
   * settings after the change, with `defaults` for fields never saved.
   */
  update(changes: Partial<Settings>, defaults: Settings): Promise<Settings>;
  /** Writes `settings` only if nothing is stored yet; answers whether it wrote. */
  putIfAbsent(settings: Settings): Promise<boolean>;
}

/** A mail other than a booking's (domain/mail/: account links, team invitations, notices): a text and an HTML part. */
export interface OutgoingMail {
  to: string[];
  replyTo?: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one message; answers the provider's message id. */
  send(mail: OutgoingMail): Promise<string>;
}

/**
 * A booking e-mail as the domain composes it (domain/mail/booking-mails.ts), and the calendar invitation it may carry
 * (an inline `text/calendar; method=…` part and an `.ics` attachment): the same `uid` for the life of a booking,
 * `sequence` raised by every change. The domain defines them; the mailer port takes them as they are.
 */
export type { ComposedMail as BookingMail } from '#functions/domain/mail/booking-blocks';
export type { MailInvite as CalendarInvite } from '#functions/domain/mail/invitation';

/** Sends booking mail as raw MIME (SES SendRawEmail): text, HTML and the calendar parts. */
export interface BookingMailer {
  send(mail: ComposedMail): Promise<string>;
}

/**
 * Runs a side effect at most once per id, though it may be asked many times (streams and schedulers deliver at least
 * once): a conditional write on the id guards it (Powertools idempotency, DynamoDB store). A run that throws leaves
 * no mark, so it is tried again; a run in progress elsewhere throws OnceInProgress (the caller retries later).
 */
export interface OnceGuard {
  run<T>(id: string, work: () => Promise<T>): Promise<T>;
}

/**
 * One booking mail waiting to be sent (issue 30): what the booking mail queue carries (a JSON message body). The
 * stream and timer jobs compose it and queue it; the queue's consumer (sendBookingMail) sends it at the pace SES
 * allows, once per `id` (the OnceGuard).
 */
export interface QueuedMail {
  /** `{notice id}:{recipient key}`: one mail, whatever the number of times it is queued or handed over. */
  id: string;
  mail: ComposedMail;
  /**
   * A reminder: sent only if the booking is still confirmed at this start (and has not started) when its turn comes,
   * so a booking cancelled or moved while its reminder waited gets none.
   */
  reminder?: { hostId: string; bookingId: string; start: string };
}

/**
 * Notes that a host's Google Meet event types became video calls (issue 30; adapters/dynamodb/location-fallbacks.ts):
 * the stream mails the host each one, once.
 */
export interface LocationFallbacks {
  record(note: LocationFallbackRecord): Promise<void>;
}

/** The booking mail queue (issue 30): SQS in the cloud, items in the table on one machine (adapters/mail-queue). */
export interface MailQueue {
  send(message: QueuedMail, now: Date): Promise<void>;
  /**
   * The message handed over with `receipt` comes back after `seconds` (SQS ChangeMessageVisibility; the table
   * queue's lease): a send SES throttled, or one that failed, waits before it is tried again.
   */
  retryAfter(receipt: string, seconds: number, now: Date): Promise<void>;
}

/** The tokens of one second of sending (issue 30; adapters/mail-queue/pacer.ts), shared by every consumer. */
export interface MailPacer {
  /** Takes up to `asked` of the `rate` tokens of the clock's second `second` (epoch seconds); answers how many. */
  take(second: number, asked: number, rate: number): Promise<number>;
}

/** The account's sending rate (SES GetSendQuota's MaxSendRate, read now and then), or null when it cannot be read. */
export interface SendQuota {
  maxSendRate(): Promise<number | null>;
}

/** Addresses SES reported as bounced or complaining: they get no more booking mail. */
export interface MailSuppressions {
  /** The given addresses (any case, any spaces around) that are suppressed, normalised (shared/email-address.ts). */
  suppressed(emails: readonly string[]): Promise<Set<string>>;
  suppress(email: string, reason: 'bounce' | 'complaint', at: Date): Promise<void>;
}

/** What a booking timer does when it fires (the target job re-reads the booking before acting). */
export type TimerPayload =
  | { kind: 'reminder'; bookingId: string; hostId: string; start: string; offsetMinutes: number }
  | { kind: 'pending-expiry'; bookingId: string; hostId: string; start: string; version: number };

/** A one-time timer (EventBridge Scheduler's one-time schedule in the cloud), named deterministically. */
export interface BookingTimer {
  /** At most 64 of [0-9A-Za-z_.-] (domain/timers.ts builds it from the booking id, version and offset). */
  name: string;
  /** ISO instant (UTC), whole seconds. */
  at: string;
  payload: TimerPayload;
}

/** One-time timers for reminders and pending bookings' expiry (adapters/scheduler). */
export interface BookingTimers {
  /** Creates the timer; one of the same name existing already counts as created. */
  schedule(timer: BookingTimer): Promise<void>;
  /** Deletes the timer; a missing one counts as deleted. */
  cancel(name: string): Promise<void>;
}

/** The kinds of booking link secret: the guest's manage links, and the host's reschedule-only link (issue 31). */
export type ManageTokenKind = 'manage' | 'host-reschedule';

/**
 * The secrets in a booking's links, derived from the booking id with a server key (adapters/sessions/manage-tokens.ts):
 * never stored, checked by deriving them again, under the current key or the previous one during a rotation.
 */
export interface ManageTokens {
  /** The guest's manage token (their e-mails' links). */
  tokenFor(bookingId: string): string;
  /** The host's reschedule-only token (the bookings list's "Copy reschedule link"). */
  hostRescheduleTokenFor(bookingId: string): string;
  /** Whether `token` is this booking's token of this kind, under the current or the previous key. */
  verify(kind: ManageTokenKind, bookingId: string, token: string): boolean;
}

export interface EventRepository {
  /** The event and its date overrides (one query), or null. */
  findById(id: number): Promise<{ event: EventRecord; overrides: DateOverrideRecord[] } | null>;
  /** The id of the event with this public slug, or null. */
  findIdBySlug(slug: string): Promise<number | null>;
  /** Stores a new event with the next free id and a unique slug; null when the slug is taken. */
  create(event: Omit<EventRecord, 'id'>, id?: number): Promise<EventRecord | null>;
  /** Stores (or replaces) a date override of an event. */
  saveOverride(override: DateOverrideRecord): Promise<void>;
  /** Deletes one override; answers whether it existed. */
  deleteOverride(eventId: number, date: string, id: string): Promise<boolean>;
  /** A host's event types, oldest first (personal ones: team event types are listed by their team). */
  listByHost(userId: string): Promise<EventRecord[]>;
  /** A team's event types, oldest first (gsi1 `TEAM#{teamId}#EVENTS`). */
  listByTeam(teamId: string): Promise<EventRecord[]>;
  /**
   * Every event type's slug and every team's, a page at a time (a Scan of the table: for republishing every booking
   * and team page after a deploy or a change every page shows, never on a request).
   */
  forEachSlug(onPage: (slugs: string[], teamSlugs: string[]) => Promise<void>): Promise<void>;
  /**
   * Replaces an event's fields (the id, owner and creation time stay). A new slug moves its uniqueness claim in the
   * same transaction; null when the new slug is taken (nothing written).
   */
  update(event: EventRecord, previousSlug: string): Promise<EventRecord | null>;
  /** Deletes the event, its overrides and its slug claim. */
  delete(event: EventRecord): Promise<void>;
}

/**
 * The booking pages published as static HTML, by key (`book/{slug}`, `events/{slug}`): the site bucket in the cloud,
 * a folder under DATA_DIR on one machine.
 */
export interface PublishedPages {
  /** Writes the page whole (one PUT; a file written aside, then renamed): nobody ever reads half a page. */
  put(key: string, html: string): Promise<void>;
  /** Takes the page down; nothing when there is none. */
  remove(key: string): Promise<void>;
}

/** Renders an event type's booking page (step 1, the event inlined) into the built page shell. */
export interface BookingPageRenderer {
  render(event: PublicEvent, path: string, now: Date): Promise<string>;
  /** A team's public page (issue 28, `/team/{slug}`, its data inlined); without it team pages are not published. */
  renderTeam?(team: PublicTeam, path: string, now: Date): Promise<string>;
}

export interface HostRepository {
  /** Profile and calendar connection (one query), or null. */
  get(hostId: string): Promise<HostRecord | null>;
  /**
   * Several hosts with their calendar connections and switches, without plans (one BatchGetItem of their PROFILE and
   * CALENDAR items); a host that is gone is left out. Team events read their members with it.
   */
  getMany(hostIds: readonly string[]): Promise<Map<string, HostRecord>>;
  /** The names of these hosts (BatchGetItem of their profiles); a host that is gone is left out. */
  namesOf(hostIds: readonly string[]): Promise<Map<string, string>>;
  /**
   * What a team event's availability and booking read besides the event, its publisher and the members' bookings, in
   * ONE BatchGetItem (unprocessed keys asked again): the admin's settings, the team, the hosts (as getMany), and for a
   * booking the round-robin counters of the pool for a month and the Idempotency-Key's stored answer (consistent).
   */
  teamContext(input: {
    teamId: string;
    hostIds: readonly string[];
    counters?: { eventId: number; month: string; userIds: readonly string[] };
    idempotencyKey?: string;
    consistent?: boolean;
  }): Promise<TeamContext>;
  /** Writes the profile unless one exists; answers whether it wrote. */
  createIfAbsent(host: Omit<HostRecord, 'calendar' | 'calendarSettings'>): Promise<boolean>;
  /**
   * Replaces the calendar connection (the switches stay), unless it changed since `previous` was read (then
   * WriteConflict, nothing written). Keeps the list of Google-connected hosts for the scheduled sync, and the feed
   * token's lookup item, in step, in the same transaction.
   */
  setCalendar(hostId: string, connection: CalendarConnection, previous: CalendarConnection | null): Promise<void>;
  /**
   * Google refused the host's refresh token (revoked or expired): the connection is marked disconnected, unless it
   * was replaced meanwhile (another sealed token). Answers whether it changed anything.
   */
  markCalendarDisconnected(hostId: string, sealedRefreshToken: string): Promise<boolean>;
  /** Removes the calendar connection with its lookup items (the switches stay). */
  removeCalendar(hostId: string, previous: CalendarConnection | null): Promise<void>;
  saveCalendarSettings(hostId: string, settings: CalendarSettings): Promise<void>;
  /** Records a finished sync. */
  recordSync(hostId: string, at: string): Promise<void>;
  /**
   * Claims the next sync of a host for this caller unless one was claimed after `notBefore` (so the booking pages of
   * many guests do not each sync the same calendar). Answers whether the claim succeeded.
   */
  claimSync(hostId: string, at: string, notBefore: string): Promise<boolean>;
  /** Every host with a Google calendar connected (the scheduled sync's work list). */
  listGoogleConnectedHosts(): Promise<string[]>;
  /** The host whose private ICS feed has this token hash, or null. */
  findFeedOwner(tokenHash: string): Promise<string | null>;
  /** Writes one of the host's plans as is (the demo seed, tests); billing writes through BillingStore. */
  setPlan(hostId: string, plan: PlanRecord): Promise<void>;
}

/**
 * Teams, their members and invitations (issue 28; layout in adapters/dynamodb/README.md). Every membership change is
 * one transaction of the team's member item and its mirror under the member.
 */
export interface TeamRepository {
  /** Writes the team, its slug claim and its creator as owner in one transaction; 'slugTaken' writes nothing. */
  create(team: TeamRecord, owner: TeamMembershipRecord): Promise<'created' | 'slugTaken'>;
  get(teamId: string): Promise<TeamRecord | null>;
  findBySlug(slug: string): Promise<TeamRecord | null>;
  /** Several teams by id (BatchGetItem); a team that is gone is left out. */
  getMany(teamIds: readonly string[]): Promise<Map<string, TeamRecord>>;
  /** Changes name or logo (the slug stays). */
  update(team: TeamRecord): Promise<void>;
  /** The team's members and pending invitations (one Query of its partition). */
  members(teamId: string): Promise<{ members: TeamMembershipRecord[]; invitations: TeamInvitationRecord[] }>;
  /** The caller's memberships (one Query of the mirrors under the user). */
  teamsOf(userId: string): Promise<TeamMembershipRecord[]>;
  membership(teamId: string, userId: string): Promise<TeamMembershipRecord | null>;
  /** Adds or changes a member (both items, one transaction); with `invitationId`, deletes that invitation too. */
  putMember(member: TeamMembershipRecord, options?: { invitationId?: string; previousRole?: TeamRole }): Promise<void>;
  /** Removes a member (both items, one transaction). */
  removeMember(teamId: string, userId: string): Promise<void>;
  createInvitation(invitation: TeamInvitationRecord): Promise<void>;
  /** An invitation by its id alone (the accept route names only the id). */
  getInvitation(id: string): Promise<TeamInvitationRecord | null>;
  /** Pending invitations sent to this address (any case), newest first. */
  invitationsFor(email: string): Promise<TeamInvitationRecord[]>;
  deleteInvitation(invitation: TeamInvitationRecord): Promise<void>;
  /** Deletes the team with everything in its partition (members, their mirrors, invitations) and its slug claim. */
  delete(team: TeamRecord): Promise<void>;
}

/** A team event's context (HostRepository.teamContext). */
export interface TeamContext {
  settings: Partial<Settings> | null;
  team: TeamRecord | null;
  hosts: Map<string, HostRecord>;
  /** Round-robin counters by member (absent: no booking this month). */
  counts: Map<string, PoolCount>;
  idempotency: IdempotencyRecord | null;
}

/** A team booking's other assigned members (not `booking.hostId`): their days locked and checked like the host's. */
/** Issue 31: the request place a booking request takes with its write (BookingLedger.commit). */
export interface PendingPlaceClaim {
  ownerId: string;
  /** The guest's e-mail, normalised (shared/email-address.ts). */
  email: string;
  place: number;
  previousHolder: string | null;
}

export interface MemberDays {
  hostId: string;
  lockDays: { day: string; expectedVersion: number }[];
  checkDays: { day: string; expectedVersion: number }[];
}

/** A member's own calendar fields on their hold of a team booking (the event in their calendar). */
export type HoldCalendar = Pick<BookingRecord, 'calendarProvider' | 'calendarEventId' | 'calendarAccount'>;

export interface IdempotencyRecord {
  key: string;
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/**
 * A host's bookings with the per-day versions that make writing them safe under races
 * (functions/src/domain/booking.ts explains the rule; adapters/dynamodb/README.md the items).
 */
export interface BookingLedger {
  /**
   * Bookings starting on the UTC dates fromDay..toDay and the versions of those days (one consistent read). A team
   * booking held by this host (a BookingHold copy, issue 28) is among them, as the booking it copies.
   */
  read(
    hostId: string,
    fromDay: string,
    toDay: string,
  ): Promise<{ bookings: BookingRecord[]; dayVersions: Map<string, number> }>;
  /**
   * Writes the booking, bumps each locked day from the version read, checks that every other day read is still at
   * the version read, and stores the idempotency record, all in one transaction. Throws WriteConflict when a day
   * moved on meanwhile, IdempotencyConflict when the key was taken.
   */
  commit(input: {
    booking: BookingRecord;
    lockDays: { day: string; expectedVersion: number }[];
    /** Days read for the check but not locked: their versions must not have moved (the read was not a snapshot). */
    checkDays: { day: string; expectedVersion: number }[];
    /**
     * A team booking (issue 28): the days of every other assigned member, locked and checked in the same transaction;
     * each of them (every `booking.hostIds` but `hostId`) gets a BookingHold copy, with their own calendar fields
     * from `holdCalendars` when given. A round-robin booking bumps its member's counter (`roundRobin`).
     */
    members?: MemberDays[];
    holdCalendars?: Record<string, HoldCalendar>;
    roundRobin?: { eventId: number; month: string; userId: string; at: string };
    idempotency?: IdempotencyRecord & { expiresAt: number };
    /**
     * A reschedule: the booking replaced, cancelled in the same transaction if it is still active and its token
     * hash still matches (else BookingChanged), with its owed calendar removal when given.
     */
    replaces?: { booking: BookingRecord; calendarPending?: 'delete' };
    /**
     * Issue 31, a booking request: the guest's request place it takes (domain/pending.ts), only if the place still
     * names the request read (`previousHolder`; null: never used), else WriteConflict (read again, judge again).
     */
    pendingPlace?: PendingPlaceClaim;
  }): Promise<void>;
  /**
   * Issue 31: a guest's request places with a host (`ownerId`; a team event: its publishing account), by the guest's
   * normalised e-mail, each with the request that took it last and that request's record (null: gone). Consistent.
   */
  pendingPlaces(ownerId: string, email: string): Promise<PendingPlace[]>;
  /** The first answer stored for an Idempotency-Key, or null. */
  findIdempotency(key: string): Promise<IdempotencyRecord | null>;
  /** One booking by its host, start instant (ISO, as stored) and id, or null. */
  find(hostId: string, start: string, id: string): Promise<BookingRecord | null>;
  /** Replaces the answer stored for an Idempotency-Key (its request hash and expiry stay). */
  replaceIdempotencyResponse(key: string, response: unknown): Promise<void>;
  /** One booking by its id alone (the manage links and the console), or null. */
  findById(id: string): Promise<BookingRecord | null>;
  /**
   * Every host's bookings starting in [from, to) (ISO instants), earliest first: one Query per month of the bookings
   * index (gsi1 `BOOKINGS#{yyyy-MM}`), never a Scan. For the admin's list.
   */
  listStarting(from: string, to: string): Promise<BookingRecord[]>;
  /**
   * One page of the bookings starting in [from, to) (ISO instants), in the list's order (start, then id), strictly
   * after `page.after`: at most `page.limit`, and whether more follow. With `hostId`, that host's partition (their
   * own bookings and the team bookings they hold); without, every host's from the bookings index. Reads about one
   * page of items, whatever the range holds (issue 30), and of each only the fields the list shows.
   */
  pageStarting(input: {
    hostId?: string;
    from: string;
    to: string;
    page: ListPageRequest;
  }): Promise<{ bookings: ListedBooking[]; more: boolean }>;
  /** Marks (or unmarks) the guest of a confirmed booking as not having come; else BookingChanged. */
  setNoShow(booking: BookingRecord, noShow: boolean): Promise<BookingRecord>;
  /**
   * Marks a booking cancelled (or a pending one declined): it keeps its record and frees its time, with who ended it
   * and why, and its version bumped. With `calendarPending`, the same write records that its calendar event is still
   * to be removed. Only if it is still as read (status and version): else BookingChanged.
   */
  cancel(
    booking: BookingRecord,
    options: { cancellation: BookingCancellation; calendarPending?: 'delete' },
  ): Promise<BookingRecord>;
  /**
   * A pending booking confirmed (version bumped), only if it is still pending as read and (issue 31) has not expired
   * at `now` (its `pendingExpiresAt`, or its start when it has none, after `now`): else BookingChanged.
   */
  confirm(booking: BookingRecord, now: Date): Promise<BookingRecord>;
  /**
   * A round-robin booking given to another pool member (issue 28, its member left the team): in one transaction the
   * booking moves from `from.hostId`'s partition to `to.hostId`'s (same id; its reference follows), the holds of the
   * other hosts are rewritten, the new member's days are locked and checked, and the counters move. Only if the booking
   * is still as read (else BookingChanged); WriteConflict when a day of the new member moved on.
   */
  reassign(input: {
    from: BookingRecord;
    to: BookingRecord;
    lockDays: { day: string; expectedVersion: number }[];
    checkDays: { day: string; expectedVersion: number }[];
  }): Promise<void>;
  /**
   * A team booking goes on without one of its hosts (their account is being deleted), in one transaction: the others
   * stay booked and named. When it was stored under the leaving host, it moves to the next host's partition in place
   * of their copy (keeping that copy's calendar fields; `handedOverFrom` set, so nobody is mailed), its reference
   * follows; else the leaving host's copy goes. Only if the booking is still as read (else BookingChanged).
   */
  dropHost(booking: BookingRecord, leaving: string): Promise<BookingRecord>;
  /** Clears the calendar change owed for the booking (done). */
  clearCalendarPending(booking: BookingRecord): Promise<void>;
  /**
   * Issue 30: gives the booking (and its holds) the room of the built-in video call, its version bumped and its
   * status kept, only if it is still at the status and version read (else BookingChanged): the stream's "Location
   * updated" notice.
   */
  setMeetingUrl(booking: BookingRecord, meetingUrl: string): Promise<BookingRecord>;
}

/** A calendar a host has connected: where their other commitments come from and their bookings go. */
export interface CalendarProvider {
  /** Whether booking puts an event (and so an invitation to the guests) into a calendar of the host's. */
  readonly createsEvents: boolean;
  /**
   * Busy times beyond the host's own bookings in [from, to). May answer from a cache of the last minute unless
   * `fresh`. Throws CalendarDisconnected when the calendar refused the host's access (the connection is then marked
   * disconnected), ServiceUnavailable when it cannot be reached: never an empty answer in place of a failure.
   */
  busyTimes(host: HostRecord, from: number, to: number, options?: { fresh?: boolean }): Promise<BusyInterval[]>;
  /** The id the booking's calendar event will have: decided before the write so a retry never creates two. */
  plannedEventId(booking: Pick<BookingRecord, 'id'>): string;
  /** Puts the booking into the calendar; answers whether an event for it exists there now. Throws when it failed. */
  createEvent(host: HostRecord, booking: BookingRecord, event: EventRecord): Promise<boolean>;
  /** Removes the booking's event (gone already counts as removed). Throws when it failed. */
  deleteEvent(host: HostRecord, booking: BookingRecord): Promise<void>;
  /**
   * A reschedule that keeps the event: the booking's event (`booking.calendarEventId`, made for the booking it
   * replaces) moves to its time and details; answers whether the event is there now. Throws when it failed.
   */
  moveEvent(host: HostRecord, booking: BookingRecord, event: EventRecord): Promise<boolean>;
  /**
   * A calendar that keeps events of its own (Google): the status of every booking event we put there that ends after
   * `from`, deleted ones included, by event id. The built-in calendar has none: its events are the bookings.
   */
  bookingEvents?(host: HostRecord, from: number): Promise<Map<string, 'confirmed' | 'cancelled'>>;
  /** Forgets what was cached for a host (after a sync or a booking). */
  forget(hostId: string): void;
}

/**
 * Seals short secrets at rest (Google refresh tokens, feed tokens) with AES-256-GCM; `context` (the owner's id) is
 * bound in, so a sealed value copied to another owner does not open.
 */
export interface TokenCipher {
  seal(plaintext: string, context: string): Promise<string>;
  /** Throws when the value was not sealed by this key for this context. */
  open(sealed: string, context: string): Promise<string>;
}

/** Google's side of connecting a calendar: consent with offline access, the code exchange, revocation. */
export interface GoogleCalendarAuth {
  newPkce(): Promise<{ verifier: string; challenge: string }>;
  authorizationUrl(input: { redirectUri: string; state: string; codeChallenge: string; loginHint?: string }): string;
  /** Exchanges the code: the refresh token (null when Google gave none), the account's e-mail, the scopes granted. */
  exchange(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<{
    refreshToken: string | null;
    email: string;
    scopes: string[];
  }>;
  /** Whether this account can read the named calendar (the admin's configured calendar id). */
  calendarAccessible(refreshToken: string, calendarId: string): Promise<boolean>;
  /** Revokes the token at Google (already invalid counts as revoked). */
  revoke(refreshToken: string): Promise<void>;
}

/**
 * A short-lived memory of recent reads for the public availability views, so that a burst of guests on one booking
 * page does not re-read the same event, host and bookings. Never used on the booking write path.
 */
export interface RecentReads {
  /** The value loaded for `key` within the time-to-live, or a fresh load (shared by concurrent callers). */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything, e.g. after a booking was written by this process. */
  clear(): void;
}

/**
 * A host's webhook endpoints and their delivery logs (issue 29; adapters/dynamodb/webhooks.ts): items in the host's
 * partition (`WEBHOOK#{id}`, the log `WHLOG#{webhookId}#{deliveryId}`), with a count kept by the same transactions.
 */
export interface WebhookRepository {
  /** The host's endpoints, oldest first. */
  list(hostId: string): Promise<WebhookRecord[]>;
  get(hostId: string, id: string): Promise<WebhookRecord | null>;
  /** Writes a new endpoint if the host has fewer than `max` (one transaction with the count); else nothing. */
  create(record: WebhookRecord, max: number): Promise<'created' | 'tooMany'>;
  /**
   * Changes an endpoint's URL, events or active switch; switching it on clears why it was switched off and since when
   * it fails. Answers it after the change, or null when there is none.
   */
  update(
    hostId: string,
    id: string,
    changes: Partial<Pick<WebhookRecord, 'url' | 'events' | 'active'>>,
  ): Promise<WebhookRecord | null>;
  /** Deletes the endpoint (with the count, one transaction) and then its log; false when there was none. */
  delete(hostId: string, id: string): Promise<boolean>;
  /** A failed attempt at `at`: sets `failingSince` unless set; answers the endpoint after it (null when gone). */
  markFailing(hostId: string, id: string, at: string): Promise<WebhookRecord | null>;
  /** A delivered attempt: clears `failingSince`. */
  markDelivering(hostId: string, id: string): Promise<void>;
  /**
   * Switches the endpoint off with `reason`, only if it is still on; answers whether this call did it (so whoever
   * tells the owner does it once).
   */
  disable(hostId: string, id: string, reason: string): Promise<boolean>;
  /** Adds one attempt to the endpoint's log (kept 30 days). */
  logAttempt(entry: WebhookDeliveryRecord): Promise<void>;
  /** The endpoint's last `limit` attempts, newest first. */
  deliveries(hostId: string, webhookId: string, limit: number): Promise<WebhookDeliveryRecord[]>;
  delivery(hostId: string, webhookId: string, deliveryId: string): Promise<WebhookDeliveryRecord | null>;
}

/** One event on its way to one endpoint: what the delivery queue carries (a JSON message body). */
export interface WebhookMessage {
  /** The `webhook-id`: the same for every attempt of the event to the endpoint. */
  id: string;
  hostId: string;
  webhookId: string;
  type: WebhookMessageType;
  /** The payload, exactly as it is signed and sent. */
  body: string;
  /** The attempt this message asks for: 1 for the first. */
  attempt: number;
  /** Not to be attempted before this instant (ISO): the queue may hand it over earlier, and it is then sent on. */
  notBefore: string;
  /** A redelivery the host asked for: one attempt, never retried. */
  manual?: boolean;
}

/**
 * The webhook delivery queue: SQS in the cloud (DelaySeconds at most 15 minutes: a longer wait is made of hops, the
 * job sending an early message on), on one machine items in the table fired by the local runner at their time.
 */
export interface WebhookQueue {
  /** Queues the message for `message.notBefore` (or the nearest the queue can do, never later); `now` is the caller's. */
  send(message: WebhookMessage, now: Date): Promise<void>;
}

/** What a receiver answered to one attempt (or why it could not be asked). Never thrown: a failure is an answer. */
export interface WebhookResponse {
  /** Its HTTP status; null when none came (address refused, timeout, connection failed). */
  status: number | null;
  durationMs: number;
  /** The first 4 KB of its body, or why no answer came. */
  detail: string | null;
}

/**
 * Posts one signed attempt (adapters/webhooks/http-sender.ts): resolves the name at every attempt, refuses every
 * address that is not public (loopback allowed only by the one-machine setting), connects to the address it checked,
 * waits 10 s at most, follows no redirect and reads 4 KB of the answer at most.
 */
export interface WebhookSender {
  post(request: { url: string; headers: Record<string, string>; body: string }): Promise<WebhookResponse>;
}

/** What every route has: configuration, time, ids, logging, and who is calling. */
export interface CoreDeps {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  metrics: Metrics;
  sessions: SessionVerifier;
  /**
   * API keys' bearer authentication (issue 29), for the rows with `apiKey`. Absent (a test's own dependencies): every
   * key is refused with 401.
   */
  apiKeyVerifier?: ApiKeyVerifier;
}

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
}

/** A Stripe subscription as the provider reports it (adapters/stripe). */
export interface ProviderSubscription {
  id: string;
  /** Stripe's status: incomplete, incomplete_expired, trialing, active, past_due, unpaid, canceled, paused. */
  status: string;
  /** From the metadata we set; null on a subscription not made here. */
  planType: PlanType | null;
  owner: BillingOwner | null;
  promoCode: string | null;
  customerId: string | null;
  createdAt: string;
  /** The end of the period paid for (ISO); null before the first payment. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The latest invoice as a payment (the first one right after creation), when Stripe sent it. */
  latestPayment: ProviderPayment | null;
}

/** A payment: a subscription's invoice (id in_…) or a lifetime plan's payment intent (id pi_…). */
export interface ProviderPayment {
  id: string;
  paymentIntentId: string | null;
  /** The subscription an invoice belongs to; null for a one-time payment. */
  subscriptionId: string | null;
  planType: PlanType | null;
  owner: BillingOwner | null;
  promoCode: string | null;
  customerId: string | null;
  /** Cents: paid, or due while not paid. */
  amount: number;
  status: PaymentStatus;
  createdAt: string;
  /** Stripe's decline or error code of a failed payment (card_declined, expired_card…), else null. */
  failureCode: string | null;
}

/** A Checkout session, with its subscription or payment intent when it has one. */
export interface ProviderCheckout {
  id: string;
  mode: 'subscription' | 'payment';
  /** Stripe's: open, complete, expired. */
  status: string;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  planType: PlanType | null;
  owner: BillingOwner | null;
  subscription: ProviderSubscription | null;
  payment: ProviderPayment | null;
}

/**
 * A verified webhook event, read into what it tells: a subscription's state (customer.subscription.*), a payment
 * (invoice.paid, invoice.payment_failed, payment_intent.succeeded, payment_intent.payment_failed, charge.refunded),
 * a finished Checkout session (checkout.session.completed), or nothing we act on. `created` is Stripe's event time
 * in epoch seconds (the ordering of states).
 */
export type ProviderEvent = { id: string; stripeType: string; created: number } & (
  | { kind: 'subscription'; subscription: ProviderSubscription }
  | { kind: 'payment'; payment: ProviderPayment }
  | { kind: 'checkout'; checkout: ProviderCheckout }
  | { kind: 'ignored' }
);

/** What a purchase started here carries to Stripe (its metadata) and charges. */
export interface PurchaseStart {
  planType: PlanType;
  owner: BillingOwner;
  /** The first payment, fee included (cents). */
  firstAmount: number;
  /** Each renewal, fee included (cents); null for lifetime. */
  renewalAmount: number | null;
  /** The line's description ("Monthly Plan"). */
  description: string;
  promoCode: string | null;
  /** Makes a retried request create nothing new (Stripe's Idempotency-Key). */
  idempotencyKey: string;
}

/** Stripe, behind our port: the billing functions only (adapters/stripe). */
export interface PaymentProvider {
  readonly publishableKey: string;
  /** The API version every request pins (GET /api/stripe-config reports it). */
  readonly apiVersion: string;
  readonly mode: 'test' | 'live';
  /** A customer for an account or a guest's e-mail (answers its id). */
  createCustomer(input: {
    email: string;
    name: string | null;
    owner: BillingOwner;
    idempotencyKey: string;
  }): Promise<string>;
  /**
   * A subscription created incomplete whose first invoice the Payment Element pays: first payment firstAmount
   * (a once-only discount when it is below renewalAmount), then renewalAmount each interval.
   */
  startSubscription(
    input: PurchaseStart & { customerId: string },
  ): Promise<{ subscription: ProviderSubscription; clientSecret: string; paymentIntentId: string; amountDue: number }>;
  /** A one-time payment (lifetime) for the Payment Element. */
  startPayment(
    input: PurchaseStart & { customerId: string },
  ): Promise<{ payment: ProviderPayment; clientSecret: string }>;
  /** A Checkout session in subscription or payment mode; answers its id and Stripe's page address. */
  startCheckout(
    input: PurchaseStart & {
      customerId: string | null;
      customerEmail: string | null;
      successUrl: string;
      cancelUrl: string;
    },
  ): Promise<{ id: string; url: string }>;
  /** Null when Stripe does not know the id. */
  getCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  getPaymentIntent(paymentIntentId: string): Promise<ProviderPayment | null>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** Sets the subscription to end when its period ends; answers it as it is now. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Ends the subscription now: no further invoice or charge (account deletion). `comment` is kept at Stripe as the
   * cancellation's reason. One already ended is no error; one Stripe does not know answers null.
   */
  cancelNow(subscriptionId: string, comment: string): Promise<ProviderSubscription | null>;
  /**
   * Cancels a one-time payment intent not yet paid, so its client secret can no longer pay it; answers it as it is
   * now (one that already succeeded, or was cancelled, is left as it is). Null when Stripe does not know the id.
   */
  cancelPayment(paymentIntentId: string): Promise<ProviderPayment | null>;
  /**
   * Expires an open Checkout session, so it can no longer be paid; answers it as it is now (one already complete or
   * expired is left as it is). Null when Stripe does not know the id.
   */
  expireCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  /**
   * Verifies a webhook's Stripe-Signature over the raw body with the webhook secret (as stripe.webhooks.constructEvent
   * does, 5 minutes' tolerance) and reads the event; throws WebhookSignatureInvalid when it does not hold.
   */
  readWebhook(rawBody: string, signatureHeader: string): Promise<ProviderEvent>;
}

/** A pending payment started here, found again by its payment intent when the browser comes back. */
export interface PendingPayment {
  paymentIntentId: string;
  owner: BillingOwner;
  planId: string;
  planType: PlanType;
}

/** Plans, payments, customers and promo codes in the table (adapters/dynamodb/billing.ts). */
export interface BillingStore {
  /** Every plan of the owner (an account's are also read with its host record). */
  plans(owner: BillingOwner): Promise<PlanRecord[]>;
  payments(owner: BillingOwner): Promise<PaymentRecord[]>;
  getPlan(owner: BillingOwner, planId: string): Promise<PlanRecord | null>;
  /** Writes the plan unless the stored state is newer (domain/billing.ts isNewer); answers whether it wrote. */
  savePlan(owner: BillingOwner, plan: PlanRecord): Promise<boolean>;
  /** Writes the payment unless the stored state is newer; answers whether it wrote. */
  savePayment(owner: BillingOwner, payment: PaymentRecord): Promise<boolean>;
  /** The owner's Stripe customer, or null. */
  customerOf(owner: BillingOwner): Promise<string | null>;
  setCustomer(owner: BillingOwner, customerId: string): Promise<void>;
  savePending(pending: PendingPayment): Promise<void>;
  findPending(paymentIntentId: string): Promise<PendingPayment | null>;
  /**
   * Moves every plan and payment filed under a guest's e-mail to the account that proved that address (idempotent:
   * what was moved is no longer under the e-mail). Answers how many plans moved.
   */
  claimGuestPlans(email: string, accountId: string): Promise<number>;
  /** A promo code by its normalized text (shared/rules/pricing.ts normalizePromoCode), with how often it was used. */
  promoCode(normalized: string): Promise<(PromoCode & { redemptions: number }) | null>;
  /** Writes a code (the seed; operators change codes in the table directly); its count of uses stays. */
  savePromoCode(promo: PromoCode): Promise<void>;
  /** The earlier uses of a code (normalized) by this account or this e-mail address: the plans they went to. */
  promoUses(code: string, buyer: PromoBuyer): Promise<{ planId: string; owner: BillingOwner }[]>;
  /**
   * Records a purchase started here in one transaction: the plan (incomplete; null for a Checkout session, whose
   * plan Stripe makes later), its pending payment, and the use of its promo code (the code's count, within its
   * maximum; this account's and this e-mail's use, once each). Throws domain/billing.ts PromoRedemptionRefused and
   * writes nothing when the code may not be used.
   */
  startPurchase(input: {
    owner: BillingOwner;
    plan: PlanRecord | null;
    pending: PendingPayment | null;
    redemption: PromoRedemption | null;
  }): Promise<void>;
  /** Gives back the promo use that went to `planId` (a payment that never happened); false when there was none. */
  releaseRedemption(planId: string): Promise<boolean>;
  /**
   * Records again a use given back for `planId` whose payment was made after all (counted even past the maximum; an
   * account's or address's use held meanwhile by another plan stays with it). False when none was given back.
   */
  restoreRedemption(planId: string): Promise<boolean>;
}
