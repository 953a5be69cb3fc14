import type { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { tableMailPacer } from '#functions/adapters/dynamodb/mail-pacer';
import { tableMailQueue } from '#functions/adapters/dynamodb/mail-queue';
import { dynamoMailSuppressions } from '#functions/adapters/dynamodb/mail-suppressions';
import { tableTimers } from '#functions/adapters/dynamodb/table-timers';
import { powertoolsOnce } from '#functions/adapters/idempotency/powertools-once';
import { sqsMailQueue } from '#functions/adapters/mail-queue/sqs-queue';
import { countingMailer } from '#functions/adapters/observability/counting-mailer';
import { eventBridgeTimers } from '#functions/adapters/scheduler/eventbridge';
import { sesMailer } from '#functions/adapters/ses/mailer';
import { sesRawMailer } from '#functions/adapters/ses/raw-mailer';
import { sesSendQuota } from '#functions/adapters/ses/send-quota';
import { sqsClient } from '#functions/adapters/webhooks/sqs-queue';
import { manageTokens } from '#functions/composition/bookings';
import { config, documentClient, dynamoClient, metrics, once } from '#functions/composition/core';
import {
  bookingLedger,
  eventRepository,
  hostRepository,
  settingsRepository,
} from '#functions/composition/repositories';
import type { Config } from '#functions/config';
import type { Deps } from '#functions/ports/deps';

/** Mail and the booking lifecycle's jobs: the mailers, the booking mail queue, the timers, the once-guard. */

export const mailer = /* @__PURE__ */ once(() => countingMailer(sesMailer(config()), metrics()));

/** Booking timers: EventBridge Scheduler in the cloud; on one machine, kept in the table for the local runner. */
const timersFor = (configuration: Config, db: ReturnType<typeof createDocumentClient>) =>
  configuration.scheduler
    ? eventBridgeTimers(configuration.scheduler, configuration.region)
    : tableTimers(db, configuration.tableName);

/** What the booking lifecycle's jobs need beyond the ledger: booking mail sent once, suppressions, timers. */
export function lifecycleFor(
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
export const mailQueueFor = (configuration: Config, db: ReturnType<typeof createDocumentClient>) =>
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

export const lifecycleDeps = /* @__PURE__ */ once(() => ({
  ...lifecycleFor(config(), { dynamo: dynamoClient(), db: documentClient() }, metrics()),
  manageTokens: manageTokens(),
  settings: settingsRepository(),
  events: eventRepository(),
  hosts: hostRepository(),
  bookings: bookingLedger(),
}));
