import { afterEach, describe, expect, it, vi } from 'vitest';

import { jobs } from '#shared/jobs';
import { startLocalJobs } from '#infra/local/jobs';

const runs = vi.hoisted(() => ({ count: 0, release: null as null | (() => void) }));
vi.mock('#functions/jobs/syncCalendars', () => ({
  handler: () =>
    new Promise((resolve) => {
      runs.count++;
      runs.release = () => resolve({ synced: 0, failed: 0, removed: 0 });
    }),
}));

afterEach(() => vi.useRealTimers());

describe('the local scheduler', () => {
  it("calls each job's handler at its rate, never two runs of one job at once, until stopped", async () => {
    vi.useFakeTimers();
    const stop = startLocalJobs({ table: [jobs.syncCalendars] });
    await vi.advanceTimersByTimeAsync(14 * 60_000);
    expect(runs.count).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.count).toBe(1);
    // Still running 15 minutes later: the next tick is skipped.
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(runs.count).toBe(1);
    runs.release?.();
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(runs.count).toBe(2);
    runs.release?.();
    stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs.count).toBe(2);
  });
});
