import { loadConfig, type Config } from './config.ts';
import type { CoreDeps, Deps } from './ports.ts';
import { createDocumentClient, createDynamoClient } from './adapters/dynamodb/client.ts';
import { dynamoContactMessages } from './adapters/dynamodb/contact-messages.ts';
import { dynamoSettings } from './adapters/dynamodb/settings.ts';
import { sesMailer } from './adapters/ses/mailer.ts';
import { dynamoEvents } from './adapters/dynamodb/events.ts';
import { dynamoHosts } from './adapters/dynamodb/hosts.ts';
import { dynamoBookingLedger } from './adapters/dynamodb/bookings.ts';
import { builtinCalendar } from './adapters/calendar/builtin.ts';
import { memoryRecentReads } from './adapters/memory/recent-reads.ts';

/**
 * How long the public availability views may reuse what they read (bypassed by forceRefresh=true, cleared by a
 * booking written in the same process). Bookings themselves are always checked against fresh reads.
 */
const RECENT_READS = { ttlMs: 5_000, maxEntries: 500 } as const;
import { dynamoAccounts } from './adapters/dynamodb/accounts.ts';
import { dynamoLoginThrottle, dynamoRateLimiter } from './adapters/dynamodb/login-throttle.ts';
import { dynamoSessionStore } from './adapters/dynamodb/sessions.ts';
import { scryptPasswords } from './adapters/passwords/scrypt.ts';
import { sessionKey } from './adapters/sessions/session-key.ts';
import { signedCookieSessions } from './adapters/sessions/signed-cookie.ts';
import { LOGIN_LIMITS } from './domain/accounts.ts';
import { dynamoSignInLinks } from './adapters/dynamodb/sign-in-links.ts';
import { dynamoEmailProofs } from './adapters/dynamodb/email-proofs.ts';
import { localPhotoStore } from './adapters/photos/local-files.ts';
import { s3PhotoStore } from './adapters/photos/s3.ts';
import { jsonLogger, systemClock, uuidIds } from './adapters/system/runtime.ts';
import { dynamoOAuthStates } from './adapters/dynamodb/oauth-states.ts';
import { googleSignIn } from './adapters/google/sign-in.ts';
import { googleCalendar } from './adapters/google/calendar.ts';
import { googleCalendarAuth } from './adapters/google/calendar-auth.ts';
import { envelopeTokenCipher, localTokenCipher } from './adapters/crypto/token-cipher.ts';
import { kmsClient, kmsDataKeys } from './adapters/crypto/kms.ts';
import { localKey } from './adapters/sessions/session-key.ts';

/**
 * Builds dependencies from configuration, each at most once per process (once per Lambda cold start), and only
 * when first asked for: a handler names the ones its use case needs, so its bundle carries only those adapters.
 */

function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

export const config = /* @__PURE__ */ once(() => loadConfig());

const documentClient = /* @__PURE__ */ once(() => createDocumentClient(createDynamoClient(config())));

/** Signed session cookies backed by session items: every route verifies with it, sign-in and logout issue with it. */
const sessions = /* @__PURE__ */ once(() => sessionsFor(config(), documentClient()));

function sessionsFor(configuration: Config, db: ReturnType<typeof createDocumentClient>) {
  return signedCookieSessions({
    key: sessionKey(configuration),
    store: dynamoSessionStore(db, configuration.tableName),
    clock: systemClock,
    ids: uuidIds,
  });
}

export const coreDeps = /* @__PURE__ */ once(
  (): CoreDeps => ({
    config: config(),
    clock: systemClock,
    ids: uuidIds,
    logger: jsonLogger(config().logLevel),
    sessions: sessions(),
  }),
);

/** Photos in S3 in the cloud, in files on one machine. */
const photoStoreFor = (configuration: Config) =>
  configuration.photoBucket ? s3PhotoStore(configuration.photoBucket, configuration.region) : localPhotoStore(configuration.dataDir);

/** Abuse limits on anonymous writes (bookings, registration, contact): counters in the table. */
export const rateLimiter = /* @__PURE__ */ once(() => dynamoRateLimiter(documentClient(), config().tableName, config().rateLimitMultiplier));

/** What the account routes need: accounts, password hashing, sessions, throttling, sign-in links. */
export const accountDeps = /* @__PURE__ */ once(() => ({
  rateLimiter: rateLimiter(),
  accounts: dynamoAccounts(documentClient(), config().tableName),
  passwords: scryptPasswords(),
  sessionIssuer: sessions(),
  loginThrottle: dynamoLoginThrottle(documentClient(), config().tableName, LOGIN_LIMITS.windowMs),
  signInLinks: dynamoSignInLinks(documentClient(), config().tableName),
  emailProofs: dynamoEmailProofs(documentClient(), config().tableName),
}));

/** Google sign-in (null when no client id is configured) and the OAuth states in flight: the two Google routes. */
export const googleSignInDeps = /* @__PURE__ */ once(() => googleSignInFor(config(), documentClient()));

function googleSignInFor(configuration: Config, db: ReturnType<typeof createDocumentClient>) {
  return {
    oauthStates: dynamoOAuthStates(db, configuration.tableName),
    googleSignIn: configuration.google ? googleSignIn(configuration.google) : null,
  };
}

/** The account repository alone, for routes that read the caller's account but never sign anyone in. */
export const accountRepository = /* @__PURE__ */ once(() => dynamoAccounts(documentClient(), config().tableName));

/** What the host console's event routes need: the caller's account, host records, events, the booking ledger. */
export const hostEventDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  hosts: hostRepository(),
  events: eventRepository(),
  bookings: bookingLedger(),
}));

/** The photo store, for the three routes that write or delete photos (the others never load the S3 client). */
export const photoStore = /* @__PURE__ */ once(() => photoStoreFor(config()));

export const settingsRepository = /* @__PURE__ */ once(() => dynamoSettings(documentClient(), config().tableName));

export const contactMessageRepository = /* @__PURE__ */ once(() =>
  dynamoContactMessages(documentClient(), config().tableName),
);

export const mailer = /* @__PURE__ */ once(() => sesMailer(config()));

export const eventRepository = /* @__PURE__ */ once(() => dynamoEvents(documentClient(), config().tableName));

export const hostRepository = /* @__PURE__ */ once(() => dynamoHosts(documentClient(), config().tableName));

export const bookingLedger = /* @__PURE__ */ once(() => dynamoBookingLedger(documentClient(), config().tableName));

/** Seals hosts' Google refresh tokens and feed tokens: KMS envelope encryption in the cloud, a local key otherwise. */
function tokenCipherFor(configuration: Config) {
  if ('kmsKeyId' in configuration.tokenKey) {
    return envelopeTokenCipher(kmsDataKeys(configuration.tokenKey.kmsKeyId, kmsClient(configuration.region)));
  }
  return localTokenCipher(configuration.tokenKey.localKey ?? localKey(configuration.dataDir, 'calendar-token-key'));
}

export const tokenCipher = /* @__PURE__ */ once(() => tokenCipherFor(config()));

/**
 * The calendar adapters available: the built-in one always, Google when a client with its secret is configured
 * (only the functions that talk to Google are given the secret).
 */
function calendarProvidersFor(configuration: Config, hosts: Deps['hosts'], cipher: Deps['tokenCipher']): Deps['calendars'] {
  const google = configuration.google;
  return {
    builtin: builtinCalendar,
    ...(google?.clientSecret
      ? {
          google: googleCalendar({
            google,
            cipher,
            hosts,
            logger: jsonLogger(configuration.logLevel),
            siteUrl: configuration.siteUrl,
            now: () => systemClock.now().getTime(),
          }),
        }
      : {}),
  };
}

export const calendarProviders = /* @__PURE__ */ once(() => calendarProvidersFor(config(), hostRepository(), tokenCipher()));

const googleCalendarAuthFor = (configuration: Config) =>
  configuration.google?.clientSecret ? googleCalendarAuth(configuration.google) : null;

/** What connecting, disconnecting and deleting a calendar need: hosts, the token seal, Google's consent, calendars. */
export const calendarConnectionDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  hosts: hostRepository(),
  tokenCipher: tokenCipher(),
  googleCalendarAuth: googleCalendarAuthFor(config()),
  calendars: calendarProviders(),
}));

export const recentReads = /* @__PURE__ */ once(() => memoryRecentReads(RECENT_READS));

/** What the availability and booking routes read: events, hosts, the booking ledger, calendars, recent reads. */
export const availabilityDeps = /* @__PURE__ */ once(() => ({
  events: eventRepository(),
  hosts: hostRepository(),
  bookings: bookingLedger(),
  calendars: calendarProviders(),
  recentReads: recentReads(),
}));

/**
 * Every dependency for one configuration: for the local runner's seeding, tests and the bench.
 * `onDynamoRequest` counts DynamoDB commands (see createDynamoClient).
 */
export function composeDeps(configuration: Config, options: { onDynamoRequest?: (commandName: string) => void } = {}): Deps {
  const db = createDocumentClient(createDynamoClient(configuration, options.onDynamoRequest));
  const sessionAdapter = sessionsFor(configuration, db);
  const hosts = dynamoHosts(db, configuration.tableName);
  const cipher = tokenCipherFor(configuration);
  return {
    config: configuration,
    clock: systemClock,
    ids: uuidIds,
    logger: jsonLogger(configuration.logLevel),
    sessions: sessionAdapter,
    accounts: dynamoAccounts(db, configuration.tableName),
    passwords: scryptPasswords(),
    sessionIssuer: sessionAdapter,
    loginThrottle: dynamoLoginThrottle(db, configuration.tableName, LOGIN_LIMITS.windowMs),
    rateLimiter: dynamoRateLimiter(db, configuration.tableName, configuration.rateLimitMultiplier),
    photos: photoStoreFor(configuration),
    signInLinks: dynamoSignInLinks(db, configuration.tableName),
    emailProofs: dynamoEmailProofs(db, configuration.tableName),
    ...googleSignInFor(configuration, db),
    contactMessages: dynamoContactMessages(db, configuration.tableName),
    settings: dynamoSettings(db, configuration.tableName),
    mailer: sesMailer(configuration),
    events: dynamoEvents(db, configuration.tableName),
    hosts,
    bookings: dynamoBookingLedger(db, configuration.tableName),
    calendars: calendarProvidersFor(configuration, hosts, cipher),
    googleCalendarAuth: googleCalendarAuthFor(configuration),
    tokenCipher: cipher,
    recentReads: memoryRecentReads(RECENT_READS),
  };
}
