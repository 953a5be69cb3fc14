import { describe, expect, it } from 'vitest';

import type { BookingRecord } from '#functions/domain/records';
import { WriteConflict } from '#functions/errors';
import { bookingFixtures, unique } from '#test/support/booking-fixtures';
import { integrationConfig } from '#test/support/local-stack';

/**
 * The ledger's transaction, alone. A Query on DynamoDB is read-committed, not a snapshot: a booking may commit
 * between the read of one day and the read of the next. Checking the versions of every day read (not only the
 * days bumped) is what makes that harmless; this reproduces the interleaving deterministically.
 */

const config = integrationConfig();
const { deps } = bookingFixtures(config);

function booking(hostId: string, start: string, end: string, blockedStart: string, blockedEnd: string): BookingRecord {
  return {
    id: `b-${unique()}`,
    hostId,
    eventId: 1,
    eventTitle: 'Test',
    eventSlug: 'test',
    name: 'Guest',
    email: 'guest@example.com',
    additionalInfo: null,
    guests: [],
    start,
    end,
    blockedStart,
    blockedEnd,
    status: 'confirmed',
    guestTimeZone: 'UTC',
    calendarProvider: 'builtin',
    calendarEventId: null,
    createdAt: '2026-03-01T00:00:00.000Z',
  };
}

describe('booking ledger commit', () => {
  it('refuses a booking whose check read a day before another booking committed to it, even if that day is not bumped', async () => {
    const hostId = `host-${unique()}`;
    // Our read: day 9 still empty (version 0)…
    const before = await deps.bookings.read(hostId, '2026-03-09', '2026-03-10');
    expect(before.dayVersions.size).toBe(0);
    // …then another booking commits: it starts on the 9th at 23:30 and runs into the 10th, bumping both days.
    const other = booking(
      hostId,
      '2026-03-09T23:30:00.000Z',
      '2026-03-10T00:30:00.000Z',
      '2026-03-09T23:30:00.000Z',
      '2026-03-10T00:30:00.000Z',
    );
    await deps.bookings.commit({
      booking: other,
      lockDays: [
        { day: '2026-03-09', expectedVersion: 0 },
        { day: '2026-03-10', expectedVersion: 0 },
      ],
      checkDays: [],
    });
    // …and our read of day 10 happens after it: version 1, as if consistent. Our booking (00:00–00:30 on the 10th)
    // overlaps the other, but the other's item (stored under the 9th) was not in what we read.
    const mine = booking(
      hostId,
      '2026-03-10T00:00:00.000Z',
      '2026-03-10T00:30:00.000Z',
      '2026-03-10T00:00:00.000Z',
      '2026-03-10T00:30:00.000Z',
    );
    await expect(
      deps.bookings.commit({
        booking: mine,
        lockDays: [{ day: '2026-03-10', expectedVersion: 1 }],
        checkDays: [{ day: '2026-03-09', expectedVersion: 0 }],
      }),
    ).rejects.toBeInstanceOf(WriteConflict);
    const after = await deps.bookings.read(hostId, '2026-03-09', '2026-03-10');
    expect(after.bookings.map((b) => b.id)).toEqual([other.id]);
    expect(Object.fromEntries(after.dayVersions)).toEqual({ '2026-03-09': 1, '2026-03-10': 1 });
  });

  it('commits when every day read is still at the version read, and leaves checked days unchanged', async () => {
    const hostId = `host-${unique()}`;
    const mine = booking(
      hostId,
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T09:30:00.000Z',
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T09:30:00.000Z',
    );
    await deps.bookings.commit({
      booking: mine,
      lockDays: [{ day: '2026-03-10', expectedVersion: 0 }],
      checkDays: [{ day: '2026-03-09', expectedVersion: 0 }],
    });
    const after = await deps.bookings.read(hostId, '2026-03-09', '2026-03-10');
    expect(after.bookings.map((b) => b.id)).toEqual([mine.id]);
    expect(Object.fromEntries(after.dayVersions)).toEqual({ '2026-03-10': 1 });
  });
});
