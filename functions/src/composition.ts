import { builtinCalendar } from '#functions/adapters/calendar/builtin';
import { kmsClient, kmsDataKeys } from '#functions/adapters/crypto/kms';
import { envelopeTokenCipher, localTokenCipher } from '#functions/adapters/crypto/token-cipher';
import { dynamoAccounts } from '#functions/adapters/dynamodb/accounts';
import { dynamoApiKeys } from '#functions/adapters/dynamodb/api-keys';
import { dynamoBilling } from '#functions/adapters/dynamodb/billing/dynamo-billing';
import { dynamoBookingLedger, dynamoBookingWrites } from '#functions/adapters/dynamodb/bookings/ledger';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { dynamoContactMessages } from '#functions/adapters/dynamodb/contact-messages';
import { dynamoEmailProofs } from '#functions/adapters/dynamodb/email-proofs';
import { dynamoEvents } from '#functions/adapters/dynamodb/events';
import { dynamoHosts } from '#functions/adapters/dynamodb/hosts/repository';
import { dynamoLocationFallbacks } from '#functions/adapters/dynamodb/location-fallbacks';
import { dynamoLoginThrottle, dynamoRateLimiter } from '#functions/adapters/dynamodb/login-throttle';
import { tableMailPacer } from '#functions/adapters/dynamodb/mail-pacer';
import { tableMailQueue } from '#functions/adapters/dynamodb/mail-queue';
import { dynamoMailSuppressions } from '#functions/adapters/dynamodb/mail-suppressions';
import { dynamoOAuthStates } from '#functions/adapters/dynamodb/oauth-states';
import { dynamoSessionStore } from '#functions/adapters/dynamodb/sessions';
import { dynamoSettings } from '#functions/adapters/dynamodb/settings';
import { dynamoSignInLinks } from '#functions/adapters/dynamodb/sign-in-links';
import { tableTimers } from '#functions/adapters/dynamodb/table-timers';
import { dynamoTeams } from '#functions/adapters/dynamodb/teams';
import { tableWebhookQueue } from '#functions/adapters/dynamodb/webhook-queue';
import { dynamoWebhooks } from '#functions/adapters/dynamodb/webhooks';
import { googleCalendar } from '#functions/adapters/google/calendar';
import { googleCalendarAuth } from '#functions/adapters/google/calendar-auth';
import { googleSignIn } from '#functions/adapters/google/sign-in';
import { powertoolsOnce } from '#functions/adapters/idempotency/powertools-once';
import { sqsMailQueue } from '#functions/adapters/mail-queue/sqs-queue';
import { recentHostNames } from '#functions/adapters/memory/recent-host-names';
import { memoryRecentReads } from '#functions/adapters/memory/recent-reads';
import { countingMailer } from '#functions/adapters/observability/counting-mailer';
import {
  powertoolsLogger,
  powertoolsMetricsPort,
  powertoolsRootLogger,
} from '#functions/adapters/observability/powertools';
import { readableLogger } from '#functions/adapters/observability/readable-logger';
import { scryptPasswords } from '#functions/adapters/passwords/scrypt';
import { localPhotoStore } from '#functions/adapters/photos/local-files';
import { s3PhotoStore } from '#functions/adapters/photos/s3';
import { eventBridgeTimers } from '#functions/adapters/scheduler/eventbridge';
import { sesMailer } from '#functions/adapters/ses/mailer';
import { sesRawMailer } from '#functions/adapters/ses/raw-mailer';
import { sesSendQuota } from '#functions/adapters/ses/send-quota';
import { hmacManageTokens } from '#functions/adapters/sessions/manage-tokens';
import { localKey, sessionKeys } from '#functions/adapters/sessions/session-key';
import { signedCookieSessions } from '#functions/adapters/sessions/signed-cookie';
import { systemClock, uuidIds } from '#functions/adapters/system/runtime';
import { httpWebhookSender } from '#functions/adapters/webhooks/http-sender';
import { sqsClient, sqsWebhookQueue } from '#functions/adapters/webhooks/sqs-queue';
import { apiKeyVerifier } from '#functions/app/integrations/api-keys';
import { loadConfig, type Config } from '#functions/config';
import { LOGIN_LIMITS } from '#functions/domain/accounts';
import type { CoreDeps, Logger } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';

/**
 * How long the public availability views may reuse what they read (bypassed by forceRefresh=true, cleared by a
 * booking written in the same process). Bookings themselves are always checked against fresh reads.
 */
const RECENT_READS = { ttlMs: 5_000, maxEntries: 500 } as const;
/** The bookings lists' memory of host names: a rename shows in them within a minute. */
export const RECENT_HOST_NAMES = { ttlMs: 60_000, maxEntries: 5_000 } as const;

/**
 * Builds dependencies from configuration, each at most once per process (once per Lambda cold start), and only
 * when first asked for: a handler names the ones its use case needs, so its bundle carries only those adapters.
 */

function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

export const config = /* @__PURE__ */ once(() => loadConfig());

const dynamoClient = /* @__PURE__ */ once(() => createDynamoClient(config()));
const documentClient = /* @__PURE__ */ once(() => createDocumentClient(dynamoClient()));

/** Signed session cookies backed by session items: every route verifies with it, sign-in and logout issue with it. */
const sessions = /* @__PURE__ */ once(() => sessionsFor(config(), documentClient()));

function sessionsFor(configuration: Config, db: ReturnType<typeof createDocumentClient>) {
  const keys = sessionKeys(configuration);
  return signedCookieSessions({
    key: keys.current,
    previousKey: keys.previous,
    store: dynamoSessionStore(db, configuration.tableName),
    clock: systemClock,
    ids: uuidIds,
  });
}

/** JSON lines through Powertools in the cloud, readable lines at a terminal (docs/operations.md). */
const loggerFor = (configuration: Config): Logger =>
  configuration.logFormat === 'readable'
    ? readableLogger(configuration.logLevel)
    : powertoolsLogger(powertoolsRootLogger(configuration.logLevel));

/** The process's logger and metrics (one of each per Lambda execution environment). */
const logger = /* @__PURE__ */ once(() => loggerFor(config()));
const metrics = /* @__PURE__ */ once(() => powertoolsMetricsPort());

export const coreDeps = /* @__PURE__ */ once((): CoreDeps => ({
  config: config(),
  clock: systemClock,
  ids: uuidIds,
  logger: logger(),
  metrics: metrics(),
  sessions: sessions(),
  apiKeyVerifier: apiKeyAuthentication(),
}));

/** Hosts' API keys (issue 29): the key routes, and every route's bearer authentication. */
export const apiKeyRepository = /* @__PURE__ */ once(() => dynamoApiKeys(documentClient(), config().tableName));

/**
 * A bearer key's authentication (issue 29): only the rows with `apiKey` ever use it (the HTTP wrapper refuses a key
 * on any other before reading anything), so a function whose row takes no key never touches these items.
 */
const apiKeyAuthentication = /* @__PURE__ */ once(() =>
  apiKeyVerifier({ apiKeys: apiKeyRepository(), rateLimiter: rateLimiter() }),
);

/** What the API key routes need: the caller's account and the keys. */
export const apiKeyDeps = /* @__PURE__ */ once(() => ({ accounts: accountRepository(), apiKeys: apiKeyRepository() }));

/** Photos in S3 in the cloud, in files on one machine. */
const photoStoreFor = (configuration: Config) =>
  configuration.photoBucket
    ? s3PhotoStore(configuration.photoBucket, configuration.region)
    : localPhotoStore(configuration.dataDir);

/** Abuse limits on anonymous writes (bookings, registration, contact): counters in the table. */
export const rateLimiter = /* @__PURE__ */ once(() =>
  dynamoRateLimiter(documentClient(), config().tableName, config().rateLimitMultiplier),
);

/** Plans, payments, customers and promo codes in the table (no Stripe SDK: see billing-composition.ts). */
export const billingStore = /* @__PURE__ */ once(() => dynamoBilling(documentClient(), config().tableName));

/**
 * What the account routes need: accounts, password hashing, sessions, throttling, sign-in links, and the billing
 * store (an address proven claims the plans a guest bought for it).
 */
export const accountDeps = /* @__PURE__ */ once(() => ({
  billing: billingStore(),
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
    billing: dynamoBilling(db, configuration.tableName),
    oauthStates: dynamoOAuthStates(db, configuration.tableName),
    googleSignIn: configuration.google ? googleSignIn(configuration.google) : null,
  };
}

/** The account repository alone, for routes that read the caller's account but never sign anyone in. */
export const accountRepository = /* @__PURE__ */ once(() => dynamoAccounts(documentClient(), config().tableName));

/** What the host console's event routes need: the caller's account, host records, events, teams, the booking ledger. */
export const hostEventDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  hosts: hostRepository(),
  events: eventRepository(),
  teams: teamRepository(),
  bookings: bookingLedger(),
}));

/** The photo store, for the three routes that write or delete photos (the others never load the S3 client). */
export const photoStore = /* @__PURE__ */ once(() => photoStoreFor(config()));

export const settingsRepository = /* @__PURE__ */ once(() => dynamoSettings(documentClient(), config().tableName));

export const contactMessageRepository = /* @__PURE__ */ once(() =>
  dynamoContactMessages(documentClient(), config().tableName),
);

export const mailer = /* @__PURE__ */ once(() => countingMailer(sesMailer(config()), metrics()));

export const eventRepository = /* @__PURE__ */ once(() => dynamoEvents(documentClient(), config().tableName));

export const hostRepository = /* @__PURE__ */ once(() => dynamoHosts(documentClient(), config().tableName));

/** The host repository of the bookings lists: host names remembered for a minute (RECENT_HOST_NAMES). */
export const listHostRepository = /* @__PURE__ */ once((): Deps['hosts'] => {
  const hosts = hostRepository();
  return { ...hosts, namesOf: recentHostNames((ids) => hosts.namesOf(ids), RECENT_HOST_NAMES) };
});

export const bookingLedger = /* @__PURE__ */ once(() => dynamoBookingLedger(documentClient(), config().tableName));

/** Teams, their members and invitations (issue 28). */
export const teamRepository = /* @__PURE__ */ once(() => dynamoTeams(documentClient(), config().tableName));

/** What the team routes need: the caller's account, teams, the members' profiles and calendars, event types. */
export const teamDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  teams: teamRepository(),
  hosts: hostRepository(),
  events: eventRepository(),
}));

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
function calendarProvidersFor(
  configuration: Config,
  hosts: Deps['hosts'],
  cipher: Deps['tokenCipher'],
  observe: Pick<Deps, 'logger' | 'metrics'>,
): Deps['calendars'] {
  const google = configuration.google;
  return {
    builtin: builtinCalendar,
    ...(google?.clientSecret
      ? {
          google: googleCalendar({
            google,
            cipher,
            hosts,
            logger: observe.logger,
            metrics: observe.metrics,
            siteUrl: configuration.siteUrl,
            now: () => systemClock.now().getTime(),
          }),
        }
      : {}),
  };
}

export const calendarProviders = /* @__PURE__ */ once(() =>
  calendarProvidersFor(config(), hostRepository(), tokenCipher(), { logger: logger(), metrics: metrics() }),
);

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

/**
 * What leaving Google (disconnecting, or switching to the built-in calendar) needs besides: it moves the host's Google
 * Meet event types to the video call, gives their bookings a room and mails the host (issue 30).
 */
export const leaveGoogleDeps = /* @__PURE__ */ once(() => ({
  ...calendarConnectionDeps(),
  events: eventRepository(),
  teams: teamRepository(),
  bookings: bookingLedger(),
  locationFallbacks: locationFallbacks(),
}));

/** Notes that mail a host whose Google Meet event types became video calls (issue 30), through the stream. */
export const locationFallbacks = /* @__PURE__ */ once(() =>
  dynamoLocationFallbacks(documentClient(), config().tableName),
);

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
 * What the booking route needs: availability's reads, with only the booking write's part of the ledger (its reads,
 * its transaction, the calendar mark), so that its function carries none of the lists' or the changes' code.
 */
export const bookingWriteDeps = /* @__PURE__ */ once(() => ({
  events: eventRepository(),
  hosts: hostRepository(),
  bookings: dynamoBookingWrites(documentClient(), config().tableName),
  calendars: calendarProviders(),
  recentReads: recentReads(),
}));

/** What the routes acting on one booking need (its host's console, the guest's links): the booking and its people. */
export const bookingDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  bookings: bookingLedger(),
  hosts: hostRepository(),
  events: eventRepository(),
}));

/** The secret of bookings' manage links, derived with the session key every function already holds. */
export const manageTokens = /* @__PURE__ */ once(() => manageTokensFor(config()));

/** Guest links: derived with the current session key; the previous one's still accepted during a rotation. */
const manageTokensFor = (configuration: Config) => {
  const keys = sessionKeys(configuration);
  return hmacManageTokens(keys.current, keys.previous);
};

/** Booking timers: EventBridge Scheduler in the cloud; on one machine, kept in the table for the local runner. */
const timersFor = (configuration: Config, db: ReturnType<typeof createDocumentClient>) =>
  configuration.scheduler
    ? eventBridgeTimers(configuration.scheduler, configuration.region)
    : tableTimers(db, configuration.tableName);

/** What the booking lifecycle's jobs need beyond the ledger: booking mail sent once, suppressions, timers. */
function lifecycleFor(
  configuration: Config,
  clients: { dynamo: ReturnType<typeof createDynamoClient>; db: ReturnType<typeof createDocumentClient> },
  metricsPort: Deps['metrics'],
) {
  return {
    bookingMailer: countingMailer(sesRawMailer(configuration), metricsPort),
    once: powertoolsOnce(clients.dynamo, configuration.tableName),
    mailSuppressions: dynamoMailSuppressions(clients.db, configuration.tableName),
    timers: timersFor(configuration, clients.db),
    mailQueue: mailQueueFor(configuration, clients.db),
  };
}

/** The booking mail queue (issue 30): SQS in the cloud (MAIL_QUEUE_URL), items in the table on one machine. */
const mailQueueFor = (configuration: Config, db: ReturnType<typeof createDocumentClient>) =>
  configuration.mailQueue.url
    ? sqsMailQueue(configuration.mailQueue.url, sqsClient(configuration.region))
    : tableMailQueue(db, configuration.tableName);

/**
 * What the booking mail queue's consumer needs (issue 30): the raw mailer, the OnceGuard, the queue (its backoffs),
 * the per-second tokens, the account's rate, and the ledger (a reminder is read again before it goes).
 */
export const bookingMailQueueDeps = /* @__PURE__ */ once(() => ({
  bookingMailer: countingMailer(sesRawMailer(config()), metrics()),
  once: powertoolsOnce(dynamoClient(), config().tableName),
  mailQueue: mailQueueFor(config(), documentClient()),
  mailPacer: tableMailPacer(documentClient(), config().tableName),
  sendQuota: sesSendQuota(config()),
  bookings: bookingLedger(),
}));

/** The guard that runs a side effect once per id (Powertools idempotency in the table): Stripe's webhook events. */
export const onceGuard = /* @__PURE__ */ once(() => powertoolsOnce(dynamoClient(), config().tableName));

/** The suppression list alone (the SES feedback job). */
export const mailSuppressions = /* @__PURE__ */ once(() =>
  dynamoMailSuppressions(documentClient(), config().tableName),
);

/** Webhook endpoints and their delivery logs (issue 29). */
export const webhookRepository = /* @__PURE__ */ once(() => dynamoWebhooks(documentClient(), config().tableName));

/** What the webhook routes need: the caller's account and the endpoints. */
export const webhookDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  webhooks: webhookRepository(),
}));

/** The webhook delivery queue: SQS in the cloud (WEBHOOK_QUEUE_URL), items in the table on one machine. */
const webhookQueueFor = (configuration: Config, db: ReturnType<typeof createDocumentClient>) =>
  configuration.webhooks.queueUrl
    ? sqsWebhookQueue(configuration.webhooks.queueUrl, sqsClient(configuration.region))
    : tableWebhookQueue(db, configuration.tableName);

export const webhookQueue = /* @__PURE__ */ once(() => webhookQueueFor(config(), documentClient()));

/** Posts webhook attempts behind the address guard; local addresses only with the one-machine setting. */
export const webhookSender = /* @__PURE__ */ once(() =>
  httpWebhookSender({ allowLocal: config().webhooks.allowLocal }),
);

export const lifecycleDeps = /* @__PURE__ */ once(() => ({
  ...lifecycleFor(config(), { dynamo: dynamoClient(), db: documentClient() }, metrics()),
  manageTokens: manageTokens(),
  settings: settingsRepository(),
  events: eventRepository(),
  hosts: hostRepository(),
  bookings: bookingLedger(),
}));

/**
 * Every dependency for one configuration: for the local runner's seeding, tests and the bench.
 * `onDynamoRequest` counts DynamoDB commands, `onDynamoCapacity` is told the capacity units each consumed (see
 * createDynamoClient).
 */
export function composeDeps(
  configuration: Config,
  options: {
    onDynamoRequest?: (commandName: string) => void;
    onDynamoCapacity?: (commandName: string, capacityUnits: number, input: unknown) => void;
  } = {},
): Deps {
  const dynamo = createDynamoClient(configuration, options.onDynamoRequest, options.onDynamoCapacity);
  const db = createDocumentClient(dynamo);
  const sessionAdapter = sessionsFor(configuration, db);
  const apiKeys = dynamoApiKeys(db, configuration.tableName);
  const rateLimit = dynamoRateLimiter(db, configuration.tableName, configuration.rateLimitMultiplier);
  const hosts = dynamoHosts(db, configuration.tableName);
  const cipher = tokenCipherFor(configuration);
  const observe = { logger: loggerFor(configuration), metrics: powertoolsMetricsPort() };
  return {
    config: configuration,
    clock: systemClock,
    ids: uuidIds,
    ...observe,
    sessions: sessionAdapter,
    apiKeyVerifier: apiKeyVerifier({ apiKeys, rateLimiter: rateLimit }),
    apiKeys,
    accounts: dynamoAccounts(db, configuration.tableName),
    passwords: scryptPasswords(),
    sessionIssuer: sessionAdapter,
    loginThrottle: dynamoLoginThrottle(db, configuration.tableName, LOGIN_LIMITS.windowMs),
    rateLimiter: rateLimit,
    photos: photoStoreFor(configuration),
    signInLinks: dynamoSignInLinks(db, configuration.tableName),
    emailProofs: dynamoEmailProofs(db, configuration.tableName),
    ...googleSignInFor(configuration, db),
    contactMessages: dynamoContactMessages(db, configuration.tableName),
    settings: dynamoSettings(db, configuration.tableName),
    mailer: countingMailer(sesMailer(configuration), observe.metrics),
    events: dynamoEvents(db, configuration.tableName),
    hosts,
    bookings: dynamoBookingLedger(db, configuration.tableName),
    teams: dynamoTeams(db, configuration.tableName),
    locationFallbacks: dynamoLocationFallbacks(db, configuration.tableName),
    calendars: calendarProvidersFor(configuration, hosts, cipher, observe),
    googleCalendarAuth: googleCalendarAuthFor(configuration),
    tokenCipher: cipher,
    recentReads: memoryRecentReads(RECENT_READS),
    manageTokens: manageTokensFor(configuration),
    ...lifecycleFor(configuration, { dynamo, db }, observe.metrics),
    mailPacer: tableMailPacer(db, configuration.tableName),
    sendQuota: sesSendQuota(configuration),
    billing: dynamoBilling(db, configuration.tableName),
    // Stripe is built only by the billing functions (billing-composition.ts); tests pass their own.
    payments: null,
    webhooks: dynamoWebhooks(db, configuration.tableName),
    webhookQueue: webhookQueueFor(configuration, db),
    webhookSender: httpWebhookSender({ allowLocal: configuration.webhooks.allowLocal }),
  };
}
