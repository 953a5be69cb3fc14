import { join } from 'node:path';

import { streamJobTable } from '#shared/jobs';
import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { tableTimers } from '#functions/adapters/dynamodb/table-timers';
import type { Config } from '#functions/config';
import { startStreamPoller } from '#infra/local/stream-poller';
import { startLocalTimers } from '#infra/local/timers';

/**
 * On one machine, what follows a booking's write in the cloud (docs/architecture.md "After the write"): a poller
 * per stream job reads DynamoDB Local's stream and hands the same batches to the same handlers as the event source
 * mapping would, resuming from a checkpoint under DATA_DIR; the local scheduler fires the booking timers kept in the
 * table when they are due (late ones at once after a restart). Answers a function that stops both.
 */
export function startLocalLifecycle(
  config: Config,
  options: { dataDir: string; log?: (line: string) => void },
): () => Promise<void> {
  const pollers = streamJobTable.map((job) =>
    startStreamPoller({
      dynamoEndpoint: config.dynamoEndpoint!,
      region: config.region,
      tableName: config.tableName,
      checkpointFile: join(options.dataDir, `stream-${job.name}.json`),
      job,
      log: options.log,
    }),
  );
  const timers = startLocalTimers({
    timers: tableTimers(createDocumentClient(createDynamoClient(config)), config.tableName),
    log: options.log,
  });
  return async () => {
    timers.stop();
    await Promise.all(pollers.map((poller) => poller.stop()));
  };
}
