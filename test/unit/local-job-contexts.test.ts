import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { TableTimers } from '#functions/adapters/dynamodb/table-timers';
import type { BookingTimer } from '#functions/ports/timers';
import { startLocalJobs } from '#infra/local/jobs';
import { startLocalTimers } from '#infra/local/timers';

/**
 * The local runner's timers and scheduled jobs hand their runs a Lambda-like context with the cloud's timeout as its
 * deadline (issue 30 §6), and a timer a killed runner had claimed fires again once six of those timeouts passed.
 */

const calls = vi.hoisted(() => ({ reminder: [] as Context[], sync: [] as Context[] }));
vi.mock('#functions/jobs/sendReminder', () => ({
  handler: async (_payload: unknown, context: Context) => void calls.reminder.push(context),
}));
vi.mock('#functions/jobs/syncCalendars', () => ({
  handler: async (_event: unknown, context: Context) => void calls.sync.push(context),
}));

afterEach(() => vi.useRealTimers());

const reminder: BookingTimer = {
  name: 'reminder-1',
  at: '2030-01-01T08:00:00Z',
  payload: { kind: 'reminder', hostId: 'h', bookingId: 'b', start: '2030-01-01T09:00:00.000Z', offsetMinutes: 60 },
};

describe('the local timers', () => {
  it('fire the timer job with a 30-second deadline and claim for six of them (3 minutes)', async () => {
    const leases: (number | undefined)[] = [];
    const timers = {
      due: async () => [reminder],
      claim: async (_name: string, _now: Date, leaseMs?: number) => (leases.push(leaseMs), reminder),
      done: async () => undefined,
    } as unknown as TableTimers;
    const runner = startLocalTimers({ timers, everyMs: 60_000 });
    try {
      expect(await runner.tick()).toBe(1);
    } finally {
      runner.stop();
    }
    expect(leases).toEqual([180_000]);
    const [context] = calls.reminder;
    expect(context!.functionName).toBe('sendReminder');
    expect(context!.getRemainingTimeInMillis()).toBeGreaterThan(25_000);
    expect(context!.getRemainingTimeInMillis()).toBeLessThanOrEqual(30_000);
  });
});

describe('the local scheduled jobs', () => {
  it('run each job with its 5-minute deadline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const stop = startLocalJobs();
    try {
      await vi.advanceTimersByTimeAsync(15 * 60_000);
      await vi.waitFor(() => expect(calls.sync).toHaveLength(1));
    } finally {
      stop();
    }
    expect(calls.sync[0]!.functionName).toBe('syncCalendars');
    expect(calls.sync[0]!.getRemainingTimeInMillis()).toBeGreaterThan(290_000);
    expect(calls.sync[0]!.getRemainingTimeInMillis()).toBeLessThanOrEqual(300_000);
  });
});
