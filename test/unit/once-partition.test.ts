import { describe, expect, it } from 'vitest';

import { oncePartition } from '#functions/adapters/idempotency/powertools-once';

/** Once-only records spread over partitions (issue 30 §2): a booking's under its own key, the others by a hash. */
describe('oncePartition', () => {
  const booking = '3f2b8c1e-9a4d-4e5f-8b6a-1c2d3e4f5a6b';

  it("puts a booking's mails and reminders under NOTICE#{booking id}", () => {
    expect(oncePartition(`${booking}:confirmation:1:guest`)).toBe(`NOTICE#${booking}`);
    expect(oncePartition(`${booking}:reminder:60:2030-01-01T09:00:00.000Z:host`)).toBe(`NOTICE#${booking}`);
    expect(oncePartition(`${booking.toUpperCase()}:cancellation:2:guest`)).toBe(`NOTICE#${booking}`);
  });

  it('spreads ids without a booking by a hash of the whole id, the same each time', () => {
    const ids = ['webhook:msg_abc', 'webhook:msg_abd', 'team-invitation:x', 'stripe-event:evt_1', booking, 'x:y'];
    const keys = ids.map(oncePartition);
    for (const key of keys) expect(key).toMatch(/^NOTICE#[\w-]{22}$/);
    expect(new Set(keys).size).toBe(ids.length);
    expect(oncePartition('webhook:msg_abc')).toBe(keys[0]);
    expect(keys).not.toContain('NOTICES');
  });
});
