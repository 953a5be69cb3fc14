import { loadConfig, type Config } from './config.ts';
import type { CoreDeps, Deps } from './ports.ts';
import { createDocumentClient, createDynamoClient } from './adapters/dynamodb/client.ts';
import { dynamoContactMessages } from './adapters/dynamodb/contact-messages.ts';
import { dynamoSettings } from './adapters/dynamodb/settings.ts';
import { sesMailer } from './adapters/ses/mailer.ts';
import { noAccounts } from './adapters/sessions/no-accounts.ts';
import { jsonLogger, systemClock, uuidIds } from './adapters/system/runtime.ts';

/**
 * Builds dependencies from configuration, each at most once per process (once per Lambda cold start), and only
 * when first asked for: a handler names the ones its use case needs, so its bundle carries only those adapters.
 */

function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

export const config = /* @__PURE__ */ once(() => loadConfig());

export const coreDeps = /* @__PURE__ */ once(
  (): CoreDeps => ({
    config: config(),
    clock: systemClock,
    ids: uuidIds,
    logger: jsonLogger(config().logLevel),
    sessions: noAccounts,
  }),
);

const documentClient = /* @__PURE__ */ once(() => createDocumentClient(createDynamoClient(config())));

export const settingsRepository = /* @__PURE__ */ once(() => dynamoSettings(documentClient(), config().tableName));

export const contactMessageRepository = /* @__PURE__ */ once(() =>
  dynamoContactMessages(documentClient(), config().tableName),
);

export const mailer = /* @__PURE__ */ once(() => sesMailer(config()));

/** Every dependency for one configuration: for the local runner's seeding and for tests. */
export function composeDeps(configuration: Config): Deps {
  const db = createDocumentClient(createDynamoClient(configuration));
  return {
    config: configuration,
    clock: systemClock,
    ids: uuidIds,
    logger: jsonLogger(configuration.logLevel),
    sessions: noAccounts,
    contactMessages: dynamoContactMessages(db, configuration.tableName),
    settings: dynamoSettings(db, configuration.tableName),
    mailer: sesMailer(configuration),
  };
}
