/**
 * The team-aware availability engine (shared/availability/engine.ts, issue 28) agrees with the personal engine run
 * per member: collective = the slots every member has; round-robin = the fixed hosts' slots that at least one pool
 * member also has. Random members' busy times and booking starts, against the per-member oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  availableDatesForMonth,
  teamAvailableDatesForMonth,
  teamTimeSlotsForDate,
  timeSlotsForDate,
  type AvailabilityInput,
  type TeamAvailabilityInput,
} from '#shared/availability/engine';

const MINUTE = 60_000;
const NOW = Date.parse('2026-03-02T12:00:00Z');
const event = {
  duration: 30,
  timeZone: 'America/New_York',
  availabilityRanges: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    active: dayOfWeek !== 0,
    startTime: '09:00',
    endTime: '17:00',
  })),
  bufferBefore: 5,
  bufferAfter: 10,
  minimumNoticeAmount: 2,
  minimumNoticeUnit: 'hours' as const,
  advanceBookingDays: 30,
  maxBookingsPerDay: 3,
};

const member = fc.record({
  busy: fc.array(
    fc.tuple(fc.integer({ min: 0, max: 12 * 24 * 4 }), fc.integer({ min: 1, max: 16 })).map(([quarter, length]) => ({
      start: NOW + quarter * 15 * MINUTE,
      end: NOW + (quarter + length) * 15 * MINUTE,
    })),
    { maxLength: 12 },
  ),
  bookingStarts: fc.array(
    fc.integer({ min: 0, max: 12 * 24 * 2 }).map((half) => NOW + half * 30 * MINUTE),
    { maxLength: 8 },
  ),
  role: fc.constantFrom('required' as const, 'pool' as const),
});

const personal = (m: { busy: { start: number; end: number }[]; bookingStarts: number[] }): AvailabilityInput => ({
  event,
  overrides: [{ date: '2026-03-05', available: false }],
  busy: m.busy,
  bookingStarts: m.bookingStarts,
  now: NOW,
});

describe('team availability engine', () => {
  it('offers a slot when every required member and (with a pool) one pool member has it', () => {
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: 5 }), fc.integer({ min: 2, max: 12 }), (members, day) => {
        const date = `2026-03-${String(day).padStart(2, '0')}`;
        const query = { date, guestTimeZone: 'Europe/Berlin' };
        const team: TeamAvailabilityInput = { ...personal({ busy: [], bookingStarts: [] }), members };
        const each = members.map((m) => new Set(timeSlotsForDate(personal(m), query).map((slot) => slot.start)));
        const all = timeSlotsForDate(personal({ busy: [], bookingStarts: [] }), query).map((slot) => slot.start);
        const hasPool = members.some((m) => m.role === 'pool');
        const expected = all.filter(
          (start) =>
            members.every((m, i) => m.role !== 'required' || each[i]!.has(start)) &&
            (!hasPool || members.some((m, i) => m.role === 'pool' && each[i]!.has(start))),
        );
        expect(teamTimeSlotsForDate(team, query).map((slot) => slot.start)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same month as the per-member engine for one member', () => {
    fc.assert(
      fc.property(member, (m) => {
        const query = { year: 2026, month: 3, guestTimeZone: 'Asia/Tokyo' };
        const team = { ...personal(m), members: [{ ...m, role: 'required' as const }] };
        expect(teamAvailableDatesForMonth(team, query)).toEqual(availableDatesForMonth(personal(m), query));
      }),
      { numRuns: 50 },
    );
  });
});
