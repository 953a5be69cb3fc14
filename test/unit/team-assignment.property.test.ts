/**
 * The round-robin assignment rule (functions/src/domain/team-assignment.ts): fairness over random sequences of
 * bookings and weights, and the reasons and tie-breaks on examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { assignPoolMember, rankPoolMembers, type PoolCount } from '#functions/domain/team-assignment';

const pool = (weights: number[]) => weights.map((weight, index) => ({ userId: `m${index}`, weight }));

describe('round-robin assignment', () => {
  // 300 random sequences of up to 250 bookings: CPU work, which a busy 2-core machine takes its time over.
  it('keeps each member within one booking of their weighted ideal whenever all are free', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constantFrom(1, 5, 100, 1000)), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.integer({ min: 1, max: 250 }),
        (weights, bookings) => {
          const hosts = pool(weights);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          const free = new Set(hosts.map((host) => host.userId));
          const counts = new Map<string, PoolCount>();
          for (let n = 1; n <= bookings; n++) {
            const chosen = assignPoolMember(hosts, free, counts)!;
            const before = counts.get(chosen.userId)?.count ?? 0;
            const at = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
            counts.set(chosen.userId, { count: before + 1, lastBookedAt: at });
            for (const [index, host] of hosts.entries()) {
              const ideal = (n * weights[index]!) / total;
              const count = counts.get(host.userId)?.count ?? 0;
              expect(Math.abs(count - ideal)).toBeLessThanOrEqual(1);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('gives equal weights turns in order, whatever the sequence of free members', () => {
    fc.assert(
      fc.property(fc.array(fc.subarray(['m0', 'm1', 'm2'], { minLength: 1 }), { maxLength: 60 }), (frees) => {
        const hosts = pool([100, 100, 100]);
        const counts = new Map<string, PoolCount>();
        for (const [n, free] of frees.entries()) {
          const chosen = assignPoolMember(hosts, new Set(free), counts)!;
          expect(free).toContain(chosen.userId);
          // The one chosen never has more bookings than another free member.
          const mine = counts.get(chosen.userId)?.count ?? 0;
          for (const other of free) expect(mine).toBeLessThanOrEqual(counts.get(other)?.count ?? 0);
          counts.set(chosen.userId, { count: mine + 1, lastBookedAt: new Date(n * 1000).toISOString() });
        }
      }),
    );
  });

  it('says "only member free" when one member can take the time', () => {
    const counts = new Map([['m1', { count: 9, lastBookedAt: '2026-01-05T10:00:00.000Z' }]]);
    expect(assignPoolMember(pool([100, 100]), new Set(['m1']), counts)).toEqual({
      userId: 'm1',
      reason: 'only member free',
    });
    expect(assignPoolMember(pool([100, 100]), new Set(), counts)).toBeNull();
  });

  it('says "fewest bookings this month" when the count for the weight decides', () => {
    const counts = new Map<string, PoolCount>([
      ['m0', { count: 3, lastBookedAt: '2026-01-01T10:00:00.000Z' }],
      ['m1', { count: 1, lastBookedAt: '2026-01-09T10:00:00.000Z' }],
    ]);
    expect(assignPoolMember(pool([100, 100]), new Set(['m0', 'm1']), counts)).toEqual({
      userId: 'm1',
      reason: 'fewest bookings this month',
    });
    // Weight 300 against 100: three bookings each for one of the other's.
    const weighted = new Map<string, PoolCount>([
      ['m0', { count: 2, lastBookedAt: '2026-01-09T10:00:00.000Z' }],
      ['m1', { count: 1, lastBookedAt: '2026-01-01T10:00:00.000Z' }],
    ]);
    expect(assignPoolMember(pool([300, 100]), new Set(['m0', 'm1']), weighted)).toEqual({
      userId: 'm0',
      reason: 'fewest bookings this month',
    });
  });

  it('breaks a tie by who was booked least recently (never booked first), then by user id', () => {
    const counts = new Map<string, PoolCount>([
      ['m0', { count: 2, lastBookedAt: '2026-01-09T10:00:00.000Z' }],
      ['m1', { count: 2, lastBookedAt: '2026-01-03T10:00:00.000Z' }],
      ['m2', { count: 2, lastBookedAt: '2026-01-05T10:00:00.000Z' }],
    ]);
    const ranked = rankPoolMembers(pool([100, 100, 100]), new Set(['m0', 'm1', 'm2']), counts);
    expect(ranked.map((entry) => entry.userId)).toEqual(['m1', 'm2', 'm0']);
    expect(ranked[0]!.reason).toBe('booked least recently');
    // Never booked: the oldest; two never booked: the stable order.
    const fresh = rankPoolMembers(pool([100, 100, 100]), new Set(['m2', 'm1']), new Map());
    expect(fresh.map((entry) => entry.userId)).toEqual(['m1', 'm2']);
    expect(fresh[0]!.reason).toBe('booked least recently');
    expect(fresh[1]!.reason).toBe('only member free');
  });

  it("keeps a reschedule's member when they are in the pool and free, else applies the rule", () => {
    const counts = new Map<string, PoolCount>([['m0', { count: 5, lastBookedAt: '2026-01-09T10:00:00.000Z' }]]);
    expect(assignPoolMember(pool([100, 100]), new Set(['m0', 'm1']), counts, 'm0')).toEqual({
      userId: 'm0',
      reason: 'kept on reschedule',
    });
    // Not free at the new time, or no longer in the pool: the rule picks.
    expect(assignPoolMember(pool([100, 100]), new Set(['m1']), counts, 'm0')).toEqual({
      userId: 'm1',
      reason: 'only member free',
    });
    expect(assignPoolMember(pool([100, 100]), new Set(['m0', 'm1']), counts, 'gone')).toEqual({
      userId: 'm1',
      reason: 'fewest bookings this month',
    });
  });

  it('reads a missing or non-positive weight as the default 100', () => {
    const ranked = rankPoolMembers(
      [
        { userId: 'a', weight: 0 },
        { userId: 'b', weight: 100 },
      ],
      new Set(['a', 'b']),
      new Map([['b', { count: 1, lastBookedAt: '2026-01-01T00:00:00.000Z' }]]),
    );
    expect(ranked[0]).toEqual({ userId: 'a', reason: 'fewest bookings this month' });
  });
});
