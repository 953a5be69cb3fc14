import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import type { BookingTimer, BookingTimers, TimerPayload } from '#functions/ports';

/**
 * The booking timers on one machine, kept in the table (no EventBridge Scheduler there): one `Timer` item per timer
 * (`TIMER#{name}`), listed in the gsi1 partition `TIMERS` by `{at}#{name}`, so one Query finds those due. The local
 * runner (infra/local/timers.ts) asks `due`, `claim`s each, runs its job and then calls `done`; timers survive a
 * restart because they are items, and every timer that came due meanwhile fires at the next pass.
 *
 * The order is claim, fire, delete, with the claim a lease rather than a removal:
 * - `claim` sets `leaseUntil` (ms since epoch) on the condition that the timer exists and holds no lease that is
 *   still running, so of two runners (or two passes) claiming one timer at once exactly one gets it;
 * - `done` deletes the timer once its job succeeded;
 * - a job that throws, or a process that dies between the claim and `done`, leaves the timer with its lease: when
 *   the lease ends `due` answers it again and it fires again.
 * Deleting at the claim would lose a timer whenever the process died before its job finished; firing before any
 * claim would let two runners fire it together. Firing twice is possible here (a run outliving its lease, a crash
 * after the job but before `done`), which is safe: each timer's job re-reads its booking before acting and sends
 * through an idempotency guard. Leases compare instants of the callers' clocks (one machine, one clock).
 * `due` reads the index, which may lag the table in DynamoDB proper; the conditional `claim` is what decides.
 */
export interface TableTimers extends BookingTimers {
  /** Up to `limit` timers due at `now` (at <= now), earliest first, skipping those whose lease is still running. */
  due(now: Date, limit?: number): Promise<BookingTimer[]>;
  /**
   * Leases the timer until `now + leaseMs`; answers it, or null when it is gone or another caller's lease still runs.
   */
  claim(name: string, now: Date, leaseMs?: number): Promise<BookingTimer | null>;
  /** Removes a timer whose job succeeded (a missing one is fine). */
  done(name: string): Promise<void>;
}

/** How long a claimed timer is left to its caller before another may fire it: longer than a job may run. */
export const DEFAULT_TIMER_LEASE_MS = 5 * 60_000;

const DEFAULT_DUE_LIMIT = 100;
/** Sorts after every character a timer name may hold ([0-9A-Za-z_.-]), so `{now}#~` bounds every timer at `now`. */
const AFTER_EVERY_NAME = '~';
/** The gsi1 partition listing every timer (from keys.ts, the one home of the layout). */
const TIMERS_PARTITION = keys.timerIndex('', '').gsi1pk;

export function tableTimers(db: DynamoDBDocumentClient, tableName: string): TableTimers {
  return {
    async schedule(timer) {
      const at = new Date(timer.at);
      if (Number.isNaN(at.getTime())) throw new RangeError(`Timer ${timer.name}: not an instant: ${timer.at}`);
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.timer(timer.name),
              // Indexed by the normalised instant, so the text order is the time order whatever form `at` came in.
              ...keys.timerIndex(at.toISOString(), timer.name),
              type: 'Timer',
              name: timer.name,
              at: timer.at,
              payload: timer.payload,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return;
        throw error;
      }
    },

    async cancel(name) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.timer(name) }));
    },

    async due(now, limit = DEFAULT_DUE_LIMIT) {
      const found: BookingTimer[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :timers AND gsi1sk <= :upTo',
            FilterExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
            ExpressionAttributeValues: {
              ':timers': TIMERS_PARTITION,
              ':upTo': `${now.toISOString()}#${AFTER_EVERY_NAME}`,
              ':now': now.getTime(),
            },
            Limit: limit,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) found.push(timerOf(item));
        startKey = page.LastEvaluatedKey;
      } while (startKey && found.length < limit);
      return found.slice(0, limit);
    },

    async claim(name, now, leaseMs = DEFAULT_TIMER_LEASE_MS) {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.timer(name),
            UpdateExpression: 'SET leaseUntil = :until',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
            ExpressionAttributeValues: { ':until': now.getTime() + leaseMs, ':now': now.getTime() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? timerOf(Attributes) : null;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    async done(name) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: keys.timer(name) }));
    },
  };
}

const timerOf = (item: Record<string, unknown>): BookingTimer => ({
  name: String(item.name),
  at: String(item.at),
  payload: item.payload as TimerPayload,
});
