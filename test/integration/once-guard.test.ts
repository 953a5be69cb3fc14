import { randomUUID } from 'node:crypto';
import { GetItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { LONGEST_RUN_MS, oncePartition, powertoolsOnce } from '#functions/adapters/idempotency/powertools-once';
import { localLambdaContext } from '#infra/local/lambda-context';

/**
 * The OnceGuard (Powertools idempotency in the table) against DynamoDB Local (issue 30): a booking's records under
 * its own partition key, and an "in progress" record that carries its run's deadline, so one a killed run left
 * expires there and the work runs again.
 */

const client = createDynamoClient({ region: 'us-east-1', dynamoEndpoint: inject('dynamoEndpoint') });
const tableName = inject('tableName');
afterAll(() => client.destroy());

const recordsOf = async (pk: string) =>
  (
    await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: pk } },
        ConsistentRead: true,
      }),
    )
  ).Items?.map((item) => unmarshall(item)) ?? [];

/** Work that runs until `finish()` is called, saying when it started. */
function pending() {
  let finish: (value: string) => void = () => undefined;
  let started = false;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return { work: () => ((started = true), done), finish: (value: string) => finish(value), started: () => started };
}

async function until(check: () => Promise<boolean> | boolean) {
  for (let tries = 0; !(await check()); tries++) {
    if (tries > 400) throw new Error('Timed out');
    await new Promise((done) => setTimeout(done, 25));
  }
}

describe('powertoolsOnce', () => {
  it("keeps a booking's once-only records under NOTICE#{booking id}, each run once", async () => {
    const booking = randomUUID();
    const once = powertoolsOnce(client, tableName);
    let runs = 0;
    const send = () => once.run(`${booking}:confirmation:1:guest`, async () => `sent ${++runs}`);
    expect(await send()).toBe('sent 1');
    expect(await send()).toBe('sent 1');
    expect(await once.run(`${booking}:confirmation:1:host`, async () => 'host')).toBe('host');
    expect(runs).toBe(1);

    const records = await recordsOf(`NOTICE#${booking}`);
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record.sk).toMatch(/^notice#/);
      expect(record.status).toBe('COMPLETED');
      expect(record.expiresAt).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400);
    }
    expect(records.map((record) => record.data).sort()).toEqual(['host', 'sent 1']);
    // Nothing under the one key all records shared before.
    const old = await client.send(
      new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'NOTICES' }, sk: { S: records[0]!.sk } } }),
    );
    expect(old.Item).toBeUndefined();
  });

  it('keeps other ids under a hash of the id, and runs failed work again', async () => {
    const once = powertoolsOnce(client, tableName);
    const id = `webhook:msg_${randomUUID()}`;
    await expect(once.run(id, () => Promise.reject(new Error('SES down')))).rejects.toThrow('SES down');
    expect(await recordsOf(oncePartition(id))).toEqual([]);
    expect(await once.run(id, async () => 'queued')).toBe('queued');
    expect(await recordsOf(oncePartition(id))).toEqual([expect.objectContaining({ status: 'COMPLETED' })]);
  });

  it("marks work in progress until its run's deadline; after it, the work runs again", async () => {
    const booking = randomUUID();
    const id = `${booking}:reminder:60:2030-01-01T09:00:00.000Z:guest`;
    // The run that will be "killed": its work never finishes; its context gives it 1.5 s.
    const killed = powertoolsOnce(client, tableName);
    const registeredAt = Date.now();
    killed.registerLambdaContext(localLambdaContext('sendReminder', 1_500));
    const stuck = pending();
    void killed.run(id, stuck.work);
    await until(stuck.started);

    const [record] = await recordsOf(`NOTICE#${booking}`);
    expect(record).toMatchObject({ status: 'INPROGRESS' });
    expect(record!.in_progress_expiration).toBeGreaterThanOrEqual(registeredAt + 1_500 - 50);
    expect(record!.in_progress_expiration).toBeLessThanOrEqual(Date.now() + 1_500);

    // Another process (the restarted runner) while the deadline has not passed: in progress elsewhere.
    const restarted = powertoolsOnce(client, tableName);
    restarted.registerLambdaContext(localLambdaContext('sendReminder', 30_000));
    if (Date.now() < record!.in_progress_expiration - 200) {
      await expect(restarted.run(id, async () => 'too early')).rejects.toMatchObject({
        name: 'IdempotencyAlreadyInProgressError',
      });
    }
    await until(() => Date.now() > record!.in_progress_expiration);
    expect(await restarted.run(id, async () => 'sent after the deadline')).toBe('sent after the deadline');
    expect(await recordsOf(`NOTICE#${booking}`)).toEqual([
      expect.objectContaining({ status: 'COMPLETED', data: 'sent after the deadline' }),
    ]);
    stuck.finish('never stored');
  });

  it("gives work the latest deadline of the process's runs, and Lambda's longest run when none is registered", async () => {
    const unregistered = powertoolsOnce(client, tableName);
    const first = randomUUID();
    const before = Date.now();
    await unregistered.run(`${first}:confirmation:1:guest`, async () => {
      const [record] = await recordsOf(`NOTICE#${first}`);
      expect(record!.in_progress_expiration).toBeGreaterThanOrEqual(before + LONGEST_RUN_MS);
      expect(record!.in_progress_expiration).toBeLessThanOrEqual(Date.now() + LONGEST_RUN_MS);
    });

    // Two jobs at once in one local runner (a stream run of 2 minutes, a timer run of 30 s), in either order.
    const shared = powertoolsOnce(client, tableName);
    shared.registerLambdaContext(localLambdaContext('notifyBookingChanges', 120_000));
    shared.registerLambdaContext(localLambdaContext('sendReminder', 30_000));
    const second = randomUUID();
    const at = Date.now();
    await shared.run(`${second}:confirmation:1:guest`, async () => {
      const [record] = await recordsOf(`NOTICE#${second}`);
      expect(record!.in_progress_expiration).toBeGreaterThan(at + 100_000);
      expect(record!.in_progress_expiration).toBeLessThanOrEqual(Date.now() + 120_000);
    });

    // A local run that went on past its deadline: what it starts then expires at once (Powertools would keep a record
    // with no deadline for the 7 days).
    const late = powertoolsOnce(client, tableName);
    let clock = Date.now();
    const lateGuard = powertoolsOnce(client, tableName, () => clock);
    lateGuard.registerLambdaContext(localLambdaContext('notifyBookingChanges', 3_000, () => clock));
    clock += 10_000;
    const third = randomUUID();
    await lateGuard.run(`${third}:confirmation:1:guest`, async () => {
      const [record] = await recordsOf(`NOTICE#${third}`);
      expect(record!.in_progress_expiration).toBeLessThanOrEqual(Date.now() + 1);
      // So another run may take it over.
      expect(await late.run(`${third}:confirmation:1:guest`, async () => 'taken over')).toBe('taken over');
    });
  });
});
