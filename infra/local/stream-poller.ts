import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type Shard,
  type AttributeValue as StreamAttributeValue,
} from '@aws-sdk/client-dynamodb-streams';
import type {
  AttributeValue,
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  StreamRecord,
} from 'aws-lambda';

import { matchesStreamFilter, type StreamJobDefinition } from '#shared/jobs';
import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { LOCAL_CREDENTIALS } from '#functions/config';
import { localJobTimeoutMs, localLambdaContext } from '#infra/local/lambda-context';
import { IDLE_EVERY_MS, pacePasses } from '#infra/local/pass-pace';
import { tableStreamArn } from '#infra/local/table';

/**
 * The local stand-in for a stream job's event source mapping (shared/jobs.ts `streamJobs`): reads the table's stream
 * on DynamoDB Local and calls the job's handler (the same module the cloud runs) with the same `DynamoDBStreamEvent`
 * batches Lambda would send it:
 * - the mapping's filter: only records passing `matchesStreamFilter` are handed over (the others still count as
 *   read);
 * - shards in order: a child shard is read only once its parent is finished, so each item's changes keep their order;
 * - partial batch failures (ReportBatchItemFailures): the shard resumes at the first failed record, so it and the ones
 *   after it come again and the ones before it do not; a thrown error fails the whole batch, which is split in two
 *   before its retry (BisectBatchOnFunctionError) until the failing record is alone;
 * - bounded retries: a record that fails `maxAttempts` times is logged as dead-lettered (the cloud's SQS dead-letter
 *   queue) and skipped, so a poison record cannot block its shard; but not before the job's timeout has passed since
 *   its first failure, so a record whose work a killed run left "in progress" (its once-only record expires at that
 *   run's deadline) is retried after that deadline rather than given up;
 * - each run gets a Lambda context with the job's timeout as its deadline (infra/local/lambda-context.ts);
 * - a checkpoint file (written atomically after each batch) holds the last record done per shard, so a restarted
 *   runner neither loses nor repeats records; a checkpoint of another stream (the table was recreated) is ignored.
 */
export interface StreamPollerOptions {
  dynamoEndpoint: string;
  region: string;
  tableName: string;
  /** The JSON file of the poller's position in the stream ({@link StreamCheckpoint}), e.g. under `.data/`. */
  checkpointFile: string;
  job: StreamJobDefinition;
  /** The function called with each batch; default: the `handler` of functions/src/jobs/{job.name}.ts. */
  handler?: StreamJobHandler;
  /** How often the stream is read, in milliseconds (default 500). */
  everyMs?: number;
  /** How often once idle (infra/local/pass-pace.ts; default 4000); `nudge()` brings `everyMs` back. */
  idleEveryMs?: number;
  /** Called after a pass that handed records over (the lifecycle nudges the other runners: work may follow). */
  onWork?: () => void;
  /** The most records read from a shard at once (the mapping's BatchSize; default 100, at most 1000). */
  batchSize?: number;
  /** How many times a record may fail before it is dead-lettered (default 5). */
  maxAttempts?: number;
  /** The wait before a failed record's first retry, doubled for each further one, at most 30 s (default 1000). */
  retryDelayMs?: number;
  /** The job's timeout: each run's deadline (default: the stream jobs' timeout in the cloud, `localJobTimeoutMs`). */
  timeoutMs?: number;
  /** Where progress lines and failures go; failures and dead letters go to stderr when it is not given. */
  log?: (line: string) => void;
  /** Another DynamoDB Streams client (tests: a fake making the shard splits DynamoDB Local does not make). */
  streams?: Pick<DynamoDBStreamsClient, 'send'>;
}

export type StreamJobHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | void>;

/** The poller's position: per shard, the sequence number of the last record done, or 'closed' once it is finished. */
export interface StreamCheckpoint {
  streamArn: string;
  shards: Record<string, string>;
}

export interface StreamPoller {
  /**
   * Reads every shard now, until each has no more records (after a pass already running, if any); answers how many
   * records were handed to the handler (retried ones counted again).
   */
  poll(): Promise<number>;
  /** Work may be coming (a write through the app): the stream is read at the quick pace again. */
  nudge(): void;
  /** Stops the timer and waits for a running pass (which ends after its current batch). */
  stop(): Promise<void>;
}

const CLOSED = 'closed';
const MAX_RETRY_DELAY_MS = 30_000;

/** What the poller knows of a shard between passes. */
interface ShardState {
  /** Where the next GetRecords starts; none: from the checkpoint. */
  iterator?: string;
  /** Records per GetRecords: the batch size, less while a failing batch is being split. */
  limit: number;
  /** The record that failed last, how many times, and when first (Date.now()). */
  failure?: { sequenceNumber: string; attempts: number; since: number };
  /** Not read again before this time (Date.now()) after a failure. */
  retryAt: number;
}

/** How a batch went: whether the shard reads on (`continue`), reads on from the checkpoint now, or waits. */
type BatchOutcome = { handed: number; next: 'continue' | 'from-checkpoint' | 'later' };

export function startStreamPoller(options: StreamPollerOptions): StreamPoller {
  const { job } = options;
  const batchSize = Math.min(Math.max(options.batchSize ?? 100, 1), 1000);
  const maxAttempts = Math.max(options.maxAttempts ?? 5, 1);
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? localJobTimeoutMs('stream');
  const report = options.log ?? ((line: string) => console.error(line));
  const dynamo = createDynamoClient({ region: options.region, dynamoEndpoint: options.dynamoEndpoint });
  const ownStreams = options.streams
    ? undefined
    : new DynamoDBStreamsClient({
        region: options.region,
        endpoint: options.dynamoEndpoint,
        credentials: LOCAL_CREDENTIALS,
        maxAttempts: 3,
      });
  const streams = options.streams ?? ownStreams!;

  let checkpoint: StreamCheckpoint | undefined;
  const shardStates = new Map<string, ShardState>();
  let stopped = false;
  let tail: Promise<number> | undefined;
  let queued = 0;
  let lastError: string | undefined;

  let loadedHandler: Promise<StreamJobHandler> | undefined;
  const jobHandler = (): Promise<StreamJobHandler> => {
    if (options.handler) return Promise.resolve(options.handler);
    if (!loadedHandler) {
      loadedHandler = import(`../../functions/src/jobs/${job.name}.ts`).then(
        (module: { handler: StreamJobHandler }) => module.handler,
      );
      // A failed import fails the pass (no record is counted as failed) and is tried again on the next one.
      loadedHandler.catch(() => (loadedHandler = undefined));
    }
    return loadedHandler;
  };

  const stateOf = (shardId: string): ShardState => {
    let state = shardStates.get(shardId);
    if (!state) {
      state = { limit: batchSize, retryAt: 0 };
      shardStates.set(shardId, state);
    }
    return state;
  };

  async function loadCheckpoint(streamArn: string): Promise<StreamCheckpoint> {
    let saved: unknown;
    try {
      saved = JSON.parse(await readFile(options.checkpointFile, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        report(
          `✖ ${job.name}: the stream checkpoint ${options.checkpointFile} cannot be read (${String(error)}); reading the stream from its oldest record.`,
        );
      }
    }
    if (isCheckpoint(saved) && saved.streamArn === streamArn) return saved;
    if (isCheckpoint(saved)) {
      options.log?.(`${job.name}: the table has a new stream (recreated?); reading it from its oldest record.`);
    }
    return { streamArn, shards: {} };
  }

  async function saveCheckpoint(): Promise<void> {
    const temporary = `${options.checkpointFile}.${process.pid}.tmp`;
    await mkdir(dirname(options.checkpointFile), { recursive: true });
    await writeFile(temporary, JSON.stringify(checkpoint));
    await rename(temporary, options.checkpointFile);
  }

  /** Records the shard done up to `sequenceNumber` (none: nothing new done) and writes the checkpoint. */
  async function advance(shardId: string, sequenceNumber: string | undefined): Promise<void> {
    if (!sequenceNumber || !checkpoint) return;
    checkpoint.shards[shardId] = sequenceNumber;
    await saveCheckpoint();
  }

  async function describeShards(streamArn: string): Promise<Shard[]> {
    const shards: Shard[] = [];
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription: description } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      shards.push(...(description?.Shards ?? []));
      exclusiveStartShardId = description?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    return shards;
  }

  /** A new iterator for the shard: just after its checkpoint, or at its oldest record. */
  async function shardIterator(streamArn: string, shardId: string): Promise<string> {
    const after = checkpoint?.shards[shardId];
    const at = (type: 'AFTER_SEQUENCE_NUMBER' | 'TRIM_HORIZON') =>
      streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ShardIteratorType: type,
          ...(type === 'AFTER_SEQUENCE_NUMBER' ? { SequenceNumber: after } : {}),
        }),
      );
    let answer;
    try {
      answer = await at(after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON');
    } catch (error) {
      if (!after || !isNamed(error, 'TrimmedDataAccessException')) throw error;
      report(
        `✖ ${job.name}: records of shard ${shardId} after ${after} left the stream (24 hours) before they were read; reading on from its oldest record.`,
      );
      answer = await at('TRIM_HORIZON');
    }
    if (!answer.ShardIterator) throw new Error(`No iterator for shard ${shardId} of ${streamArn}`);
    return answer.ShardIterator;
  }

  /**
   * Calls the handler with the records; answers the position of the first failed record in `records`, or undefined
   * when all succeeded. A thrown error, or a failure naming no record of the batch, fails the whole batch (as in
   * Lambda), `split` then being true.
   */
  async function invoke(
    records: DynamoDBRecord[],
  ): Promise<{ index: number; split: boolean; reason: string } | undefined> {
    const handler = await jobHandler();
    let response: DynamoDBBatchResponse | void;
    try {
      response = await handler({ Records: records }, localLambdaContext(job.name, timeoutMs));
    } catch (error) {
      return { index: 0, split: true, reason: error instanceof Error ? error.message : String(error) };
    }
    const failures = Array.isArray(response?.batchItemFailures) ? response.batchItemFailures : [];
    options.log?.(`${job.name}: ${records.length} records, ${failures.length} reported failed`);
    if (failures.length === 0) return undefined;
    const positions = failures.map((failure) =>
      records.findIndex(
        (record) =>
          typeof failure?.itemIdentifier === 'string' && record.dynamodb?.SequenceNumber === failure.itemIdentifier,
      ),
    );
    if (positions.some((position) => position < 0)) {
      return {
        index: 0,
        split: true,
        reason: `batchItemFailures names no record of the batch: ${JSON.stringify(failures)}`,
      };
    }
    return { index: Math.min(...positions), split: false, reason: 'reported in batchItemFailures' };
  }

  async function processBatch(
    streamArn: string,
    shardId: string,
    state: ShardState,
    page: _Record[],
  ): Promise<BatchOutcome> {
    const records = page.map((record) => lambdaRecord(record, streamArn, options.region));
    const handed = records.filter((record) => matchesStreamFilter(job, record));
    const sequenceAt = (index: number) => records[index]?.dynamodb?.SequenceNumber;
    const last = sequenceAt(records.length - 1);
    if (handed.length === 0) {
      await advance(shardId, last);
      return { handed: 0, next: 'continue' };
    }
    const failure = await invoke(handed);
    if (!failure) {
      state.limit = batchSize;
      state.failure = undefined;
      await advance(shardId, last);
      return { handed: handed.length, next: 'continue' };
    }
    const position = (record: DynamoDBRecord) => records.indexOf(record);
    const first = handed[0]!;
    if (failure.split && handed.length > 1) {
      // Lambda's bisect on error: the first half is retried alone (the split counts no attempt).
      const half = handed.slice(0, Math.ceil(handed.length / 2));
      state.limit = position(half.at(-1)!) - position(first) + 1;
      state.retryAt = 0;
      await advance(shardId, sequenceAt(position(first) - 1));
      report(
        `${job.name}: a batch of ${handed.length} records from shard ${shardId} failed (${failure.reason}); retrying its first ${half.length} alone.`,
      );
      return { handed: handed.length, next: 'later' };
    }
    const failed = handed[failure.index]!;
    const sequenceNumber = failed.dynamodb!.SequenceNumber!;
    const again = state.failure?.sequenceNumber === sequenceNumber ? state.failure : undefined;
    const attempts = (again?.attempts ?? 0) + 1;
    const since = again?.since ?? Date.now();
    // Given up only once every run that may still hold its work has passed its deadline (a killed one's included).
    if (attempts >= maxAttempts && Date.now() - since >= timeoutMs) {
      const what = `${failed.eventName} of ${JSON.stringify(failed.dynamodb?.Keys)}`;
      report(
        [
          `✖ DEAD-LETTERED: ${job.name} gave up on stream record ${sequenceNumber} (shard ${shardId}, ${what})`,
          `  after ${attempts} failed attempts (last: ${failure.reason}).`,
          `  In the cloud it would go to the dead-letter queue; the records after it go on.`,
        ].join('\n'),
      );
      state.failure = undefined;
      state.limit = batchSize;
      state.retryAt = 0;
      await advance(shardId, sequenceNumber);
      return { handed: handed.length, next: 'from-checkpoint' };
    }
    state.failure = { sequenceNumber, attempts, since };
    state.retryAt = Date.now() + Math.min(retryDelayMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);
    await advance(shardId, sequenceAt(position(failed) - 1));
    report(
      `${job.name}: stream record ${sequenceNumber} (shard ${shardId}) failed, attempt ${attempts} of ${maxAttempts}${attempts >= maxAttempts ? " (kept until the job's timeout has passed since its first failure)" : ''} (${failure.reason}); it and the records after it come again.`,
    );
    return { handed: handed.length, next: 'later' };
  }

  /** Reads a shard until it has no more records, a batch failed, or the poller stops. */
  async function readShard(streamArn: string, shardId: string): Promise<{ handed: number; closed: boolean }> {
    const state = stateOf(shardId);
    let handed = 0;
    if (Date.now() < state.retryAt) return { handed, closed: false };
    let renewed = false;
    while (!stopped) {
      state.iterator ??= await shardIterator(streamArn, shardId);
      let page;
      try {
        page = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: state.limit }));
      } catch (error) {
        state.iterator = undefined;
        // Iterators live 15 minutes (a laptop that slept): a new one from the checkpoint, once per pass.
        if (isNamed(error, 'ExpiredIteratorException') && !renewed) {
          renewed = true;
          continue;
        }
        throw error;
      }
      const records = page.Records ?? [];
      if (records.length > 0) {
        const outcome = await processBatch(streamArn, shardId, state, records);
        handed += outcome.handed;
        if (outcome.next !== 'continue') {
          state.iterator = undefined;
          if (outcome.next === 'later') return { handed, closed: false };
          continue;
        }
      }
      state.iterator = page.NextShardIterator;
      if (!state.iterator) {
        // A closed shard read to its end: finished for good; its children may be read now.
        checkpoint!.shards[shardId] = CLOSED;
        await saveCheckpoint();
        shardStates.delete(shardId);
        return { handed, closed: true };
      }
      if (records.length === 0) break;
    }
    return { handed, closed: false };
  }

  /** One pass: every readable shard, parents before children, until none has more records. */
  async function pass(): Promise<number> {
    const streamArn = await tableStreamArn(dynamo, options.tableName);
    if (checkpoint?.streamArn !== streamArn) {
      checkpoint = await loadCheckpoint(streamArn);
      shardStates.clear();
    }
    const shards = await describeShards(streamArn);
    const listed = new Set(shards.map((shard) => shard.ShardId!));
    // Shards gone from the stream (trimmed after 24 hours) are forgotten.
    for (const shardId of Object.keys(checkpoint.shards)) {
      if (!listed.has(shardId)) delete checkpoint.shards[shardId];
    }
    let handed = 0;
    // A parent finished in this pass lets its children be read in the same pass.
    for (let progressed = true; progressed && !stopped;) {
      progressed = false;
      for (const shard of shards) {
        if (stopped) break;
        const shardId = shard.ShardId!;
        const parent = shard.ParentShardId;
        if (checkpoint.shards[shardId] === CLOSED) continue;
        if (parent && listed.has(parent) && checkpoint.shards[parent] !== CLOSED) continue;
        const outcome = await readShard(streamArn, shardId);
        handed += outcome.handed;
        progressed ||= outcome.closed;
      }
    }
    return handed;
  }

  const poll = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    const previous = tail;
    queued++;
    const run = (async () => {
      try {
        await previous?.catch(() => undefined);
        return stopped ? 0 : await pass();
      } finally {
        queued--;
      }
    })();
    tail = run;
    return run;
  };

  const pace = pacePasses({
    everyMs: options.everyMs ?? 500,
    idleEveryMs: options.idleEveryMs ?? IDLE_EVERY_MS,
    pass: async () => {
      if (queued > 0) return 1; // A pass asked for by poll() is running: not idle.
      try {
        const handed = await poll();
        lastError = undefined;
        if (handed > 0) options.onWork?.();
        return handed;
      } catch (error) {
        // Said once, not every pass while it lasts.
        const message = error instanceof Error ? error.message : String(error);
        if (message !== lastError) report(`✖ ${job.name}: reading the table's stream failed: ${message}`);
        lastError = message;
        return 0;
      }
    },
  });

  return {
    poll,
    nudge: pace.nudge,
    async stop() {
      stopped = true;
      pace.stop();
      await tail?.catch(() => undefined);
      dynamo.destroy();
      ownStreams?.destroy();
    },
  };
}

/** A stream record as Lambda hands it over: binary values in base64, the creation time in epoch seconds. */
export function lambdaRecord(record: _Record, streamArn: string, region: string): DynamoDBRecord {
  const change = record.dynamodb ?? {};
  const dynamodb: StreamRecord = {};
  if (change.ApproximateCreationDateTime) {
    dynamodb.ApproximateCreationDateTime = Math.floor(change.ApproximateCreationDateTime.getTime() / 1000);
  }
  if (change.Keys) dynamodb.Keys = lambdaImage(change.Keys);
  if (change.NewImage) dynamodb.NewImage = lambdaImage(change.NewImage);
  if (change.OldImage) dynamodb.OldImage = lambdaImage(change.OldImage);
  dynamodb.SequenceNumber = change.SequenceNumber;
  dynamodb.SizeBytes = change.SizeBytes;
  dynamodb.StreamViewType = change.StreamViewType;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    dynamodb,
    eventSourceARN: streamArn,
    // Set on deletes by the table's TTL.
    ...(record.userIdentity ? { userIdentity: record.userIdentity } : {}),
  };
}

function lambdaImage(image: Record<string, StreamAttributeValue>): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, lambdaValue(value)]));
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function lambdaValue(value: StreamAttributeValue): AttributeValue {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.M !== undefined) return { M: lambdaImage(value.M) };
  if (value.L !== undefined) return { L: value.L.map(lambdaValue) };
  if (value.SS !== undefined) return { SS: value.SS };
  if (value.NS !== undefined) return { NS: value.NS };
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  throw new Error(`Unknown attribute value in a stream record: ${JSON.stringify(value)}`);
}

function isCheckpoint(value: unknown): value is StreamCheckpoint {
  const candidate = value as Partial<StreamCheckpoint> | null;
  return (
    typeof candidate?.streamArn === 'string' &&
    typeof candidate.shards === 'object' &&
    candidate.shards !== null &&
    Object.values(candidate.shards).every((position) => typeof position === 'string')
  );
}

/** Whether an error is the named service exception (by name: fakes and SDK versions agree on names). */
function isNamed(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}
