import type { RecentReads } from '#functions/ports/calendar';

/**
 * Recent reads kept in this process's memory for `ttlMs` (measured on the monotonic clock, not the business
 * clock). Concurrent misses of one key share a single load, so a burst of guests opening the same booking page
 * costs one read of the table. At most `maxEntries` are kept; the oldest go first.
 */
export function memoryRecentReads(options: { ttlMs: number; maxEntries: number }): RecentReads {
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return {
    getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value as Promise<T>;
      entries.delete(key);
      const value = load();
      entries.set(key, { until: now + options.ttlMs, value });
      // A failed load is not remembered.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
