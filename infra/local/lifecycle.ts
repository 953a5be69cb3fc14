import { join } from 'node:path';

import { streamJobTable } from '#shared/jobs';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { tableMailQueue } from '#functions/adapters/dynamodb/mail-queue';
import { tableTimers } from '#functions/adapters/dynamodb/table-timers';
import { tableWebhookQueue } from '#functions/adapters/dynamodb/webhook-queue';
import { republishAll } from '#functions/app/booking/booking-pages';
import { coreDeps } from '#functions/composition';
import { bookingPagesFor } from '#functions/composition/pages';
import type { Config } from '#functions/config';
import { startLocalMailQueue, startLocalWebhookQueue } from '#infra/local/queue-runner';
import { startStreamPoller } from '#infra/local/stream-poller';
import { startLocalTimers } from '#infra/local/timers';

/**
 * On one machine, what follows a booking's write in the cloud (docs/architecture.md "After the write"): a poller
 * per stream job reads DynamoDB Local's stream and hands the same batches to the same handlers as the event source
 * mapping would, resuming from a checkpoint under DATA_DIR; the local scheduler fires the booking timers kept in the
 * table when they are due (late ones at once after a restart), and the webhook messages and booking mails kept there
 * likewise (infra/local/queue-runner.ts); and
 * every booking page is rendered again, as a deploy does in the cloud (pages of an earlier run name the files of an
 * earlier build). Answers `stop()`, and `nudge()` for a write through the app: the runners read the table every
 * half second or second while there is work and every few seconds once idle (infra/local/pass-pace.ts), and work
 * found by one of them, or a write, brings all of them back to the quick pace (a booking's mail follows its stream
 * record, which follows the write).
 */
export interface LocalLifecycle {
  nudge(): void;
  stop(): Promise<void>;
}

export function startLocalLifecycle(
  config: Config,
  options: { dataDir: string; log?: (line: string) => void },
): LocalLifecycle {
  const onWork = () => nudge();
  const pollers = streamJobTable.map((job) =>
    startStreamPoller({
      dynamoEndpoint: config.dynamoEndpoint!,
      region: config.region,
      tableName: config.tableName,
      checkpointFile: join(options.dataDir, `stream-${job.name}.json`),
      job,
      onWork,
      log: options.log,
    }),
  );
  const db = createDocumentClient(createDynamoClient(config));
  const timers = startLocalTimers({ timers: tableTimers(db, config.tableName), onWork, log: options.log });
  // Webhook messages (issue 29): kept in the table, handed to the delivery job when due.
  const webhooks = startLocalWebhookQueue({ queue: tableWebhookQueue(db, config.tableName), onWork, log: options.log });
  // Booking mail (issue 30): kept in the table, sent by sendBookingMail at the stage's rate.
  const mails = startLocalMailQueue({ queue: tableMailQueue(db, config.tableName), onWork, log: options.log });
  const republished = republishAll(bookingPagesFor(config, { ...coreDeps(), config })).then(
    (counts) => options.log?.(`publishBookingPages: ${JSON.stringify(counts)} at start`),
    (error: unknown) => console.error(`✖ Republishing the booking pages failed: ${String(error)}`),
  );
  function nudge() {
    for (const runner of [...pollers, timers, webhooks, mails]) runner.nudge();
  }
  return {
    nudge,
    async stop() {
      await republished;
      timers.stop();
      webhooks.stop();
      mails.stop();
      await Promise.all(pollers.map((poller) => poller.stop()));
    },
  };
}
