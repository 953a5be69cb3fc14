import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';

import { queueJobs, type QueueJobDefinition } from '#shared/jobs';
import type { TableMailQueue } from '#functions/adapters/dynamodb/mail-queue';
import type { QueuedMessage, TableQueue } from '#functions/adapters/dynamodb/table-queue';
import type { TableWebhookQueue } from '#functions/adapters/dynamodb/webhook-queue';
import type { QueuedMail } from '#functions/ports/mail';
import type { WebhookMessage } from '#functions/ports/webhooks';
import { localJobTimeoutMs, localLambdaContext, localLeaseMs } from '#infra/local/lambda-context';
import { IDLE_EVERY_MS, pacePasses } from '#infra/local/pass-pace';

/** A queue job's handler, as SQS's event source mapping calls it. */
export type QueueJobHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

export interface LocalQueue {
  /** One pass: hands over what is due; answers how many were handled (a queue job's: not reported failed). */
  tick(): Promise<number>;
  /** Work may be coming (a write through the app): passes come at the quick pace again. */
  nudge(): void;
  stop(): void;
}

/** What `startLocalQueue` takes. */
export interface LocalQueueOptions<M> {
  job: QueueJobDefinition;
  queue: Pick<TableQueue<M>, 'due' | 'claim' | 'done'>;
  /** How a message is named in the log lines. */
  describe: (message: M) => string;
  clock?: () => Date;
  everyMs?: number;
  idleEveryMs?: number;
  onWork?: () => void;
  leaseMs?: number;
  /** Messages per invocation (default 1; SQS's mapping hands up to 10). */
  batchSize?: number;
  /** The run's deadline (default the cloud's queue job timeout, infra/local/lambda-context.ts). */
  timeoutMs?: number;
  /** Default: the job's module, functions/src/jobs/{name}.ts. */
  handler?: QueueJobHandler;
  log?: (line: string) => void;
}

/** What a named queue's runner (below) takes: the table's queue, and what tests change. */
type NamedQueueOptions<Q> = { queue: Q } & Pick<
  LocalQueueOptions<unknown>,
  'clock' | 'everyMs' | 'idleEveryMs' | 'onWork' | 'leaseMs' | 'handler' | 'log'
>;

/**
 * The local stand-in for a queue job's SQS event source mapping (the webhook deliveries of issue 29, the booking mail
 * of issue 30), with the local timers' passes (runLeasedPasses, below): every `everyMs` (default 1 s) one pass asks the
 * table's queue (functions/src/adapters/dynamodb/table-queue.ts) for the messages due by `clock()`, claims each (a
 * lease: the visibility timeout, its receive count up by one), hands them to the job in batches of `batchSize` (the
 * module the cloud runs, with the SQS event's shape and a Lambda-like context whose deadline is the cloud's timeout)
 * and removes each the job did not report failed (partial batch response). A message reported failed keeps its lease,
 * which the job may have moved (the mail queue's backoff: ChangeMessageVisibility in the cloud), and comes due again
 * when it ends. Messages are items in the table, so the ones due while `npm start` was stopped go at the first pass
 * after it starts again. Passes never overlap: `tick()` runs one after any in progress (tests drive it with a moved
 * clock).
 */
export function startLocalQueue<M>(options: LocalQueueOptions<M>): LocalQueue {
  // The lease: SQS's visibility timeout, six times the job's timeout (H5: a killed runner's messages come back then).
  const { job, queue, clock = () => new Date(), leaseMs = localLeaseMs('queue') } = options;
  const batchSize = Math.max(1, options.batchSize ?? 1);
  const fail = options.log ?? ((line: string) => console.error(line));

  const hand = async (batch: QueuedMessage<M>[]): Promise<number> => {
    let failed: Set<string>;
    try {
      const context = localLambdaContext(job.name, options.timeoutMs ?? localJobTimeoutMs('queue'));
      const answer = await (options.handler ?? jobModule(job.name))(sqsEvent(job.name, batch), context);
      failed = new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      fail(`${job.name} failed; its ${batch.length} message(s) are handed over again later: ${messageOf(error)}`);
      return 0;
    }
    let handed = 0;
    for (const claimed of batch) {
      if (failed.has(claimed.name)) {
        fail(`${options.describe(claimed.message)} failed; it is handed over again later`);
        continue;
      }
      handed++;
      options.log?.(`${options.describe(claimed.message)} handed over`);
      await queue.done(claimed.name);
    }
    return handed;
  };

  return runLeasedPasses({
    source: queue,
    clock,
    leaseMs,
    batchSize,
    hand,
    everyMs: options.everyMs,
    idleEveryMs: options.idleEveryMs,
    onWork: options.onWork,
    passFailed: (error) => fail(`${job.name}: queue pass failed: ${messageOf(error)}`),
  });
}

/**
 * The passes of a local runner over a table queue (the queues' above, the booking timers' of infra/local/timers.ts):
 * every `everyMs` (default 1 s), or every `idleEveryMs` once idle until `nudge()` (infra/local/pass-pace.ts), one pass
 * asks `source` for what is due by `clock()`, claims each (a lease of `leaseMs`: another runner's claim of the same
 * item fails) and hands the claimed ones to `hand` in batches of `batchSize`; `hand` answers how many it handled, which
 * the pass adds up. Passes never overlap: `tick()` runs one after any pass in progress (tests drive it with a moved
 * clock); a paced pass that comes round while one runs is skipped, not queued. `stop()` ends the pace, and a pass in
 * progress claims no more.
 */
export function runLeasedPasses<T extends { name: string }>(options: {
  source: {
    due(now: Date): Promise<{ name: string }[]>;
    claim(name: string, now: Date, leaseMs: number): Promise<T | null>;
  };
  clock: () => Date;
  leaseMs: number;
  batchSize: number;
  hand: (batch: T[]) => Promise<number>;
  everyMs?: number;
  /** The pace once idle (infra/local/pass-pace.ts; default 4 s); `nudge()` brings `everyMs` back. */
  idleEveryMs?: number;
  /** Called after a pass that claimed something (the lifecycle nudges the other runners: work may follow). */
  onWork?: () => void;
  /** An interval pass that threw. */
  passFailed: (error: unknown) => void;
}): LocalQueue {
  const { source, clock, leaseMs, batchSize, hand } = options;
  let stopped = false;
  let pending = 0;
  let last: Promise<unknown> = Promise.resolve();

  /** One pass: how many it handled, and how many it claimed (work found, handled or not). */
  const pass = async (): Promise<{ handed: number; claimed: number }> => {
    let handed = 0;
    let claimedCount = 0;
    let batch: T[] = [];
    for (const due of await source.due(clock())) {
      if (stopped) break;
      const claimed = await source.claim(due.name, clock(), leaseMs);
      if (!claimed) continue; // Another runner has it.
      claimedCount++;
      batch.push(claimed);
      if (batch.length >= batchSize) {
        handed += await hand(batch);
        batch = [];
      }
    }
    if (batch.length > 0) handed += await hand(batch);
    return { handed, claimed: claimedCount };
  };

  const run = (): Promise<{ handed: number; claimed: number }> => {
    pending++;
    const result = last.then(pass).finally(() => pending--);
    last = result.catch(() => undefined);
    return result;
  };

  const pace = pacePasses({
    everyMs: options.everyMs ?? 1000,
    idleEveryMs: options.idleEveryMs ?? IDLE_EVERY_MS,
    pass: async () => {
      if (pending > 0) return 1; // A pass asked for by tick() is running: this one is skipped, not queued.
      try {
        const { claimed } = await run();
        if (claimed > 0) options.onWork?.();
        return claimed;
      } catch (error) {
        options.passFailed(error);
        return 0;
      }
    },
  });

  return {
    tick: () => (stopped ? Promise.resolve(0) : run().then(({ handed }) => handed)),
    nudge: pace.nudge,
    stop() {
      stopped = true;
      pace.stop();
    },
  };
}

/** The webhook delivery queue (issue 29): one message per invocation, to deliverWebhook. */
export function startLocalWebhookQueue(options: NamedQueueOptions<TableWebhookQueue>): LocalQueue {
  return startLocalQueue<WebhookMessage>({
    ...options,
    job: queueJobs.deliverWebhook,
    describe: (message) => `Webhook message ${message.id} (attempt ${message.attempt})`,
  });
}

/** The booking mail queue (issue 30): batches of 10, as the cloud's mapping hands them, to sendBookingMail. */
export function startLocalMailQueue(options: NamedQueueOptions<TableMailQueue>): LocalQueue {
  return startLocalQueue<QueuedMail>({
    ...options,
    job: queueJobs.sendBookingMail,
    batchSize: 10,
    describe: (message) => `Booking mail ${message.id}`,
  });
}

/** A queue job's module, loaded when first needed (as the local timers load theirs). */
const jobModule =
  (name: string): QueueJobHandler =>
  async (event, jobContext) => {
    const { handler } = (await import(`../../functions/src/jobs/${name}.ts`)) as { handler: QueueJobHandler };
    return handler(event, jobContext);
  };

/** What SQS's event source mapping hands the job for a batch of messages. */
export function sqsEvent<M>(queueName: string, batch: readonly QueuedMessage<M>[]): SQSEvent {
  return {
    Records: batch.map((claimed) => ({
      messageId: claimed.name,
      receiptHandle: claimed.name,
      body: JSON.stringify(claimed.message),
      attributes: {
        ApproximateReceiveCount: String(claimed.receives),
        SentTimestamp: String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:local:000000000000:${queueName}`,
      awsRegion: 'local',
    })),
  };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
