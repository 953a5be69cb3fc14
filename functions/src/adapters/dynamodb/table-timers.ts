import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { tableQueue } from '#functions/adapters/dynamodb/table-queue';
import type { BookingTimer, BookingTimers, TimerPayload } from '#functions/ports/timers';

/**
 * The booking timers on one machine (no EventBridge Scheduler there): a queue of the table (adapters/dynamodb/
 * table-queue.ts, as the webhook and mail queues are) whose messages are the timers, each named by its timer and due
 * at its instant: one `Timer` item per timer (`TIMER#{name}`: `at`, `payload`), listed in the gsi1 partition `TIMERS`
 * by `{at}#{name}`. The local runner (infra/local/timers.ts) asks `due`, `claim`s each (a lease), runs its job and
 * then calls `done`; timers survive a restart because they are items, and every timer that came due meanwhile fires
 * at the next pass. Scheduling a timer again changes nothing (a named send is once only).
 *
 * A job that throws, or a process that dies between the claim and `done`, leaves the timer with its lease: when the
 * lease ends `due` answers it again and it fires again. Firing twice is possible here (a run outliving its lease, a
 * crash after the job but before `done`), which is safe: each timer's job re-reads its booking before acting and
 * sends through an idempotency guard.
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

export function tableTimers(db: DynamoDBDocumentClient, tableName: string): TableTimers {
  const queue = tableQueue<BookingTimer>(
    db,
    tableName,
    { item: keys.timer, index: keys.timerIndex, type: 'Timer' },
    {
      // The item keeps `at` as it was given (the index holds the normalised instant).
      attributes: (timer) => ({ at: timer.at, payload: timer.payload }),
      messageOf: (item) => ({ name: String(item.name), at: String(item.at), payload: item.payload as TimerPayload }),
      countReceives: false,
    },
  );
  return {
    async schedule(timer) {
      const at = new Date(timer.at);
      if (Number.isNaN(at.getTime())) throw new RangeError(`Timer ${timer.name}: not an instant: ${timer.at}`);
      await queue.send(timer, at, timer.name);
    },

    cancel: (name) => queue.done(name),

    async due(now, limit) {
      return (await queue.due(now, limit)).map((queued) => queued.message);
    },

    async claim(name, now, leaseMs = DEFAULT_TIMER_LEASE_MS) {
      return (await queue.claim(name, now, leaseMs))?.message ?? null;
    },

    done: (name) => queue.done(name),
  };
}
