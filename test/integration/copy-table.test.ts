import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  DeleteTableCommand,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';

import { RESTORE_STAMP } from '#shared/jobs';
import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { repoRoot } from '#infra/cdk/stack';
import { UsageError } from '#infra/cli-args';
import { copyTable, parseCopyArgs, type CopyOptions } from '#infra/copy-table';
import { ensureTable } from '#infra/local/table';

/**
 * `npm run table:copy` (the last step of a point-in-time restore, docs/self-hosting.md) against DynamoDB Local: a
 * "restored" table and a "live" one of the real layout, each test with its own pair.
 */

const client = createDynamoClient({ region: 'us-east-1', dynamoEndpoint: inject('dynamoEndpoint') });
const tables: string[] = [];
afterAll(async () => {
  for (const table of tables) await client.send(new DeleteTableCommand({ TableName: table }));
  client.destroy();
});

let restored: string;
let live: string;
beforeEach(async () => {
  restored = `copy-restored-${randomUUID()}`;
  live = `copy-live-${randomUUID()}`;
  for (const table of [restored, live]) {
    await ensureTable(client, table);
    tables.push(table);
  }
});

const put = (table: string, pk: string, sk: string, title: string) =>
  client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, sk: { S: sk }, title: { S: title } } }));
const titleIn = async (table: string, pk: string, sk: string) =>
  (await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: pk }, sk: { S: sk } } }))).Item?.title?.S;
/** Items in a table (a scan pages at 1 MB, counts too). */
async function count(table: string): Promise<number> {
  let total = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, Select: 'COUNT', ExclusiveStartKey: startKey }));
    total += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}
const s = (value: string): AttributeValue => ({ S: value });
const n = (value: number): AttributeValue => ({ N: String(value) });
/** The keys of every item in a table, as "pk sk". */
async function keysIn(table: string): Promise<string[]> {
  const found: string[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) found.push(`${item.pk!.S} ${item.sk!.S}`);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}
const options = (more: Partial<CopyOptions> = {}): CopyOptions => ({
  from: restored,
  to: live,
  overwrite: false,
  dryRun: false,
  ...more,
});

describe('table:copy', () => {
  it('adds the items the live table lacks and keeps the ones it has, as they are now', async () => {
    await put(restored, 'USER#u1', 'PROFILE', 'restored profile');
    await put(restored, 'EVENT#1001', 'EVENT', 'deleted by mistake');
    await put(live, 'USER#u1', 'PROFILE', 'edited after the restore point');
    await put(live, 'EVENT#1002', 'EVENT', 'created after the restore point');

    expect(await copyTable(client, options())).toMatchObject({ matched: 2, written: 1, kept: 1, skipped: 0 });
    expect(await titleIn(live, 'EVENT#1001', 'EVENT')).toBe('deleted by mistake');
    expect(await titleIn(live, 'USER#u1', 'PROFILE')).toBe('edited after the restore point');
    expect(await titleIn(live, 'EVENT#1002', 'EVENT')).toBe('created after the restore point');
  });

  it('overwrites with --overwrite, copies only a prefix, and writes nothing in a dry run', async () => {
    await put(restored, 'USER#u1', 'PROFILE', 'restored u1');
    await put(restored, 'USER#u2', 'PROFILE', 'restored u2');
    await put(live, 'USER#u1', 'PROFILE', 'live u1');

    expect(await copyTable(client, options({ dryRun: true }))).toMatchObject({ matched: 2, written: 0, kept: 0 });
    expect(await count(live)).toBe(1);

    expect(await copyTable(client, options({ overwrite: true, prefix: 'USER#u1' }))).toMatchObject({
      matched: 1,
      written: 1,
      kept: 0,
    });
    expect(await titleIn(live, 'USER#u1', 'PROFILE')).toBe('restored u1');
    expect(await titleIn(live, 'USER#u2', 'PROFILE')).toBeUndefined();
  });

  it('reads every page of a table larger than one scan page', async () => {
    // About 1.2 MB of items: DynamoDB pages a scan at 1 MB.
    const padding = 'x'.repeat(10_000);
    await Promise.all(Array.from({ length: 120 }, (_, i) => put(restored, `BOOKING#${i}`, 'BOOKING', padding)));
    const pages: number[] = [];
    const result = await copyTable(client, options(), ({ matched }) => pages.push(matched));
    expect(result).toMatchObject({ matched: 120, written: 120, kept: 0 });
    expect(pages.length).toBeGreaterThan(1);
    expect(await count(live)).toBe(120);
  });

  it('runs from the command line against the given endpoint', async () => {
    await put(restored, 'USER#u1', 'PROFILE', 'restored');
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'infra/copy-table.ts',
        '--from',
        restored,
        '--to',
        live,
        '--endpoint',
        inject('dynamoEndpoint'),
      ],
      { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, AWS_REGION: 'us-east-1' } },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      `1 items written, 0 kept (already in ${live}; --overwrite replaces them), 0 never copied, of 1 read.`,
    );
    // What it did, and that it was silent.
    expect(run.stdout).toMatch(/USER +1 +1 +0 +0/);
    expect(run.stdout).toContain('no e-mail, reminder, webhook or page publish fired');
    expect(run.stdout).toContain('{"republishAll":true}');
    expect(await titleIn(live, 'USER#u1', 'PROFILE')).toBe('restored');
  }, 30_000);

  it('marks every item it writes with one restore stamp new to the run', async () => {
    await put(restored, 'USER#u1', 'PROFILE', 'restored');
    await put(restored, 'EVENT#1001', 'EVENT', 'restored');
    const first = await copyTable(client, options());
    const second = await copyTable(client, options({ overwrite: true }));
    expect(first.restoreStamp).not.toBe(second.restoreStamp);
    const stampOf = async (pk: string, sk: string) =>
      (await client.send(new GetItemCommand({ TableName: live, Key: { pk: { S: pk }, sk: { S: sk } } }))).Item?.[
        RESTORE_STAMP
      ]?.S;
    expect(await stampOf('USER#u1', 'PROFILE')).toBe(second.restoreStamp);
    expect(await stampOf('EVENT#1001', 'EVENT')).toBe(second.restoreStamp);
  });

  it("copies a host's whole data with --prefix USER#{id}, whatever its partition, and nobody else's", async () => {
    const items: Record<string, AttributeValue>[] = [
      // u1's own partitions: profile, calendar, a plan, bookings and day versions.
      { pk: s('USER#u1'), sk: s('PROFILE'), type: s('User'), id: s('u1') },
      { pk: s('USER#u1'), sk: s('CALENDAR'), type: s('CalendarConnection') },
      { pk: s('USER#u1'), sk: s('PLAN#sub_1'), type: s('Plan') },
      { pk: s('HOST#u1'), sk: s('DAY#2026-03-09'), version: n(3) },
      { pk: s('HOST#u1'), sk: s('DAY#2026-03-09#B#2026-03-09T14:00:00Z#b1'), type: s('Booking'), hostId: s('u1') },
      // Elsewhere, naming u1: the event type, its override and slug, claims, references, the feed, the work list.
      {
        pk: s('EVENT#1001'),
        sk: s('EVENT'),
        type: s('Event'),
        id: n(1001),
        userId: s('u1'),
        gsi1pk: s('HOST#u1#EVENTS'),
        gsi1sk: s('EVENT#000000001001'),
      },
      { pk: s('EVENT#1001'), sk: s('OVERRIDE#2026-03-10#1001.2026-03-10'), type: s('DateOverride') },
      { pk: s('SLUG#intro'), sk: s('SLUG'), type: s('Slug'), eventId: n(1001) },
      { pk: s('BOOKINGREF#b1'), sk: s('BOOKINGREF'), type: s('BookingRef'), hostId: s('u1') },
      { pk: s('EMAIL#ada@example.com'), sk: s('EMAIL'), userId: s('u1') },
      { pk: s('USERNAME#ada'), sk: s('USERNAME'), userId: s('u1') },
      { pk: s('ICSFEED#hash1'), sk: s('ICSFEED'), type: s('CalendarFeed'), userId: s('u1') },
      { pk: s('CALENDARS#GOOGLE'), sk: s('USER#u1'), type: s('GoogleCalendarHost'), userId: s('u1') },
      { pk: s('TEAM#t1'), sk: s('MEMBER#u1'), role: s('owner') },
      // u1's, but never copied: a session, a local reminder timer, an expired lookup.
      { pk: s('USER#u1'), sk: s('SESSION#s1'), type: s('Session'), userId: s('u1') },
      { pk: s('TIMER#rem-b1-v1-60'), sk: s('TIMER'), type: s('Timer'), hostId: s('u1') },
      { pk: s('LOCFALLBACK#f1'), sk: s('LOCFALLBACK'), type: s('LocationFallback'), hostId: s('u1'), expiresAt: n(1) },
    ];
    const others: Record<string, AttributeValue>[] = [
      { pk: s('USER#u10'), sk: s('PROFILE'), type: s('User'), id: s('u10') },
      { pk: s('HOST#u2'), sk: s('DAY#2026-03-09#B#2026-03-09T15:00:00Z#b2'), type: s('Booking'), hostId: s('u2') },
      { pk: s('EVENT#1002'), sk: s('EVENT'), type: s('Event'), id: n(1002), userId: s('u2') },
      { pk: s('EVENT#1002'), sk: s('OVERRIDE#2026-03-10#1002.2026-03-10'), type: s('DateOverride') },
      { pk: s('SLUG#other'), sk: s('SLUG'), type: s('Slug'), eventId: n(1002) },
      { pk: s('TEAM#t1'), sk: s('MEMBER#u2'), role: s('member') },
      { pk: s('TEAM#t1'), sk: s('TEAM'), type: s('Team') },
    ];
    for (const item of [...items, ...others])
      await client.send(new PutItemCommand({ TableName: restored, Item: item }));

    const result = await copyTable(client, options({ prefix: 'USER#u1' }));
    expect(result).toMatchObject({ matched: items.length, written: items.length - 3, kept: 0, skipped: 3 });
    expect(result.byKind.Session).toEqual({ read: 1, written: 0, kept: 0, skipped: 1 });
    expect(result.byKind.Booking).toEqual({ read: 1, written: 1, kept: 0, skipped: 0 });
    expect(Object.keys(result.skippedFor)).toHaveLength(3);
    const copied = await keysIn(live);
    expect(copied.sort()).toEqual(
      items
        .slice(0, -3)
        .map((item) => `${item.pk!.S} ${item.sk!.S}`)
        .sort(),
    );
    // HOST#u1 names the same host.
    const again = await copyTable(client, options({ prefix: 'HOST#u1', dryRun: true }));
    expect(again.matched).toBe(items.length);
  });

  it.each([
    [[], '--from and --to are both required'],
    [['--from', 'a'], '--from and --to are both required'],
    [['--from', 'a', '--to', 'a'], '--from and --to name the same table'],
    [['--from', '--to', 'b'], '--from needs a value'],
    [['--from', 'a', '--to', 'b', '--all'], 'Unknown option "--all"'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseCopyArgs(args)).toThrow(new UsageError(message));
  });

  it('answers bad usage with the usage text and exit code 2, writing nothing', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/copy-table.ts', '--from', restored], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--from and --to are both required');
    expect(run.stderr).toContain('Usage: npm run table:copy -- --from TABLE --to TABLE [options]');
    expect(await count(live)).toBe(0);
  }, 30_000);
});
