import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { pacePasses, type PassPace } from '#infra/local/pass-pace';

/** The local runners' pace (infra/local/pass-pace.ts), on vitest's fake clock: when each pass ran, in ms. */
describe('the local runners’ pace', () => {
  let pace: PassPace | undefined;
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => {
    pace?.stop();
    vi.useRealTimers();
  });

  /** A runner whose passes find what `found` answers for each, recording when each ran. */
  function start(found: (index: number) => number | Error, idleAfter = 3) {
    const ranAt: number[] = [];
    pace = pacePasses({
      everyMs: 500,
      idleEveryMs: 4000,
      idleAfter,
      pass: async () => {
        const outcome = found(ranAt.length);
        ranAt.push(Date.now());
        if (outcome instanceof Error) throw outcome;
        return outcome;
      },
    });
    return ranAt;
  }

  it('passes every everyMs while there is work, and every idleEveryMs after idleAfter empty passes in a row', async () => {
    const ranAt = start((index) => (index < 2 ? 1 : 0));
    await vi.advanceTimersByTimeAsync(14_000);
    // Work at 500 and 1000; empty at 1500, 2000, 2500 (the third in a row): idle from there.
    expect(ranAt).toEqual([500, 1000, 1500, 2000, 2500, 6500, 10_500]);
  });

  it('counts a pass that throws as one that found nothing, and goes on', async () => {
    const ranAt = start(() => new Error('DynamoDB Local is gone'), 2);
    await vi.advanceTimersByTimeAsync(9000);
    expect(ranAt).toEqual([500, 1000, 5000, 9000]);
  });

  it('comes back to the quick pace within everyMs of a nudge, and idles again only after idleAfter empty passes', async () => {
    const ranAt = start(() => 0);
    await vi.advanceTimersByTimeAsync(6000); // 500, 1000, 1500 (idle), 5500
    expect(ranAt).toEqual([500, 1000, 1500, 5500]);
    pace!.nudge(); // at 6000: the pass planned for 9500 comes at 6500
    await vi.advanceTimersByTimeAsync(6000);
    expect(ranAt).toEqual([500, 1000, 1500, 5500, 6500, 7000, 7500, 11_500]);
  });

  it('does not put a planned quick pass off when nudged, nor run two passes at once', async () => {
    let finish: (() => void) | undefined;
    const ranAt: number[] = [];
    let running = 0;
    let overlapped = false;
    pace = pacePasses({
      everyMs: 500,
      idleEveryMs: 4000,
      pass: async () => {
        ranAt.push(Date.now());
        overlapped ||= running > 0;
        running++;
        if (ranAt.length === 1) await new Promise<void>((done) => (finish = done));
        running--;
        return 0;
      },
    });
    await vi.advanceTimersByTimeAsync(700); // the first pass started at 500 and has not ended
    pace.nudge();
    pace.nudge();
    await vi.advanceTimersByTimeAsync(2000);
    expect(ranAt).toEqual([500]);
    finish!();
    await vi.advanceTimersByTimeAsync(400); // the next is planned 500 ms after the first ended (at 2700)
    pace.nudge();
    await vi.advanceTimersByTimeAsync(100);
    expect(ranAt).toEqual([500, 3200]);
    expect(overlapped).toBe(false);
  });

  it('runs no pass once stopped', async () => {
    const ranAt = start(() => 1);
    await vi.advanceTimersByTimeAsync(1000);
    pace!.stop();
    pace!.nudge();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ranAt).toEqual([500, 1000]);
  });
});
