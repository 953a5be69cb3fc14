import { loadConfig, type Config } from './config.ts';
import type { Deps } from './ports.ts';
import { createDocumentClient, createDynamoClient } from './adapters/dynamodb/client.ts';
import { dynamoContactMessages } from './adapters/dynamodb/contact-messages.ts';
import { dynamoSettings } from './adapters/dynamodb/settings.ts';
import { sesMailer } from './adapters/ses/mailer.ts';
import { noAccounts } from './adapters/sessions/no-accounts.ts';
import { jsonLogger, systemClock, uuidIds } from './adapters/system/runtime.ts';

/** Builds every dependency from a configuration. */
export function composeDeps(config: Config): Deps {
  const db = createDocumentClient(createDynamoClient(config));
  return {
    config,
    clock: systemClock,
    ids: uuidIds,
    logger: jsonLogger(config.logLevel),
    sessions: noAccounts,
    contactMessages: dynamoContactMessages(db, config.tableName),
    settings: dynamoSettings(db, config.tableName),
    mailer: sesMailer(config),
  };
}

let deps: Promise<Deps> | undefined;

/** The dependencies of this process, built once (once per Lambda cold start). */
export function getDeps(): Promise<Deps> {
  deps ??= Promise.resolve().then(() => composeDeps(loadConfig()));
  return deps;
}
