import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { tableTimers, type TableTimers } from '#functions/adapters/dynamodb/table-timers';
import type { BookingTimer } from '#functions/ports/timers';
import { startLocalTimers } from '#infra/local/timers';
import { integrationConfig } from '#test/support/local-stack';

/**
 * The booking timers on one machine (DynamoDB Local): the table scheduler's schedule, due, claim (a lease), done and
 * cancel, and the local runner that fires them, driven by a moved clock.
 *
 * The table is shared with files running in parallel: every timer has a unique name, lies in 2101 (so a runner on
 * the real clock elsewhere never finds it due), and what the tests read or fire is narrowed to their own names.
 */

const config = integrationConfig();
const db = createDocumentClient(createDynamoClient(config));
const timers = tableTimers(db, config.tableName);

const MINUTE = 60_000;
/** The era of these tests' timers. */
const T0 = Date.parse('2101-02-03T04:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * MINUTE);

function newTimer(minutes: number, kind: 'reminder' | 'pending-expiry' = 'reminder'): BookingTimer {
  const bookingId = randomUUID();
  const start = at(minutes + 60).toISOString();
  return {
    name: `t-${randomUUID()}`,
    at: at(minutes).toISOString(),
    payload:
      kind === 'reminder'
        ? { kind, bookingId, hostId: 'host-timers', start, offsetMinutes: 60 }
        : { kind, bookingId, hostId: 'host-timers', start, version: 1 },
  };
}

/** Everything due at `now` that is one of `mine` (other files' timers may be due at such instants too). */
async function dueOf(mine: BookingTimer[], now: Date): Promise<string[]> {
  const names = new Set(mine.map((timer) => timer.name));
  return (await timers.due(now, 1000)).map((timer) => timer.name).filter((name) => names.has(name));
}

/** The table timers narrowed to `mine`, for a runner that must not touch other files' timers. */
function only(mine: BookingTimer[]): TableTimers {
  const names = new Set(mine.map((timer) => timer.name));
  return {
    ...timers,
    due: async (now) => (await timers.due(now, 1000)).filter((timer) => names.has(timer.name)),
  };
}

async function scheduleAll(...list: BookingTimer[]) {
  for (const timer of list) await timers.schedule(timer);
  return list;
}

/** A clock a test moves. */
function movableClock(start: Date) {
  let now = start;
  return { now: () => now, set: (instant: Date) => (now = instant) };
}

const runners: { stop(): void }[] = [];
function runner(options: Omit<Parameters<typeof startLocalTimers>[0], 'everyMs'>) {
  // The interval never comes round during a test: the tests tick.
  const started = startLocalTimers({ ...options, everyMs: 3_600_000 });
  runners.push(started);
  return started;
}
afterEach(() => runners.splice(0).forEach((started) => started.stop()));

describe('the table scheduler', () => {
  it('stores a timer once, however often it is scheduled', async () => {
    const timer = newTimer(10);
    await timers.schedule(timer);
    await timers.schedule(timer);
    await timers.schedule({ ...timer, at: at(20).toISOString() });

    expect(await dueOf([timer], at(30))).toEqual([timer.name]);
    const { Item } = await db.send(
      new GetCommand({ TableName: config.tableName, Key: { pk: `TIMER#${timer.name}`, sk: 'TIMER' } }),
    );
    expect(Item).toMatchObject({
      type: 'Timer',
      gsi1pk: 'TIMERS',
      gsi1sk: `${timer.at}#${timer.name}`,
      at: timer.at,
      payload: timer.payload,
    });
  });

  it('answers a timer as due only once its instant has come, earliest first', async () => {
    const [early, late] = await scheduleAll(newTimer(10, 'pending-expiry'), newTimer(11));

    expect(await dueOf([early!, late!], new Date(at(10).getTime() - 1000))).toEqual([]);
    expect(await dueOf([early!, late!], at(10))).toEqual([early!.name]);
    expect(await dueOf([early!, late!], at(11))).toEqual([early!.name, late!.name]);
    const found = (await timers.due(at(11), 1000)).find((timer) => timer.name === early!.name);
    expect(found).toEqual(early);
  });

  it('gives a timer to exactly one of many callers claiming it at once', async () => {
    const [timer] = await scheduleAll(newTimer(10));
    const claims = await Promise.all(Array.from({ length: 8 }, () => timers.claim(timer!.name, at(10), MINUTE)));

    expect(claims.filter((claimed) => claimed !== null)).toEqual([timer]);
    // Leased: neither due nor claimable while the lease runs.
    expect(await dueOf([timer!], at(10.5))).toEqual([]);
    expect(await timers.claim(timer!.name, at(10.5), MINUTE)).toBeNull();
  });

  it('makes a timer due again once its lease has ended', async () => {
    const [timer] = await scheduleAll(newTimer(10));
    expect(await timers.claim(timer!.name, at(10), MINUTE)).toEqual(timer);

    expect(await dueOf([timer!], at(11))).toEqual([]);
    expect(await dueOf([timer!], new Date(at(11).getTime() + 1))).toEqual([timer!.name]);
    expect(await timers.claim(timer!.name, new Date(at(11).getTime() + 1), MINUTE)).toEqual(timer);
  });

  it('removes a timer when done; a removed one is neither due nor claimable', async () => {
    const [timer] = await scheduleAll(newTimer(10));
    await timers.claim(timer!.name, at(10), MINUTE);
    await timers.done(timer!.name);

    expect(await dueOf([timer!], at(60))).toEqual([]);
    expect(await timers.claim(timer!.name, at(60), MINUTE)).toBeNull();
    await expect(timers.done(timer!.name)).resolves.toBeUndefined();
  });

  it('cancels a timer, and counts cancelling a missing one as done', async () => {
    const [timer] = await scheduleAll(newTimer(10));
    await timers.cancel(timer!.name);
    expect(await dueOf([timer!], at(60))).toEqual([]);

    await expect(timers.cancel(timer!.name)).resolves.toBeUndefined();
    await expect(timers.cancel(`t-${randomUUID()}`)).resolves.toBeUndefined();
  });
});

describe('the local timer runner', () => {
  it('fires nothing before its time, then fires a timer once', async () => {
    const mine = await scheduleAll(newTimer(10), newTimer(12, 'pending-expiry'));
    const clock = movableClock(at(9));
    const fire = vi.fn(async (_timer: BookingTimer) => {});
    const log = vi.fn();
    const local = runner({ timers: only(mine), clock: clock.now, fire, log });

    expect(await local.tick()).toBe(0);
    expect(fire).not.toHaveBeenCalled();

    clock.set(at(10));
    expect(await local.tick()).toBe(1);
    expect(fire).toHaveBeenCalledExactlyOnceWith(mine[0]);

    clock.set(at(30));
    expect(await local.tick()).toBe(1);
    expect(fire).toHaveBeenLastCalledWith(mine[1]);
    expect(await local.tick()).toBe(0);
    expect(fire).toHaveBeenCalledTimes(2);
    expect(await dueOf(mine, at(120))).toEqual([]);
    expect(log).toHaveBeenCalledWith(`Timer ${mine[0]!.name} (reminder) fired`);
  });

  it('keeps a timer whose fire threw and fires it again after its lease', async () => {
    const mine = await scheduleAll(newTimer(10));
    const clock = movableClock(at(10));
    const fire = vi.fn(async (_timer: BookingTimer) => {}).mockRejectedValueOnce(new Error('mail server down'));
    const log = vi.fn();
    const local = runner({ timers: only(mine), clock: clock.now, fire, log, leaseMs: 2 * MINUTE });

    expect(await local.tick()).toBe(0);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`Timer ${mine[0]!.name} (reminder) failed`));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('mail server down'));

    // Still leased: not tried again yet.
    clock.set(at(11));
    expect(await local.tick()).toBe(0);
    expect(fire).toHaveBeenCalledTimes(1);

    clock.set(at(12.5));
    expect(await local.tick()).toBe(1);
    expect(fire).toHaveBeenCalledTimes(2);
    expect(fire).toHaveBeenLastCalledWith(mine[0]);
    expect(await dueOf(mine, at(120))).toEqual([]);
  });

  it('after a restart, fires at once every timer that came due, and a crashed run once its lease ended', async () => {
    const mine = await scheduleAll(newTimer(10), newTimer(11), newTimer(12, 'pending-expiry'), newTimer(13));
    const clock = movableClock(at(5));
    const firstFire = vi.fn(async (_timer: BookingTimer) => {});
    const first = runner({ timers: only(mine), clock: clock.now, fire: firstFire });
    expect(await first.tick()).toBe(0);
    first.stop();
    // A process that claimed a timer and died before its job finished.
    expect(await timers.claim(mine[3]!.name, at(13), 5 * MINUTE)).toEqual(mine[3]);

    clock.set(at(15));
    const fire = vi.fn(async (_timer: BookingTimer) => {});
    const second = runner({ timers: only(mine), clock: clock.now, fire, leaseMs: 5 * MINUTE });
    expect(await second.tick()).toBe(3);
    expect(fire.mock.calls.map(([timer]) => timer.name)).toEqual(mine.slice(0, 3).map((timer) => timer.name));

    clock.set(at(18.5));
    expect(await second.tick()).toBe(1);
    expect(fire).toHaveBeenLastCalledWith(mine[3]);
    expect(firstFire).not.toHaveBeenCalled();
  });

  it('fires each timer once when two runners tick at the same time', async () => {
    const mine = await scheduleAll(...Array.from({ length: 6 }, (_, index) => newTimer(10 + index)));
    const fired: string[] = [];
    const fire = async (timer: BookingTimer) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      fired.push(timer.name);
    };
    const clock = () => at(30);
    const one = runner({ timers: only(mine), clock, fire });
    const two = runner({ timers: only(mine), clock, fire });

    const counts = await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(mine.length);
    expect(fired.toSorted()).toEqual(mine.map((timer) => timer.name).toSorted());
  });

  it('never runs two passes of one runner at once', async () => {
    const mine = await scheduleAll(newTimer(10), newTimer(11), newTimer(12));
    let running = 0;
    let most = 0;
    const fire = async (_timer: BookingTimer) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    };
    const local = runner({ timers: only(mine), clock: () => at(30), fire });

    const counts = await Promise.all([local.tick(), local.tick(), local.tick()]);
    expect(counts).toEqual([3, 0, 0]);
    expect(most).toBe(1);
  });
});
