import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UTM_VALUE_MAX } from '#shared/embed';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { bookingRequest, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness } from '#test/support/lifecycle';

/**
 * Issue 29: a booking's `source`, the `utm_*` parameters of the booking page's address (the embed script passes the
 * host page's on). POST /api/bookings takes it as an optional object, stores it on the booking and the host reads it
 * in GET /api/bookings and GET /api/bookings/{id}; a malformed one is refused with a clear message and nothing
 * written; the spec's body without it books as before, with no source. The clock is Monday 2 March 2026, 12:00 UTC.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let host: HostRecord;
let event: EventRecord;

beforeAll(async () => {
  h = await lifecycleHarness();
  host = await h.fixtures.host({ name: 'Sky Source' });
  event = await h.fixtures.eventType(host.id, { title: 'Discovery Call' });
}, 60_000);
afterAll(() => h?.close());

const MARCH = { start: '2026-03-01', end: '2026-03-31', timezone: 'UTC' };

async function listed(id: string) {
  const answer = await h.list(host.id, MARCH);
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { id: string; source: unknown }[]).find((row) => row.id === id);
}

describe('POST /api/bookings with a source', () => {
  it('stores the utm_* parameters and answers them to the host, in the list and the booking', async () => {
    const answer = await h.api.book(
      bookingRequest(event, '2026-03-03T15:00:00Z', {
        source: { utm_source: 'newsletter', utm_campaign: ' spring\u200b ', utm_medium: 'email' },
      }),
    );
    expect(answer.status, answer.text).toBe(201);
    const id = String(answer.body.bookingId);
    // Stored as given, trimmed and without invisible characters.
    const expected = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' };
    const stored = (await h.fixtures.bookingsOf(host.id)).find((booking) => booking.id === id);
    expect(stored?.source).toEqual(expected);
    expect((await listed(id))?.source).toEqual(expected);
    const detail = await h.hostBooking(host.id, id);
    expect(detail.status).toBe(200);
    expect(detail.body.source).toEqual(expected);
  });

  it('leaves empty values out, and an all-empty source is none', async () => {
    const answer = await h.api.book(
      bookingRequest(event, '2026-03-03T16:00:00Z', { source: { utm_source: '  ', utm_term: '' } }),
    );
    expect(answer.status, answer.text).toBe(201);
    const id = String(answer.body.bookingId);
    const stored = (await h.fixtures.bookingsOf(host.id)).find((booking) => booking.id === id);
    expect(stored).toBeDefined();
    expect(stored).not.toHaveProperty('source');
    expect((await listed(id))?.source).toBeNull();
  });

  it("the spec's body without a source books as before: no source stored, null to the host", async () => {
    const request = bookingRequest(event, '2026-03-04T15:00:00Z');
    expect(request).not.toHaveProperty('source');
    const answer = await h.api.book(request);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).not.toHaveProperty('source');
    const id = String(answer.body.bookingId);
    const stored = (await h.fixtures.bookingsOf(host.id)).find((booking) => booking.id === id);
    expect(stored).toBeDefined();
    expect(stored).not.toHaveProperty('source');
    expect((await listed(id))?.source).toBeNull();
    expect((await h.hostBooking(host.id, id)).body.source).toBeNull();
  });

  it('a reschedule without a source keeps the one of the booking it replaces; with one, takes its own', async () => {
    const first = await h.api.book(
      bookingRequest(event, '2026-03-05T15:00:00Z', { source: { utm_source: 'partner-site' } }),
    );
    expect(first.status, first.text).toBe(201);
    const moved = await h.api.book(
      bookingRequest(event, '2026-03-05T17:00:00Z', {
        reschedule: {
          bookingId: first.body.bookingId,
          startTime: '2026-03-05T15:00:00Z',
          token: first.body.rescheduleToken,
        },
      }),
    );
    expect(moved.status, moved.text).toBe(201);
    expect((await h.hostBooking(host.id, String(moved.body.bookingId))).body.source).toEqual({
      utm_source: 'partner-site',
    });
    const again = await h.api.book(
      bookingRequest(event, '2026-03-05T19:00:00Z', {
        reschedule: {
          bookingId: moved.body.bookingId,
          startTime: '2026-03-05T17:00:00Z',
          token: moved.body.rescheduleToken,
        },
        source: { utm_source: 'reminder-mail' },
      }),
    );
    expect(again.status, again.text).toBe(201);
    expect((await h.hostBooking(host.id, String(again.body.bookingId))).body.source).toEqual({
      utm_source: 'reminder-mail',
    });
  });
});

describe('POST /api/bookings with a malformed source', () => {
  const refusals: [string, unknown, string][] = [
    [
      'an unknown key',
      { utm_source: 'newsletter', ref: 'x' },
      'source accepts only utm_source, utm_medium, utm_campaign, utm_term and utm_content, not ref.',
    ],
    [
      'a value too long',
      { utm_campaign: 'x'.repeat(UTM_VALUE_MAX + 1) },
      `source.utm_campaign must be at most ${UTM_VALUE_MAX} characters.`,
    ],
    ['a value that is not text', { utm_medium: 42 }, 'source.utm_medium must be text.'],
    [
      'not an object',
      'utm_source=newsletter',
      'source must be an object of utm_source, utm_medium, utm_campaign, utm_term and utm_content texts.',
    ],
    [
      'a list',
      ['newsletter'],
      'source must be an object of utm_source, utm_medium, utm_campaign, utm_term and utm_content texts.',
    ],
  ];

  it.each(refusals)('refuses %s with 400 and its message, and writes nothing', async (_label, source, message) => {
    const email = `refused-${unique()}@example.com`;
    const answer = await h.api.book(bookingRequest(event, '2026-03-06T15:00:00Z', { email, source }));
    expect(answer).toMatchObject({ status: 400, body: { message, code: 'VALIDATION_FAILED' } });
    const written = (await h.fixtures.bookingsOf(host.id)).filter((booking) => booking.email === email);
    expect(written).toEqual([]);
  });

  it('takes a value of exactly the longest length', async () => {
    const longest = 'y'.repeat(UTM_VALUE_MAX);
    const answer = await h.api.book(
      bookingRequest(event, '2026-03-06T16:00:00Z', { source: { utm_content: longest } }),
    );
    expect(answer.status, answer.text).toBe(201);
    expect((await h.hostBooking(host.id, String(answer.body.bookingId))).body.source).toEqual({
      utm_content: longest,
    });
  });
});
