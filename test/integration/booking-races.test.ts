import { describe, expect, it } from 'vitest';

import type { EventRecord } from '#functions/domain/records';
import {
  bookingApi,
  bookingFixtures,
  bookingRequest,
  unique,
  weeklyHours,
  type ApiAnswer,
} from '#test/support/booking-fixtures';
import { integrationConfig } from '#test/support/local-stack';

/**
 * Race tests of POST /api/bookings (issue 3 "Race tests"; docs/architecture.md "Never a double booking") against
 * DynamoDB Local, through the handlers, with real concurrency: requests are spread over several api instances
 * (each its own DynamoDB client, like several warm Lambdas) and fired together with Promise.all. Every race runs
 * in two rounds with fresh hosts, to shake out flakiness. Clock fixed at Monday 2026-03-02 12:00 UTC.
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
/** Five "Lambdas". */
const lambdas = Array.from({ length: 5 }, () => bookingApi(config));

const SLOT_TAKEN = 'This time slot is no longer available.';
const DAY_FULL = 'The host has no more bookings available on this day.';
const ROUNDS = [1, 2];

type Request = ReturnType<typeof bookingRequest>;

/** Fires every request at once, round-robin over the instances, with an optional header per request. */
function fireTogether(
  requests: Request[],
  headers: (index: number) => Record<string, string> = () => ({}),
): Promise<ApiAnswer[]> {
  return Promise.all(requests.map((request, index) => lambdas[index % lambdas.length]!.book(request, headers(index))));
}

function tally(results: ApiAnswer[]) {
  const created = results.filter((r) => r.status === 201);
  const refused = results.filter((r) => r.status !== 201);
  return { created, refused, refusals: refused.map((r) => `${r.status} ${String(r.body.message)}`) };
}

describe.each(ROUNDS)('booking races, round %i', () => {
  it('50 concurrent requests for one slot: exactly one 201, 49 × 409, one booking stored', async () => {
    const host = await fixtures.host();
    const event = await fixtures.eventType(host.id);
    const requests = Array.from({ length: 50 }, (_, i) =>
      bookingRequest(event, '2026-03-03T10:00:00-05:00', { email: `guest${i}-${unique()}@example.com` }),
    );

    const results = await fireTogether(requests);

    const { created, refusals } = tally(results);
    expect(created).toHaveLength(1);
    expect(refusals).toEqual(Array.from({ length: 49 }, () => `409 ${SLOT_TAKEN}`));
    const winner = requests[results.findIndex((r) => r.status === 201)]!;
    const { bookings, dayVersions } = await fixtures.ledger(host.id);
    expect(bookings.map((b) => [b.email, b.start])).toEqual([[winner.email, '2026-03-03T15:00:00.000Z']]);
    expect([...dayVersions]).toEqual([['2026-03-03', 1]]);
  });

  /**
   * A 30-minute type (5 before, 10 after) and a 60-minute type (15 before) of the same host, booked at times whose
   * blocked intervals overlap: through the meetings themselves, only through a buffer, and across midnight UTC
   * (where the two blocks touch different sets of UTC days and share just one).
   */
  const overlapping: { label: string; short: string; long: string }[] = [
    {
      label: 'meetings overlap (30 min at 10:30, 60 min at 10:00)',
      short: '2026-03-03T10:30:00-05:00',
      long: '2026-03-03T10:00:00-05:00',
    },
    {
      label: 'only a buffer overlaps (30 min at 11:00 blocks from 10:55; 60 min at 10:00 ends 11:00)',
      short: '2026-03-03T11:00:00-05:00',
      long: '2026-03-03T10:00:00-05:00',
    },
    {
      label: 'across midnight UTC (30 min at 19:00 EST = 00:00Z, 60 min at 18:00 EST)',
      short: '2026-03-03T19:00:00-05:00',
      long: '2026-03-03T18:00:00-05:00',
    },
  ];
  for (const { label, short, long } of overlapping) {
    it(`30- and 60-minute bookings whose blocked times overlap, 5 of each: exactly one succeeds; ${label}`, async () => {
      const host = await fixtures.host();
      const hours = weeklyHours('09:00', '21:00');
      const thirty = await fixtures.eventType(host.id, {
        duration: 30,
        bufferBefore: 5,
        bufferAfter: 10,
        availabilityRanges: hours,
      });
      const sixty = await fixtures.eventType(host.id, { duration: 60, bufferBefore: 15, availabilityRanges: hours });
      const requests = Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0 ? bookingRequest(thirty, short) : bookingRequest(sixty, long),
      );

      const results = await fireTogether(requests);

      const { created, refusals } = tally(results);
      expect(created).toHaveLength(1);
      expect(refusals).toEqual(Array.from({ length: 9 }, () => `409 ${SLOT_TAKEN}`));
      const winner = requests[results.findIndex((r) => r.status === 201)]!;
      const { bookings } = await fixtures.ledger(host.id);
      expect(bookings.map((b) => b.email)).toEqual([winner.email]);
    });
  }

  it('6 concurrent bookings of one host day that do not overlap (two event types): all succeed', async () => {
    const host = await fixtures.host();
    const thirty = await fixtures.eventType(host.id, { duration: 30, bufferBefore: 5, bufferAfter: 10 });
    const sixty = await fixtures.eventType(host.id, { duration: 60, bufferBefore: 15 });
    const plan: [EventRecord, string][] = [
      [thirty, '2026-03-03T09:00:00-05:00'],
      [thirty, '2026-03-03T10:00:00-05:00'],
      [thirty, '2026-03-03T11:00:00-05:00'],
      [thirty, '2026-03-03T13:00:00-05:00'],
      [sixty, '2026-03-03T14:00:00-05:00'],
      [sixty, '2026-03-03T16:00:00-05:00'],
    ];
    const requests = plan.map(([event, start]) => bookingRequest(event, start));

    const results = await fireTogether(requests);

    expect(results.map((r) => r.status)).toEqual(plan.map(() => 201));
    const { bookings, dayVersions } = await fixtures.ledger(host.id);
    expect(bookings.map((b) => b.email).sort()).toEqual(requests.map((r) => r.email).sort());
    // Every booking bumped the one UTC day they all touch: the writes were serialized, none was lost.
    expect([...dayVersions]).toEqual([['2026-03-03', 6]]);
  });

  it('a whole host day booked at once: 18 concurrent bookings of every 30-minute slot from 09:00 to 17:30 all succeed', async () => {
    const host = await fixtures.host();
    const event = await fixtures.eventType(host.id);
    const starts = Array.from({ length: 18 }, (_, i) => 9 * 60 + 30 * i).map(
      (minute) =>
        `2026-03-03T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00-05:00`,
    );
    const requests = starts.map((start) => bookingRequest(event, start));

    const results = await fireTogether(requests);

    expect(tally(results).refusals).toEqual([]);
    const { bookings, dayVersions } = await fixtures.ledger(host.id);
    expect(bookings).toHaveLength(18);
    expect([...dayVersions]).toEqual([['2026-03-03', 18]]);
    const left = await lambdas[0]!.timeSlots({
      date: '2026-03-03',
      eventId: String(event.id),
      timezone: 'America/New_York',
    });
    expect(left.body.timeSlots).toEqual([]);
  });

  it('maxBookingsPerDay = 2 and 8 concurrent requests for 8 different slots of that day: exactly 2 succeed', async () => {
    const host = await fixtures.host();
    // 15:00–23:00 New York is 20:00–04:00 UTC: the host day's slots lie on two UTC days, so the limit holds only
    // because a limited booking locks every UTC day of its host day, not just the day of its own time.
    const event = await fixtures.eventType(host.id, {
      maxBookingsPerDay: 2,
      availabilityRanges: weeklyHours('15:00', '23:00'),
    });
    const starts = ['15:00', '16:00', '17:00', '18:30', '19:00', '20:00', '21:00', '22:30'];
    const requests = starts.map((time) => bookingRequest(event, `2026-03-04T${time}:00-05:00`));

    const results = await fireTogether(requests);

    const { created, refusals } = tally(results);
    expect(created).toHaveLength(2);
    expect(refusals).toEqual(Array.from({ length: 6 }, () => `409 ${DAY_FULL}`));
    const winners = requests.filter((_, i) => results[i]!.status === 201).map((r) => r.email);
    expect((await fixtures.bookingsOf(host.id)).map((b) => b.email).sort()).toEqual(winners.sort());
    // The next day is untouched by the race and still takes bookings.
    expect((await lambdas[0]!.book(bookingRequest(event, '2026-03-05T15:00:00-05:00'))).status).toBe(201);
  });

  it('10 concurrent retries with one Idempotency-Key: all answer the same 201, one booking stored', async () => {
    const host = await fixtures.host();
    const event = await fixtures.eventType(host.id);
    const request = bookingRequest(event, '2026-03-03T12:00:00-05:00', { timezone: 'Europe/London' });
    const key = `race-${unique()}`;

    const results = await fireTogether(
      Array.from({ length: 10 }, () => request),
      () => ({ 'Idempotency-Key': key }),
    );

    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results[0]!.body).toMatchObject({
      calendarEventCreated: false,
      startTime: '2026-03-03T17:00:00+00:00',
      userTimezone: 'Europe/London',
    });
    expect((await fixtures.bookingsOf(host.id)).map((b) => b.email)).toEqual([request.email]);
  });
});
