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

    expect(await copyTable(client, options())).toEqual({ matched: 2, written: 1, kept: 1 });
    expect(await titleIn(live, 'EVENT#1001', 'EVENT')).toBe('deleted by mistake');
    expect(await titleIn(live, 'USER#u1', 'PROFILE')).toBe('edited after the restore point');
    expect(await titleIn(live, 'EVENT#1002', 'EVENT')).toBe('created after the restore point');
  });

  it('overwrites with --overwrite, copies only a prefix, and writes nothing in a dry run', async () => {
    await put(restored, 'USER#u1', 'PROFILE', 'restored u1');
    await put(restored, 'USER#u2', 'PROFILE', 'restored u2');
    await put(live, 'USER#u1', 'PROFILE', 'live u1');

    expect(await copyTable(client, options({ dryRun: true }))).toEqual({ matched: 2, written: 0, kept: 0 });
    expect(await count(live)).toBe(1);

    expect(await copyTable(client, options({ overwrite: true, prefix: 'USER#u1' }))).toEqual({
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
    expect(result).toEqual({ matched: 120, written: 120, kept: 0 });
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
    expect(run.stdout).toContain(`1 items written, 0 kept (already in ${live}), of 1 read.`);
    expect(await titleIn(live, 'USER#u1', 'PROFILE')).toBe('restored');
  }, 30_000);

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
