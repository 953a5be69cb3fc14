import { dynamoAccounts } from '#functions/adapters/dynamodb/accounts';
import { dynamoApiKeys } from '#functions/adapters/dynamodb/api-keys';
import { dynamoBilling } from '#functions/adapters/dynamodb/billing/dynamo-billing';
import { dynamoBookingLedger } from '#functions/adapters/dynamodb/bookings/ledger';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { dynamoContactMessages } from '#functions/adapters/dynamodb/contact-messages';
import { dynamoEmailProofs } from '#functions/adapters/dynamodb/email-proofs';
import { dynamoEvents } from '#functions/adapters/dynamodb/events';
import { dynamoHosts } from '#functions/adapters/dynamodb/hosts/repository';
import { dynamoLocationFallbacks } from '#functions/adapters/dynamodb/location-fallbacks';
import { dynamoLoginThrottle, dynamoRateLimiter } from '#functions/adapters/dynamodb/login-throttle';
import { tableMailPacer } from '#functions/adapters/dynamodb/mail-pacer';
import { dynamoSettings } from '#functions/adapters/dynamodb/settings';
import { dynamoSignInLinks } from '#functions/adapters/dynamodb/sign-in-links';
import { dynamoTeams } from '#functions/adapters/dynamodb/teams';
import { dynamoWebhooks } from '#functions/adapters/dynamodb/webhooks';
import { memoryRecentReads } from '#functions/adapters/memory/recent-reads';
import { countingMailer } from '#functions/adapters/observability/counting-mailer';
import { powertoolsMetricsPort } from '#functions/adapters/observability/powertools';
import { SCRYPT_PARAMS, scryptPasswords } from '#functions/adapters/passwords/scrypt';
import { sesMailer } from '#functions/adapters/ses/mailer';
import { sesSendQuota } from '#functions/adapters/ses/send-quota';
import { systemClock, uuidIds } from '#functions/adapters/system/runtime';
import { httpWebhookSender } from '#functions/adapters/webhooks/http-sender';
import { apiKeyVerifier } from '#functions/app/integrations/api-keys';
import { googleSignInFor, photoStoreFor } from '#functions/composition/accounts';
import { connectAreas } from '#functions/composition/area-ports';
import { manageTokensFor, RECENT_READS } from '#functions/composition/bookings';
import { calendarProvidersFor, googleCalendarAuthFor, tokenCipherFor } from '#functions/composition/calendars';
import { loggerFor, sessionsFor } from '#functions/composition/core';
import { webhookQueueFor } from '#functions/composition/integrations';
import { lifecycleFor } from '#functions/composition/mail';
import type { Config } from '#functions/config';
import { LOGIN_LIMITS } from '#functions/domain/accounts';
import type { Deps } from '#functions/ports/deps';

/**
 * Every dependency for one configuration: for the local runner's seeding, tests and the bench.
 * `onDynamoRequest` counts DynamoDB commands, `onDynamoCapacity` is told the capacity units each consumed (see
 * createDynamoClient). The ports between the areas are built over these same parts (connectAreas).
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
  return connectAreas({
    config: configuration,
    clock: systemClock,
    ids: uuidIds,
    ...observe,
    sessions: sessionAdapter,
    apiKeyVerifier: apiKeyVerifier({ apiKeys, rateLimiter: rateLimit }),
    apiKeys,
    accounts: dynamoAccounts(db, configuration.tableName),
    passwords: scryptPasswords(SCRYPT_PARAMS[configuration.passwordHashCost]),
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
    // Stripe is built only by the billing functions (composition/billing.ts); tests pass their own.
    payments: null,
    webhooks: dynamoWebhooks(db, configuration.tableName),
    webhookQueue: webhookQueueFor(configuration, db),
    webhookSender: httpWebhookSender({ allowLocal: configuration.webhooks.allowLocal }),
  });
}
