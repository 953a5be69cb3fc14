import { randomUUID } from 'node:crypto';
import {
  BatchWriteItemCommand,
  DeleteTableCommand,
  ScanCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { copyTable } from '#infra/copy-table';
import { ensureTable } from '#infra/local/table';
import { bookingRequest, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';

/**
 * Issue 31, item 6, end to end on one machine: a booking lost from the live table is brought back by `table:copy`
 * from a "restored" table. The local runner's stream poller hands the copy's records to the real notifyBookingChanges,
 * which skips them: no mail, no timer. A later real change of the restored booking is mailed as usual.
 */

type Item = Record<string, AttributeValue>;

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let dynamo: DynamoDBClient;
let host: HostRecord;
let event: EventRecord;
let restored: string;

beforeAll(async () => {
  h = await lifecycleHarness();
  dynamo = createDynamoClient(h.config);
  host = await h.fixtures.host({ name: 'Jordan Avery' });
  event = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
  restored = `restored-${randomUUID().slice(0, 8)}`;
  await ensureTable(dynamo, restored);
}, 60_000);
afterAll(async () => {
  await dynamo?.send(new DeleteTableCommand({ TableName: restored }));
  dynamo?.destroy();
  await h?.close();
});

async function scan(table: string): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

async function write(table: string, requests: { put?: Item; remove?: Item }[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    await dynamo.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [table]: requests
            .slice(i, i + 25)
            .map(({ put, remove }) =>
              put ? { PutRequest: { Item: put } } : { DeleteRequest: { Key: { pk: remove!.pk!, sk: remove!.sk! } } },
            ),
        },
      }),
    );
  }
}

/** Items about the booking: the booking, its reference, its timers and its once-only mail records. */
const about = (id: string) => (item: Item) => JSON.stringify([item.pk?.S, item.sk?.S]).includes(id);
const isNotice = (item: Item) => item.pk?.S?.startsWith('NOTICE#') ?? false;

async function timerNames(bookingId: string): Promise<string[]> {
  const timers = h.deps.timers as unknown as { due(now: Date, limit: number): Promise<{ name: string }[]> };
  return (await timers.due(new Date('2027-01-01'), 1000)).map((t) => t.name).filter((n) => n.includes(bookingId));
}

describe('table:copy is silent', () => {
  it('a restored booking mails nobody and sets no timer; a later real change of it is mailed', async () => {
    const guest = `guest-${unique()}@example.com`;
    const answer = await h.api.book(bookingRequest(event, '2026-03-09T14:00:00Z', { name: 'Ada', email: guest }));
    expect(answer.status, answer.text).toBe(201);
    const id = String(answer.body.bookingId);
    await h.drain();
    expect(await mailsTo(guest)).toHaveLength(1);
    expect(await timerNames(id)).not.toEqual([]);

    // The point-in-time copy, whose once-only mail records have since expired (they live 7 days).
    const snapshot = await scan(h.config.tableName);
    await write(
      restored,
      snapshot.filter((item) => !isNotice(item)).map((put) => ({ put })),
    );
    // The live table loses the booking, and with it its timers and mail records.
    const lost = snapshot.filter((item) => about(id)(item) || isNotice(item));
    await write(
      h.config.tableName,
      lost.map((remove) => ({ remove })),
    );
    await h.drain();
    expect(await timerNames(id)).toEqual([]);

    const result = await copyTable(dynamo, { from: restored, to: h.config.tableName, overwrite: false, dryRun: false });
    expect(result.byKind.Booking).toMatchObject({ written: 1 });
    expect(result.byKind.Timer?.written ?? 0).toBe(0);
    // The poller hands the restored booking to the job, which leaves it alone.
    expect(await h.drain()).toBeGreaterThan(0);
    await h.tick();
    expect(await mailsTo(guest)).toHaveLength(1);
    expect(await timerNames(id)).toEqual([]);

    // The host cancels the restored booking: a real change, told to the guest.
    const cancelled = await h.cancelAsOwner(host.id, id, { reason: 'Travelling' });
    expect(cancelled.status, cancelled.text).toBeLessThan(300);
    await h.drain();
    const mails = await mailsTo(guest);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject.toLowerCase()).toContain('cancel');
  });
});
