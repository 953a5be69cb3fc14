import { describe, expect, it, vi } from 'vitest';

import { recentHostNames } from '#functions/adapters/memory/recent-host-names';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A host repository's namesOf over these names, counting its calls and the ids it was asked. */
function source(names: Record<string, string>) {
  return vi.fn(async (ids: readonly string[]) => {
    const found = new Map<string, string>();
    for (const id of ids) if (names[id] !== undefined) found.set(id, names[id]);
    return found;
  });
}

describe('recent host names (the bookings lists)', () => {
  it('reads only the names it does not remember, all in one call, and answers them all', async () => {
    const load = source({ a: 'Ada', b: 'Bea', c: 'Cy' });
    const namesOf = recentHostNames(load, { ttlMs: 1000, maxEntries: 10 });
    expect(await namesOf(['a', 'b', 'a'])).toEqual(
      new Map([
        ['a', 'Ada'],
        ['b', 'Bea'],
      ]),
    );
    expect(load).toHaveBeenLastCalledWith(['a', 'b']);
    expect(await namesOf(['b', 'c', 'a'])).toEqual(
      new Map([
        ['b', 'Bea'],
        ['c', 'Cy'],
        ['a', 'Ada'],
      ]),
    );
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(['c']);
    expect(await namesOf(['a', 'b', 'c'])).toHaveProperty('size', 3);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks again for a host the read did not answer, and reads every name again after the time to live', async () => {
    const names: Record<string, string> = { a: 'Ada' };
    const load = source(names);
    const namesOf = recentHostNames(load, { ttlMs: 40, maxEntries: 10 });
    expect(await namesOf(['a', 'late'])).toEqual(new Map([['a', 'Ada']]));
    names.late = 'Lee';
    expect(await namesOf(['a', 'late'])).toEqual(
      new Map([
        ['a', 'Ada'],
        ['late', 'Lee'],
      ]),
    );
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(['late']);
    names.a = 'Ada Lovelace';
    expect((await namesOf(['a'])).get('a')).toBe('Ada');
    await wait(60);
    expect((await namesOf(['a'])).get('a')).toBe('Ada Lovelace');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps at most maxEntries, forgetting the oldest first, and nothing when the read fails', async () => {
    const load = source({ a: 'Ada', b: 'Bea', c: 'Cy' });
    const namesOf = recentHostNames(load, { ttlMs: 1000, maxEntries: 2 });
    await namesOf(['a']);
    await namesOf(['b']);
    await namesOf(['c']); // a is forgotten
    await namesOf(['b', 'c']);
    expect(load).toHaveBeenCalledTimes(3);
    await namesOf(['a']);
    expect(load).toHaveBeenCalledTimes(4);
    expect(load).toHaveBeenLastCalledWith(['a']);

    const failing = recentHostNames(
      vi.fn(async () => Promise.reject(new Error('down'))),
      { ttlMs: 1000, maxEntries: 2 },
    );
    await expect(failing(['a'])).rejects.toThrow('down');
  });
});
