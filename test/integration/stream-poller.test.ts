import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';

import { streamJobs } from '#shared/jobs';
import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { LOCAL_CREDENTIALS } from '#functions/config';
import {
  startStreamPoller,
  type StreamCheckpoint,
  type StreamJobHandler,
  type StreamPoller,
  type StreamPollerOptions,
} from '#infra/local/stream-poller';
import { ensureTable, tableStreamArn } from '#infra/local/table';

/**
 * The local runner's stream poller against DynamoDB Local's real stream: the job's handler gets what Lambda's event
 * source mapping would give it (the filter, the record shape, partial batch failures, bounded retries), and a
 * restarted poller resumes from its checkpoint. Each test has a table of its own, so no other test's writes reach its
 * stream. A fake streams client plays the shard splits DynamoDB Local does not make within a test.
 */

// The default handler: the job's module, loaded as the cloud's Lambda would be.
const defaultModule = vi.hoisted(() => ({ events: [] as DynamoDBStreamEvent[], contexts: [] as Context[] }));
vi.mock('#functions/jobs/notifyBookingChanges', () => ({
  handler: async (event: DynamoDBStreamEvent, context: Context) => {
    defaultModule.events.push(event);
    defaultModule.contexts.push(context);
  },
}));

const region = 'us-east-1';
const dynamoEndpoint = inject('dynamoEndpoint');
const db = createDynamoClient({ region, dynamoEndpoint });
const folder = mkdtempSync(join(tmpdir(), 'meetwise-stream-poller-'));
const job = streamJobs.notifyBookingChanges;
const tables: string[] = [];
const pollers: StreamPoller[] = [];

afterAll(async () => {
  // The next file in this worker loads the job's own module (test/support/fresh-file.ts).
  vi.doUnmock('#functions/jobs/notifyBookingChanges');
  await Promise.all(pollers.map((poller) => poller.stop()));
  await Promise.all(tables.map((name) => db.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined)));
  db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

async function freshTable(): Promise<string> {
  const name = `stream-poller-${randomUUID().slice(0, 8)}`;
  tables.push(name);
  expect(await ensureTable(db, name)).toBe('created');
  return name;
}

const checkpointFile = () => join(folder, `${randomUUID()}.json`);
const readCheckpoint = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as StreamCheckpoint;

const keyOf = (id: string): Record<string, AttributeValue> => ({ pk: { S: `ITEM#${id}` }, sk: { S: 'ITEM' } });

function put(table: string, id: string, type: string, extra: Record<string, AttributeValue> = {}) {
  return db.send(
    new PutItemCommand({
      TableName: table,
      Item: { ...keyOf(id), type: { S: type }, status: { S: 'pending' }, ...extra },
    }),
  );
}

function setStatus(table: string, id: string, status: string) {
  return db.send(
    new UpdateItemCommand({
      TableName: table,
      Key: keyOf(id),
      UpdateExpression: 'SET #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': { S: status } },
    }),
  );
}

/** The item id of a record (ITEM#{id}). */
const idOf = (record: DynamoDBRecord) => record.dynamodb?.Keys?.pk?.S?.replace('ITEM#', '');
const sequenceOf = (record: DynamoDBRecord) => record.dynamodb!.SequenceNumber!;

/** A handler recording each batch it is given; `respond` decides its answer (default: all succeeded). */
function recorder(respond: (records: DynamoDBRecord[]) => DynamoDBBatchResponse | void = () => undefined) {
  const batches: DynamoDBRecord[][] = [];
  const handler: StreamJobHandler = async (event) => {
    batches.push(event.Records);
    return respond(event.Records);
  };
  return { handler, batches, records: () => batches.flat(), ids: () => batches.map((batch) => batch.map(idOf)) };
}

/** A poller read by `poll()` (its timer is slow unless `everyMs` says otherwise), retrying without a wait. */
function poller(
  tableName: string,
  file: string,
  handler: StreamJobHandler | undefined,
  extra: Partial<StreamPollerOptions> = {},
) {
  const lines: string[] = [];
  const started = startStreamPoller({
    dynamoEndpoint,
    region,
    tableName,
    checkpointFile: file,
    job,
    handler,
    everyMs: 60_000,
    retryDelayMs: 0,
    log: (line) => lines.push(line),
    ...extra,
  });
  pollers.push(started);
  return Object.assign(started, { lines });
}

const failing = (records: DynamoDBRecord[], ids: string[]): DynamoDBBatchResponse => ({
  batchItemFailures: records
    .filter((record) => ids.includes(idOf(record)!))
    .map((record) => ({ itemIdentifier: sequenceOf(record) })),
});

describe('the local stream poller', () => {
  it('hands over the inserts and changes of Booking items, in order, with both images, as Lambda does', async () => {
    const table = await freshTable();
    const file = checkpointFile();
    const handled = recorder();
    const stream = poller(table, file, handled.handler);
    const streamArn = await tableStreamArn(db, table);

    await put(table, '1', 'Booking', {
      seats: { N: '2' },
      photo: { B: new Uint8Array([1, 2, 3]) },
      guests: { L: [{ M: { name: { S: 'Ada' }, tags: { SS: ['vip'] } } }] },
    });
    await put(table, '2', 'ContactMessage'); // another type: filtered out
    await setStatus(table, '1', 'confirmed');
    await db.send(new DeleteItemCommand({ TableName: table, Key: keyOf('1') })); // a removal: filtered out

    expect(await stream.poll()).toBe(2);
    const [insert, modify] = handled.records();
    expect(handled.ids()).toEqual([['1', '1']]);
    const created = {
      ...keyOf('1'),
      type: { S: 'Booking' },
      status: { S: 'pending' },
      seats: { N: '2' },
      photo: { B: 'AQID' }, // base64, as Lambda's JSON has it
      guests: { L: [{ M: { name: { S: 'Ada' }, tags: { SS: ['vip'] } } }] },
    };
    const change = {
      ApproximateCreationDateTime: expect.any(Number),
      Keys: keyOf('1'),
      SequenceNumber: expect.stringMatching(/^\d+$/),
      SizeBytes: expect.any(Number),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    };
    const envelope = {
      eventID: expect.any(String),
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: region,
      eventSourceARN: streamArn,
    };
    expect(insert).toEqual({ ...envelope, eventName: 'INSERT', dynamodb: { ...change, NewImage: created } });
    expect(modify).toEqual({
      ...envelope,
      eventName: 'MODIFY',
      dynamodb: { ...change, OldImage: created, NewImage: { ...created, status: { S: 'confirmed' } } },
    });
    expect(BigInt(sequenceOf(modify!))).toBeGreaterThan(BigInt(sequenceOf(insert!)));
    // Epoch seconds (DynamoDB Local rounds them down to the minute).
    const seconds = insert!.dynamodb!.ApproximateCreationDateTime!;
    expect(seconds).toBeGreaterThan(Date.now() / 1000 - 120);
    expect(seconds).toBeLessThanOrEqual(Date.now() / 1000 + 1);

    // Read once: nothing comes again. The filtered-out removal after the change still moved the checkpoint.
    expect(await stream.poll()).toBe(0);
    expect(handled.batches).toHaveLength(1);
    const checkpoint = readCheckpoint(file);
    expect(checkpoint.streamArn).toBe(streamArn);
    const positions = Object.values(checkpoint.shards);
    expect(positions).toHaveLength(1);
    expect(BigInt(positions[0]!)).toBeGreaterThan(BigInt(sequenceOf(modify!)));
  });

  it('resumes from its checkpoint after a restart: what came meanwhile arrives once, nothing before it', async () => {
    const table = await freshTable();
    const file = checkpointFile();
    const before = recorder();
    const first = poller(table, file, before.handler);
    await put(table, '1', 'Booking');
    expect(await first.poll()).toBe(1);
    await first.stop();
    expect(await first.poll()).toBe(0);

    // Written while no poller runs.
    await put(table, '2', 'Booking');
    await put(table, '3', 'ContactMessage');
    await setStatus(table, '1', 'confirmed');

    const after = recorder();
    // This one reads on its timer.
    poller(table, file, after.handler, { everyMs: 50 });
    await vi.waitFor(() => expect(after.records()).toHaveLength(2), { timeout: 10_000 });
    await new Promise((done) => setTimeout(done, 300));
    expect(after.records().map((record) => [record.eventName, idOf(record)])).toEqual([
      ['INSERT', '2'],
      ['MODIFY', '1'],
    ]);
    expect(before.records()).toHaveLength(1);
  });

  it('hands a reported failure and the records after it over again, not the ones before it', async () => {
    const table = await freshTable();
    let calls = 0;
    const handled = recorder((records) => (++calls === 1 ? failing(records, ['3']) : undefined));
    const stream = poller(table, checkpointFile(), handled.handler);
    for (const id of ['1', '2', '3', '4']) await put(table, id, 'Booking');

    expect(await stream.poll()).toBe(4);
    expect(await stream.poll()).toBe(2);
    expect(await stream.poll()).toBe(0);
    expect(handled.ids()).toEqual([
      ['1', '2', '3', '4'],
      ['3', '4'],
    ]);
    expect(stream.lines.some((line) => line.includes('attempt 1 of 5'))).toBe(true);
  });

  it('dead-letters a record that fails 5 times, and the records after it arrive', async () => {
    const table = await freshTable();
    const handled = recorder((records) => failing(records, ['2']));
    // A job timeout of 1 ms: the five failures span it (a record is kept at least the timeout: the test after next).
    const stream = poller(table, checkpointFile(), handled.handler, { timeoutMs: 1 });
    for (const id of ['1', '2', '3']) await put(table, id, 'Booking');

    for (let pass = 0; pass < 5; pass++) await stream.poll();
    expect(handled.ids()).toEqual([['1', '2', '3'], ['2', '3'], ['2', '3'], ['2', '3'], ['2', '3'], ['3']]);
    const deadLetters = stream.lines.filter((line) => line.includes('DEAD-LETTERED'));
    expect(deadLetters).toHaveLength(1);
    const poison = handled.batches[0]![1]!;
    expect(deadLetters[0]).toContain(sequenceOf(poison));
    expect(await stream.poll()).toBe(0);
  });

  it("keeps retrying a failing record until the job's timeout has passed since its first failure", async () => {
    // Its work may be "in progress" for a run killed before (issue 30 §6): that run's deadline must pass first.
    const table = await freshTable();
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const handled = recorder((records) => failing(records, ['2']));
      const stream = poller(table, checkpointFile(), handled.handler, { timeoutMs: 60_000 });
      for (const id of ['1', '2']) await put(table, id, 'Booking');

      for (let pass = 0; pass < 8; pass++) await stream.poll();
      expect(handled.ids()).toHaveLength(8);
      expect(stream.lines.filter((line) => line.includes('DEAD-LETTERED'))).toEqual([]);
      now += 60_000;
      await stream.poll();
      expect(stream.lines.filter((line) => line.includes('DEAD-LETTERED'))).toHaveLength(1);
      expect(await stream.poll()).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('splits a batch whose handler throws until the failing record is alone, which is then given up', async () => {
    const table = await freshTable();
    const succeeded: string[][] = [];
    const handled = recorder((records) => {
      if (records.some((record) => idOf(record) === '2')) throw new Error('poison');
      succeeded.push(records.map((record) => idOf(record)!));
    });
    const stream = poller(table, checkpointFile(), handled.handler, { timeoutMs: 1 });
    for (const id of ['1', '2', '3', '4']) await put(table, id, 'Booking');

    for (let pass = 0; pass < 20 && succeeded.flat().length < 3; pass++) await stream.poll();
    expect(succeeded).toEqual([['1'], ['3', '4']]);
    const deadLetters = stream.lines.filter((line) => line.includes('DEAD-LETTERED'));
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]).toContain('poison');
    expect(handled.ids().filter((ids) => ids.length === 1 && ids[0] === '2')).toHaveLength(5);
  });

  it('runs one pass at a time, and stop() waits for the running one', async () => {
    const table = await freshTable();
    let release = () => {};
    let running = 0;
    let most = 0;
    const handled = recorder();
    const stream = poller(table, checkpointFile(), async (event, context) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((done) => (release = done));
      running--;
      return handled.handler(event, context);
    });
    await put(table, '1', 'Booking');
    const first = stream.poll();
    await vi.waitFor(() => expect(running).toBe(1));
    const second = stream.poll();
    await put(table, '2', 'Booking');
    let stopped = false;
    const stopping = stream.stop().then(() => (stopped = true));
    await new Promise((done) => setTimeout(done, 200));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await first).toBe(1);
    // Queued behind the first, it found the poller stopped.
    expect(await second).toBe(0);
    expect(most).toBe(1);
    expect(handled.ids()).toEqual([['1']]);
  });

  it('idles after ten passes that found nothing, reads at once when nudged, and says when it found work', async () => {
    const table = await freshTable();
    const real = new DynamoDBStreamsClient({ region, endpoint: dynamoEndpoint, credentials: LOCAL_CREDENTIALS });
    let emptyReads = 0;
    const streams = {
      async send(command: GetRecordsCommand) {
        const answer = await real.send(command);
        if (command instanceof GetRecordsCommand && !answer.Records?.length) emptyReads++;
        return answer;
      },
    } as unknown as Pick<DynamoDBStreamsClient, 'send'>;
    const handled = recorder();
    let worked = 0;
    const stream = poller(table, checkpointFile(), handled.handler, {
      everyMs: 20,
      idleEveryMs: 3_600_000, // once idle, only a nudge brings the next pass
      streams,
      onWork: () => worked++,
    });
    await vi.waitFor(() => expect(emptyReads).toBeGreaterThanOrEqual(10), { timeout: 10_000 });
    await put(table, '1', 'Booking');
    stream.nudge();
    await vi.waitFor(() => expect(handled.ids()).toEqual([['1']]), { timeout: 10_000 });
    // Said once its pass has ended (the checkpoint written after the batch).
    await vi.waitFor(() => expect(worked).toBe(1), { timeout: 10_000 });
    await stream.stop();
    real.destroy();
  });

  it("calls the job's own handler by default, with a Lambda context", async () => {
    const table = await freshTable();
    const stream = poller(table, checkpointFile(), undefined);
    await put(table, '1', 'Booking');
    expect(await stream.poll()).toBe(1);
    expect(defaultModule.events.map((event) => event.Records.map(idOf))).toEqual([['1']]);
    const context = defaultModule.contexts[0]!;
    expect(context.functionName).toBe('notifyBookingChanges');
    expect(context.awsRequestId).toMatch(/^[0-9a-f-]{36}$/);
    // The stream jobs' timeout in the cloud (2 minutes) is the run's deadline.
    const remaining = context.getRemainingTimeInMillis();
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(120_000);
  });

  it('turns the stream on for a table made without one, once', async () => {
    const table = `stream-poller-${randomUUID().slice(0, 8)}`;
    tables.push(table);
    await db.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
    await expect(tableStreamArn(db, table)).rejects.toThrow(/has no stream/);

    expect(await ensureTable(db, table)).toBe('existing');
    const { Table: described } = await db.send(new DescribeTableCommand({ TableName: table }));
    expect(described?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const streamArn = await tableStreamArn(db, table);
    // Again: the same stream (a new one would lose the poller's place).
    expect(await ensureTable(db, table)).toBe('existing');
    expect(await tableStreamArn(db, table)).toBe(streamArn);

    const handled = recorder();
    const stream = poller(table, checkpointFile(), handled.handler);
    await put(table, '1', 'Booking');
    expect(await stream.poll()).toBe(1);
    expect(handled.records()[0]?.eventSourceARN).toBe(streamArn);
  });

  it('starts afresh on the stream of a recreated table', async () => {
    const table = await freshTable();
    const file = checkpointFile();
    const handled = recorder();
    const first = poller(table, file, handled.handler);
    await put(table, '1', 'Booking');
    expect(await first.poll()).toBe(1);
    await first.stop();
    const oldArn = readCheckpoint(file).streamArn;

    await db.send(new DeleteTableCommand({ TableName: table }));
    expect(await ensureTable(db, table)).toBe('created');
    await put(table, '2', 'Booking');
    const second = poller(table, file, handled.handler);
    expect(await second.poll()).toBe(1);
    expect(handled.ids()).toEqual([['1'], ['2']]);
    const checkpoint = readCheckpoint(file);
    expect(checkpoint.streamArn).not.toBe(oldArn);
    expect(checkpoint.streamArn).toBe(await tableStreamArn(db, table));
  });
});

/**
 * A DynamoDB Streams stand-in with shards that split, as DynamoDB's do (every few hours, or under load): each shard
 * an ordered list of records, closed shards ending their reads, DescribeStream answering one shard per page, and an
 * iterator that can be made to expire.
 */
function fakeStreams() {
  const shards = new Map<string, { parent?: string; records: _Record[]; closed: boolean }>();
  const expireNextRead = new Set<string>();
  let sequence = 0;
  const iterator = (shardId: string, position: number) => JSON.stringify({ shardId, position });
  const client = {
    async send(command: unknown) {
      if (command instanceof DescribeStreamCommand) {
        // Newest first, so a child is listed before its parent.
        const ids = [...shards.keys()].reverse();
        const start = command.input.ExclusiveStartShardId ? ids.indexOf(command.input.ExclusiveStartShardId) + 1 : 0;
        const id = ids[start];
        return {
          StreamDescription: {
            Shards: id ? [{ ShardId: id, ParentShardId: shards.get(id)!.parent }] : [],
            LastEvaluatedShardId: id && start < ids.length - 1 ? id : undefined,
          },
        };
      }
      if (command instanceof GetShardIteratorCommand) {
        const { ShardId: shardId, ShardIteratorType: type, SequenceNumber: after } = command.input;
        const records = shards.get(shardId!)!.records;
        const position =
          type === 'AFTER_SEQUENCE_NUMBER'
            ? records.findIndex((record) => record.dynamodb?.SequenceNumber === after) + 1
            : 0;
        return { ShardIterator: iterator(shardId!, position) };
      }
      if (command instanceof GetRecordsCommand) {
        const { shardId, position } = JSON.parse(command.input.ShardIterator!) as { shardId: string; position: number };
        if (expireNextRead.delete(shardId)) {
          throw new ExpiredIteratorException({ message: 'Iterator expired', $metadata: {} });
        }
        const shard = shards.get(shardId)!;
        const records = shard.records.slice(position, position + (command.input.Limit ?? 1000));
        const end = position + records.length;
        return {
          Records: records,
          NextShardIterator: shard.closed && end >= shard.records.length ? undefined : iterator(shardId, end),
        };
      }
      throw new Error(`The fake does not answer ${String(command)}`);
    },
  };
  return {
    client: client as unknown as Pick<DynamoDBStreamsClient, 'send'>,
    addShard: (shardId: string, parent?: string) => shards.set(shardId, { parent, records: [], closed: false }),
    close: (shardId: string) => (shards.get(shardId)!.closed = true),
    expire: (shardId: string) => expireNextRead.add(shardId),
    write(shardId: string, id: string) {
      sequence++;
      shards.get(shardId)!.records.push({
        eventID: randomUUID(),
        eventName: 'INSERT',
        dynamodb: {
          ApproximateCreationDateTime: new Date(),
          Keys: keyOf(id),
          NewImage: { ...keyOf(id), type: { S: 'Booking' } },
          SequenceNumber: String(sequence).padStart(21, '0'),
          SizeBytes: 40,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
      });
    },
  };
}

describe('the local stream poller on split shards', () => {
  it('reads a child shard after its finished parent, picks new shards up, renews expired iterators', async () => {
    // A real table (the poller asks it for its stream's ARN); the stream itself is the fake.
    const table = await freshTable();
    const file = checkpointFile();
    const streams = fakeStreams();
    const handled = recorder();
    const options = { batchSize: 1, streams: streams.client };
    const first = poller(table, file, handled.handler, options);

    streams.addShard('shard-0'); // another shard, empty
    streams.addShard('shard-1');
    streams.write('shard-1', 'a');
    expect(await first.poll()).toBe(1);

    // The parent gets one more record and closes; its child (already written to) appears, listed before it.
    streams.write('shard-1', 'b');
    streams.close('shard-1');
    streams.addShard('shard-2', 'shard-1');
    streams.write('shard-2', 'c');
    streams.write('shard-2', 'd');
    // The iterator the poller kept for the parent has expired meanwhile.
    streams.expire('shard-1');
    expect(await first.poll()).toBe(3);
    expect(handled.ids()).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(readCheckpoint(file).shards).toEqual({ 'shard-1': 'closed', 'shard-2': '000000000000000000004' });
    await first.stop();

    // A restarted poller reads the child on from its checkpoint and does not touch the finished parent.
    streams.write('shard-2', 'e');
    const second = poller(table, file, handled.handler, options);
    expect(await second.poll()).toBe(1);
    expect(handled.ids().flat()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
