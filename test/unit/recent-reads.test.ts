import { describe, expect, it, vi } from 'vitest';

import { memoryRecentReads } from '#functions/adapters/memory/recent-reads';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('memory recent reads', () => {
  it('reuses a value within the time-to-live and loads again after it', async () => {
    const reads = memoryRecentReads({ ttlMs: 40, maxEntries: 10 });
    const load = vi.fn(async () => 'value');
    expect(await reads.getOrLoad('k', load)).toBe('value');
    expect(await reads.getOrLoad('k', load)).toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
    await wait(60);
    await reads.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent callers of a key', async () => {
    const reads = memoryRecentReads({ ttlMs: 1000, maxEntries: 10 });
    const load = vi.fn(async () => {
      await wait(20);
      return 42;
    });
    expect(await Promise.all(Array.from({ length: 20 }, () => reads.getOrLoad('k', load)))).toEqual(Array(20).fill(42));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed load', async () => {
    const reads = memoryRecentReads({ ttlMs: 1000, maxEntries: 10 });
    await expect(reads.getOrLoad('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.getOrLoad('k', async () => 'back')).toBe('back');
  });

  it('forgets everything on clear, and the oldest entries beyond the limit', async () => {
    const reads = memoryRecentReads({ ttlMs: 1000, maxEntries: 2 });
    const load = vi.fn(async () => 'v');
    await reads.getOrLoad('a', load);
    await reads.getOrLoad('b', load);
    await reads.getOrLoad('c', load); // evicts a
    await reads.getOrLoad('b', load);
    expect(load).toHaveBeenCalledTimes(3);
    await reads.getOrLoad('a', load);
    expect(load).toHaveBeenCalledTimes(4);
    reads.clear();
    await reads.getOrLoad('c', load);
    expect(load).toHaveBeenCalledTimes(5);
  });
});
