import { dynamoApiKeys } from '#functions/adapters/dynamodb/api-keys';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { dynamoRateLimiter } from '#functions/adapters/dynamodb/login-throttle';
import { dynamoSessionStore } from '#functions/adapters/dynamodb/sessions';
import {
  powertoolsLogger,
  powertoolsMetricsPort,
  powertoolsRootLogger,
} from '#functions/adapters/observability/powertools';
import { readableLogger } from '#functions/adapters/observability/readable-logger';
import { sessionKeys } from '#functions/adapters/sessions/session-key';
import { signedCookieSessions } from '#functions/adapters/sessions/signed-cookie';
import { systemClock, uuidIds } from '#functions/adapters/system/runtime';
import { apiKeyVerifier } from '#functions/app/integrations/api-keys';
import { loadConfig, type Config } from '#functions/config';
import type { CoreDeps, Logger } from '#functions/ports/core';

/**
 * What every function builds: the configuration, the table's clients, sessions, the logger and metrics, and the
 * bearer keys' authentication (coreDeps). Each is built at most once per process (once per Lambda cold start), and
 * only when first asked for: a handler names the ones its use case needs, so its bundle carries only those adapters.
 */

export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

export const config = /* @__PURE__ */ once(() => loadConfig());

export const dynamoClient = /* @__PURE__ */ once(() => createDynamoClient(config()));
export const documentClient = /* @__PURE__ */ once(() => createDocumentClient(dynamoClient()));

/** Signed session cookies backed by session items: every route verifies with it, sign-in and logout issue with it. */
export const sessions = /* @__PURE__ */ once(() => sessionsFor(config(), documentClient()));

export function sessionsFor(configuration: Config, db: ReturnType<typeof createDocumentClient>) {
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
export const loggerFor = (configuration: Config): Logger =>
  configuration.logFormat === 'readable'
    ? readableLogger(configuration.logLevel)
    : powertoolsLogger(powertoolsRootLogger(configuration.logLevel));

/** The process's logger and metrics (one of each per Lambda execution environment). */
export const logger = /* @__PURE__ */ once(() => loggerFor(config()));
export const metrics = /* @__PURE__ */ once(() => powertoolsMetricsPort());

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

/** Abuse limits on anonymous writes (bookings, registration, contact): counters in the table. */
export const rateLimiter = /* @__PURE__ */ once(() =>
  dynamoRateLimiter(documentClient(), config().tableName, config().rateLimitMultiplier),
);
