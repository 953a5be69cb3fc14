import type { HostRepository } from '#functions/ports/hosts';

type NamesOf = HostRepository['namesOf'];

/**
 * Hosts' names kept in this process's memory for `ttlMs` (monotonic clock), for the bookings lists (issue 30): a page
 * names the hosts of its bookings, and the same few hosts come back page after page. The names not remembered are
 * read together in one call of `load`. Only names found are remembered: a host the read did not answer (gone, or
 * a key DynamoDB left unprocessed) is asked again next time. At most `maxEntries` are kept; the oldest go first.
 */
export function recentHostNames(load: NamesOf, options: { ttlMs: number; maxEntries: number }): NamesOf {
  const entries = new Map<string, { until: number; name: string }>();
  return async (hostIds) => {
    const now = performance.now();
    const names = new Map<string, string>();
    const missing: string[] = [];
    for (const id of new Set(hostIds)) {
      const hit = entries.get(id);
      if (hit && hit.until > now) names.set(id, hit.name);
      else missing.push(id);
    }
    if (missing.length === 0) return names;
    const loaded = await load(missing);
    const until = performance.now() + options.ttlMs;
    for (const id of missing) {
      const name = loaded.get(id);
      entries.delete(id);
      if (name === undefined) continue;
      entries.set(id, { until, name });
      names.set(id, name);
    }
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    return names;
  };
}
