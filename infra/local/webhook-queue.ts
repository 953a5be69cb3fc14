import { randomUUID } from 'node:crypto';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';

import { queueJobs } from '#shared/jobs';
import { DEFAULT_QUEUE_LEASE_MS, type TableWebhookQueue } from '#functions/adapters/webhooks/table-queue';
import type { WebhookMessage } from '#functions/ports';

/** The delivery job's handler, as SQS's event source mapping calls it. */
type QueueJobHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

/**
 * The local stand-in for the webhook delivery queue's SQS event source mapping (issue 29), run as the local timers
 * are (infra/local/timers.ts): every `everyMs` (default 1 s) one pass asks the table for the messages due by
 * `clock()`, claims each (a lease), hands it to the delivery job (functions/src/jobs/deliverWebhook.ts, the module the
 * cloud runs, with a one-record SQS event) and removes it once the job did not report it failed. A message whose job
 * failed keeps its lease and comes due again when the lease ends, as an SQS message after its visibility timeout.
 * Messages are items in the table, so the ones due while `npm start` was stopped go at the first pass after it starts
 * again. Passes never overlap: `tick()` runs one after any in progress and answers how many messages it handed over
 * successfully (tests drive it with a moved clock).
 */
export function startLocalWebhookQueue(options: {
  queue: TableWebhookQueue;
  clock?: () => Date;
  everyMs?: number;
  leaseMs?: number;
  /** Default: the deliverWebhook job's handler. */
  handler?: QueueJobHandler;
  log?: (line: string) => void;
}): { tick(): Promise<number>; stop(): void } {
  const { queue, clock = () => new Date(), leaseMs = DEFAULT_QUEUE_LEASE_MS } = options;
  const fail = options.log ?? ((line: string) => console.error(line));
  let stopped = false;
  let pending = 0;
  let last: Promise<unknown> = Promise.resolve();

  const pass = async (): Promise<number> => {
    let handed = 0;
    for (const due of await queue.due(clock())) {
      if (stopped) break;
      const claimed = await queue.claim(due.name, clock(), leaseMs);
      if (!claimed) continue;
      try {
        const answer = await (options.handler ?? deliveryJob)(sqsEvent(claimed.name, claimed.message), context());
        if (answer && answer.batchItemFailures.length > 0) throw new Error('the delivery job reported it failed');
      } catch (error) {
        fail(
          `Webhook message ${claimed.message.id} failed; it is handed over again after its lease: ${messageOf(error)}`,
        );
        continue;
      }
      handed++;
      options.log?.(`Webhook message ${claimed.message.id} (attempt ${claimed.message.attempt}) handed over`);
      await queue.done(claimed.name);
    }
    return handed;
  };

  const tick = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    pending++;
    const result = last.then(pass).finally(() => pending--);
    last = result.catch(() => undefined);
    return result;
  };

  const interval = setInterval(() => {
    if (pending > 0) return;
    tick().catch((error: unknown) => fail(`Webhook queue pass failed: ${messageOf(error)}`));
  }, options.everyMs ?? 1000);
  interval.unref();

  return {
    tick,
    stop() {
      stopped = true;
      clearInterval(interval);
    },
  };
}

/** The delivery job's module, loaded when first needed (as the local timers load theirs). */
async function deliveryJob(event: SQSEvent, jobContext: Context): Promise<SQSBatchResponse | void> {
  const { handler } = (await import(`../../functions/src/jobs/${queueJobs.deliverWebhook.name}.ts`)) as {
    handler: QueueJobHandler;
  };
  return handler(event, jobContext);
}

/** What SQS's event source mapping hands the job for one message. */
export function sqsEvent(messageId: string, message: WebhookMessage): SQSEvent {
  return {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body: JSON.stringify(message),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(Date.now()),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:webhook-deliveries',
        awsRegion: 'local',
      },
    ],
  };
}

const context = (): Context =>
  ({
    functionName: queueJobs.deliverWebhook.name,
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 60_000,
  }) as unknown as Context;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
