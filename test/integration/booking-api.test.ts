import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import { LINK_REPLACED } from '#functions/domain/booking-links';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { bookingApi, bookingFixtures, bookingRequest, countingApi, NOW, unique } from '#test/support/booking-fixtures';
import { integrationConfig } from '#test/support/local-stack';

/**
 * POST /api/bookings (createBooking in docs/api.md; issue 3 "The API" and
 * "Bad input") through the route table against DynamoDB Local, with the clock fixed at Monday 2026-03-02 12:00 UTC
 * (07:00 in New York, EST). Every refusal is checked for its exact status and message and for having written
 * nothing: no booking, no day version, no idempotency answer.
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
const api = bookingApi(config);

const SLOT_TAKEN = 'This time slot is no longer available.';
const NO_CALENDAR = 'Could not confirm booking because the host does not have a calendar connected.';
const KEY_MESSAGE = 'Idempotency-Key must be 1 to 128 letters, digits, ".", "_", ":" or "-".';

/** The whole ledger of a host is empty: no booking and no day version was ever written. */
async function expectLedgerEmpty(hostId: string) {
  const { bookings, dayVersions } = await fixtures.ledger(hostId);
  expect(bookings).toEqual([]);
  expect([...dayVersions]).toEqual([]);
}

describe('POST /api/bookings: success', () => {
  let host: HostRecord;
  let event: EventRecord;

  beforeAll(async () => {
    host = await fixtures.host({ name: 'Jordan Avery', photoUrl: 'https://img.example.com/jordan.png' });
    event = await fixtures.eventType(host.id, { title: 'Intro Call', duration: 30, bufferBefore: 10, bufferAfter: 15 });
  });

  it("books a slot: 201 with every confirmation field, date and start in the guest's zone", async () => {
    // 10:00 in New York on Tuesday 3 March is 00:00 on Wednesday 4 March in Tokyo.
    const request = bookingRequest(event, '2026-03-04T00:00:00+09:00', {
      name: '  Ada Lovelace ',
      email: ' ada@example.com ',
      additionalInfo: '  Looking forward to it.  ',
      guests: [' bob@example.com', 'carol@example.org'],
      timezone: 'Asia/Tokyo',
    });
    expect(request.endTime).toBe('2026-03-04T00:30:00+09:00');
    const result = await api.book(request);
    expect(result.status).toBe(201);
    // A video call (issue 30): the booking's own room, unguessable.
    const room = (result.body.place as { url: string }).url;
    expect(room).toMatch(/^https:\/\/meet\.jit\.si\/Meetwise-[0-9a-f]{32}$/);
    expect(result.body).toEqual({
      place: { type: 'video', label: 'Video call', text: `Video call: ${room}`, url: room, phone: null, online: true },
      calendarEventCreated: false,
      date: '2026-03-04',
      startTime: '2026-03-04T00:00:00+09:00',
      eventTitle: 'Intro Call',
      eventSlug: event.slug,
      hostName: 'Jordan Avery',
      hostPhotoUrl: 'https://img.example.com/jordan.png',
      hosts: [{ name: 'Jordan Avery' }],
      duration: 30,
      timezone: 'America/New_York',
      userTimezone: 'Asia/Tokyo',
      bookingId: expect.any(String),
      rescheduleToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      status: 'confirmed',
    });

    const { bookings, dayVersions } = await fixtures.ledger(host.id);
    expect(bookings).toHaveLength(1);
    const stored = bookings[0]!;
    expect(stored).toEqual({
      id: expect.any(String),
      hostId: host.id,
      eventId: event.id,
      eventTitle: 'Intro Call',
      eventSlug: event.slug,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      additionalInfo: 'Looking forward to it.',
      guests: ['bob@example.com', 'carol@example.org'],
      start: '2026-03-03T15:00:00.000Z',
      end: '2026-03-03T15:30:00.000Z',
      // Widened by the event's buffers: 10 minutes before, 15 after.
      blockedStart: '2026-03-03T14:50:00.000Z',
      blockedEnd: '2026-03-03T15:45:00.000Z',
      status: 'confirmed',
      guestTimeZone: 'Asia/Tokyo',
      calendarProvider: 'builtin',
      calendarEventId: `builtin-${stored.id}`,
      calendarAccount: null,
      // The guest's reschedule token is kept only as its hash.
      manageTokenHash: createHash('sha256').update(String(result.body.rescheduleToken)).digest('base64url'),
      // The first version of its calendar invitation, whose UID it keeps for its life.
      version: 1,
      icsUid: `${stored.id}@meetwise`,
      // Its event type's meeting type (issue 17; the default).
      meetingType: 'consultation',
      // Its video call's room (issue 30), as answered.
      meetingUrl: room,
      createdAt: NOW.toISOString(),
    });
    expect(stored.id).toBe(result.body.bookingId);
    expect([...dayVersions]).toEqual([['2026-03-03', 1]]);
  });

  it('reschedules: the new time is booked and the old one cancelled in one write; the token works once', async () => {
    // A host of its own: the other tests here count their host's bookings.
    const own = await fixtures.host();
    const event = await fixtures.eventType(own.id, {
      title: 'Intro Call',
      duration: 30,
      bufferBefore: 10,
      bufferAfter: 15,
    });
    const host = own;
    const first = await api.book(bookingRequest(event, '2026-03-05T14:00:00-05:00'));
    expect(first.status).toBe(201);
    const reference = {
      bookingId: first.body.bookingId,
      startTime: first.body.startTime,
      token: first.body.rescheduleToken,
    };
    const moved = await api.book(bookingRequest(event, '2026-03-05T14:30:00-05:00', { reschedule: reference }));
    expect(moved.status).toBe(201);
    const onThatDay = (await fixtures.bookingsOf(host.id)).filter((booking) => booking.start.startsWith('2026-03-05'));
    expect(onThatDay.map((booking) => [booking.start, booking.status])).toEqual([
      ['2026-03-05T19:00:00.000Z', 'cancelled'],
      ['2026-03-05T19:30:00.000Z', 'confirmed'],
    ]);
    expect(onThatDay[0]!.rescheduledTo).toBe(moved.body.bookingId);

    const again = await api.book(bookingRequest(event, '2026-03-05T16:00:00-05:00', { reschedule: reference }));
    // Issue 31: the replaced booking's token has no power left.
    expect(again).toMatchObject({ status: 410, body: { message: LINK_REPLACED } });
    for (const wrong of [
      { ...reference, token: 'x'.repeat(43) },
      { ...reference, startTime: '2026-03-05T15:00:00-05:00' },
      { ...reference, bookingId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const refused = await api.book(bookingRequest(event, '2026-03-05T16:00:00-05:00', { reschedule: wrong }));
      expect(refused).toMatchObject({
        status: 404,
        body: { message: 'This booking cannot be rescheduled: it was not found.' },
      });
    }
    const malformed = await api.book(
      bookingRequest(event, '2026-03-05T16:00:00-05:00', { reschedule: { ...reference, token: 'short' } }),
    );
    expect(malformed).toMatchObject({ status: 400, body: { message: 'reschedule.token is not a reschedule token.' } });
    expect(
      (await fixtures.bookingsOf(host.id)).filter((booking) => booking.start.startsWith('2026-03-05')),
    ).toHaveLength(2);
  });

  it('removes the booked slot, and those its buffers reach, from the time slots', async () => {
    // Blocked 09:50–10:45 New York. A 30-minute slot needs [start − 10, end + 15): 09:30, 10:00 and 10:30 collide.
    const local = await api.timeSlots({ date: '2026-03-03', eventId: String(event.id), timezone: 'America/New_York' });
    const starts = (local.body.timeSlots as { start: string }[]).map((slot) => slot.start.slice(11, 16));
    expect(starts.slice(0, 3)).toEqual(['09:00', '11:00', '11:30']);
    expect(starts).toHaveLength(18 - 3);

    const tokyo = await api.timeSlots({ date: '2026-03-04', eventId: String(event.id), timezone: 'Asia/Tokyo' });
    const tokyoStarts = (tokyo.body.timeSlots as { start: string }[]).map((slot) => slot.start);
    expect(tokyoStarts).not.toContain('2026-03-04T00:00:00+09:00');
    expect(tokyoStarts[0]).toBe('2026-03-04T01:00:00+09:00');
  });

  it('answers 409 to a second booking of the same slot and keeps the first', async () => {
    const result = await api.book(bookingRequest(event, '2026-03-03T10:00:00-05:00'));
    expect(result).toMatchObject({ status: 409, body: { message: SLOT_TAKEN, code: 'CONFLICT' } });
    expect((await fixtures.bookingsOf(host.id)).map((b) => b.name)).toEqual(['Ada Lovelace']);
  });

  it("answers 409 to a slot whose own buffer reaches into another booking's blocked time", async () => {
    // 10:30–11:00 with 10 minutes before starts its block at 10:20, inside the booking's 09:50–10:45.
    const result = await api.book(bookingRequest(event, '2026-03-03T10:30:00-05:00'));
    expect(result).toMatchObject({ status: 409, body: { message: SLOT_TAKEN } });
    expect(await fixtures.bookingsOf(host.id)).toHaveLength(1);
  });

  it('stores a booking of an event that requires confirmation as pending (it still keeps the time)', async () => {
    const own = await fixtures.host();
    const pendingEvent = await fixtures.eventType(own.id, { requiresConfirmation: true });
    expect((await api.book(bookingRequest(pendingEvent, '2026-03-03T09:00:00-05:00'))).status).toBe(201);
    expect((await fixtures.bookingsOf(own.id)).map((b) => b.status)).toEqual(['pending']);
    expect((await api.book(bookingRequest(pendingEvent, '2026-03-03T09:00:00-05:00'))).body.message).toBe(SLOT_TAKEN);
  });

  it('answers 409 once the daily limit of the host day is reached', async () => {
    const own = await fixtures.host();
    const limited = await fixtures.eventType(own.id, { maxBookingsPerDay: 1 });
    expect((await api.book(bookingRequest(limited, '2026-03-03T09:00:00-05:00'))).status).toBe(201);
    const second = await api.book(bookingRequest(limited, '2026-03-03T15:00:00-05:00'));
    expect(second).toMatchObject({
      status: 409,
      body: { message: 'The host has no more bookings available on this day.', code: 'CONFLICT' },
    });
    expect(await fixtures.bookingsOf(own.id)).toHaveLength(1);
    // The next day is free again.
    expect((await api.book(bookingRequest(limited, '2026-03-04T15:00:00-05:00'))).status).toBe(201);
  });

  it('stays within the request budget: the two abuse-limit counts, exactly one transaction and at most 5 reads (with an Idempotency-Key)', async () => {
    const own = await fixtures.host();
    const own30 = await fixtures.eventType(own.id);
    const { count } = countingApi(config);
    const { result, commands } = await count((a) =>
      a.book(bookingRequest(own30, '2026-03-03T09:00:00-05:00'), { 'Idempotency-Key': `budget-${unique()}` }),
    );
    expect(result.status).toBe(201);
    const writes = commands.filter((name) => /Transact|Put|Update|Delete|BatchWrite/.test(name));
    const reads = commands.filter((name) => !writes.includes(name));
    // The guest address's two counts (per address, per address and host) come before any work, then the one write.
    expect(writes).toEqual(['UpdateItemCommand', 'UpdateItemCommand', 'TransactWriteItemsCommand']);
    // The stored answer, the event, the host, the admin's settings (auto-confirm decides pending), the host's days.
    expect(reads.length).toBeLessThanOrEqual(5);
    expect(reads.every((name) => /^(Get|Query|BatchGet)/.test(name))).toBe(true);
  });
});

describe('POST /api/bookings: Idempotency-Key', () => {
  let host: HostRecord;
  let event: EventRecord;

  beforeAll(async () => {
    host = await fixtures.host();
    event = await fixtures.eventType(host.id);
  });

  it('replays the identical 201 answer for the same key and body, and writes no second booking', async () => {
    const key = `retry-${unique()}`;
    const request = bookingRequest(event, '2026-03-03T09:00:00-05:00', { timezone: 'Europe/Berlin' });
    const first = await api.book(request, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await api.book(request, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(await fixtures.bookingsOf(host.id)).toHaveLength(1);
    expect(await fixtures.idempotencyRecord(key)).toMatchObject({ statusCode: 201, response: first.body });
  });

  it('answers 422 for the same key with another body, and writes nothing more', async () => {
    const key = `retry-${unique()}`;
    const request = bookingRequest(event, '2026-03-03T10:00:00-05:00');
    expect((await api.book(request, { 'Idempotency-Key': key })).status).toBe(201);
    const before = await fixtures.ledger(host.id);

    for (const other of [{ ...request, name: 'Grace Hopper' }, bookingRequest(event, '2026-03-03T11:00:00-05:00')]) {
      const result = await api.book(other, { 'Idempotency-Key': key });
      expect(result).toMatchObject({
        status: 422,
        body: {
          message: 'This Idempotency-Key was already used for a different booking request.',
          code: 'UNPROCESSABLE',
        },
      });
    }
    expect(await fixtures.ledger(host.id)).toEqual(before);
  });

  const malformed: [string, string][] = [
    ['200 characters long', 'k'.repeat(200)],
    ['containing spaces', 'my booking key'],
    ['containing a slash', 'a/b'],
  ];
  for (const [label, key] of malformed) {
    it(`answers 400 for a key ${label}, and writes nothing`, async () => {
      const own = await fixtures.host();
      const ownEvent = await fixtures.eventType(own.id);
      const result = await api.book(bookingRequest(ownEvent, '2026-03-03T09:00:00-05:00'), { 'Idempotency-Key': key });
      expect(result).toMatchObject({ status: 400, body: { message: KEY_MESSAGE, code: 'VALIDATION_FAILED' } });
      await expectLedgerEmpty(own.id);
      expect(await fixtures.idempotencyRecord(key)).toBeNull();
    });
  }
});

describe('POST /api/bookings: bad input (status, message, nothing written)', () => {
  let host: HostRecord;
  let event: EventRecord;
  let withNotice: EventRecord;
  let inactive: EventRecord;

  beforeAll(async () => {
    host = await fixtures.host();
    // 30 minutes, 09:00–18:00 Mon–Fri New York, bookable 60 days ahead; 5 March blocked.
    event = await fixtures.eventType(host.id);
    await fixtures.override(event.id, '2026-03-05', false);
    withNotice = await fixtures.eventType(host.id, { minimumNoticeAmount: 4, minimumNoticeUnit: 'hours' });
    inactive = await fixtures.eventType(host.id, { active: false });
  });

  type Case = {
    label: string;
    request: () => Record<string, unknown>;
    status: number;
    message: string;
    code: string;
    extra?: Record<string, unknown>;
  };
  const at =
    (startTime: string, fields: Record<string, unknown> = {}) =>
    () =>
      bookingRequest(event, startTime, fields);
  const valid = at('2026-03-03T09:00:00-05:00');
  const cases: Case[] = [
    {
      label: 'a start in the past',
      request: at('2026-02-27T09:00:00-05:00'),
      status: 422,
      message: 'This time has already passed. Please choose another time.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'a start inside the minimum notice (4 hours; 09:00 is 2 hours away)',
      request: () => bookingRequest(withNotice, '2026-03-02T09:00:00-05:00'),
      status: 422,
      message: 'This time is too soon: the host needs at least 4 hours notice.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'a start beyond the advance window (60 days: the last day is 1 May)',
      request: at('2026-05-04T09:00:00-04:00'),
      status: 422,
      message: 'This time is too far ahead: bookings open 60 days in advance.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'a start before working hours',
      request: at('2026-03-03T08:00:00-05:00'),
      status: 409,
      message: "This time is outside the host's working hours.",
      code: 'CONFLICT',
    },
    {
      label: 'a meeting that ends after working hours',
      request: at('2026-03-03T17:45:00-05:00'),
      status: 409,
      message: "This time is outside the host's working hours.",
      code: 'CONFLICT',
    },
    {
      label: 'a Saturday (a day without hours)',
      request: at('2026-03-07T10:00:00-05:00'),
      status: 409,
      message: "This time is outside the host's working hours.",
      code: 'CONFLICT',
    },
    {
      label: 'a blocked date',
      request: at('2026-03-05T10:00:00-05:00'),
      status: 409,
      message: 'The host is not available on this date.',
      code: 'CONFLICT',
    },
    {
      label: 'a start off the slot grid (09:10)',
      request: at('2026-03-03T09:10:00-05:00'),
      status: 422,
      message: 'This time is not one of the offered time slots. Please choose a listed time.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'an end that is not start + duration',
      request: at('2026-03-03T09:00:00-05:00', { endTime: '2026-03-03T09:45:00-05:00' }),
      status: 422,
      message: "endTime must be startTime plus the event's 30 minutes.",
      code: 'UNPROCESSABLE',
    },
    {
      label: 'an end before the start',
      request: at('2026-03-03T09:30:00-05:00', { endTime: '2026-03-03T09:00:00-05:00' }),
      status: 422,
      message: 'endTime must be after startTime.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'an end equal to the start',
      request: at('2026-03-03T09:30:00-05:00', { endTime: '2026-03-03T09:30:00-05:00' }),
      status: 422,
      message: 'endTime must be after startTime.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'a startTime without an offset',
      request: at('2026-03-03T09:00:00-05:00', { startTime: '2026-03-09T09:00:00', endTime: '2026-03-09T09:30:00' }),
      status: 422,
      message: 'startTime must be an ISO 8601 date and time with a UTC offset, such as 2026-03-09T09:00:00-04:00.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'an endTime without an offset',
      request: at('2026-03-03T09:00:00-05:00', { endTime: '2026-03-03T09:30:00' }),
      status: 422,
      message: 'endTime must be an ISO 8601 date and time with a UTC offset, such as 2026-03-09T09:00:00-04:00.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'a startTime that is not a real date (30 February)',
      request: at('2026-03-03T09:00:00-05:00', { startTime: '2026-02-30T09:00:00-05:00' }),
      status: 422,
      message: 'startTime must be an ISO 8601 date and time with a UTC offset, such as 2026-03-09T09:00:00-04:00.',
      code: 'UNPROCESSABLE',
    },
    {
      label: 'the guest zone PST',
      request: at('2026-03-03T09:00:00-05:00', { timezone: 'PST' }),
      status: 400,
      message: 'Unknown time zone: PST',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'the guest zone Mars/Olympus',
      request: at('2026-03-03T09:00:00-05:00', { timezone: 'Mars/Olympus' }),
      status: 400,
      message: 'Unknown time zone: Mars/Olympus',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'an unknown event',
      request: () => bookingRequest({ id: 987654321, duration: 30 }, '2026-03-03T09:00:00-05:00'),
      status: 404,
      message: 'Event not found.',
      code: 'NOT_FOUND',
    },
    {
      label: 'a deactivated event',
      request: () => bookingRequest(inactive, '2026-03-03T09:00:00-05:00'),
      status: 403,
      message: 'This event has been deactivated',
      code: 'FORBIDDEN',
      extra: { isInactive: true },
    },
    {
      label: 'an empty name',
      request: at('2026-03-03T09:00:00-05:00', { name: '' }),
      status: 400,
      message: 'Name is required',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'a name of spaces only',
      request: at('2026-03-03T09:00:00-05:00', { name: '   ' }),
      status: 400,
      message: 'Name is required',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'a missing name',
      request: () => {
        const { name: _name, ...rest } = valid();
        return rest;
      },
      status: 400,
      message: 'Name is required',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'an invalid e-mail',
      request: at('2026-03-03T09:00:00-05:00', { email: 'ada@example' }),
      status: 400,
      message: 'Invalid email address',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'an e-mail with a line break',
      request: at('2026-03-03T09:00:00-05:00', { email: 'ada@example.com\r\nBcc: x@example.com' }),
      status: 400,
      message: 'Invalid email address',
      code: 'VALIDATION_FAILED',
    },
    {
      label: '11 guests',
      request: at('2026-03-03T09:00:00-05:00', {
        guests: Array.from({ length: 11 }, (_, i) => `guest${i}@example.com`),
      }),
      status: 400,
      message: 'You can add at most 10 guests.',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'an invalid guest e-mail',
      request: at('2026-03-03T09:00:00-05:00', { guests: ['bob@example.com', 'not an email'] }),
      status: 400,
      message: 'Invalid guest email address',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'a name over 100 characters',
      request: at('2026-03-03T09:00:00-05:00', { name: 'A'.repeat(101) }),
      status: 400,
      message: 'Name must be at most 100 characters.',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'additionalInfo over 2,000 characters',
      request: at('2026-03-03T09:00:00-05:00', { additionalInfo: 'x'.repeat(2001) }),
      status: 400,
      message: 'Additional information must be at most 2000 characters.',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'CR/LF in the name',
      request: at('2026-03-03T09:00:00-05:00', { name: 'Ada\r\nBcc: victim@example.com' }),
      status: 400,
      message: 'Name must not contain line breaks.',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'a bare LF in the name',
      request: at('2026-03-03T09:00:00-05:00', { name: 'Ada\nLovelace' }),
      status: 400,
      message: 'Name must not contain line breaks.',
      code: 'VALIDATION_FAILED',
    },
    {
      label: 'an unknown field',
      request: at('2026-03-03T09:00:00-05:00', { x: 1 }),
      status: 400,
      message: 'Unknown field: "x".',
      code: 'VALIDATION_FAILED',
    },
  ];

  for (const { label, request, status, message, code, extra } of cases) {
    it(`refuses ${label}: ${status}`, async () => {
      const key = `bad-${unique()}`;
      const body = request();
      const result = await api.book(body, { 'Idempotency-Key': key });
      expect(result.status).toBe(status);
      expect(result.body).toMatchObject({ message, code, ...extra });
      if (extra) expect(result.body).toEqual({ message, code, ...extra });
      await expectLedgerEmpty(host.id);
      expect(await fixtures.idempotencyRecord(key)).toBeNull();
    });
  }

  it('the valid request these cases vary is itself bookable (on a twin event, so this host stays empty)', async () => {
    const twinHost = await fixtures.host();
    const twin = await fixtures.eventType(twinHost.id);
    expect((await api.book({ ...valid(), eventId: twin.id })).status).toBe(201);
  });

  it('refuses a host without a connected calendar: 409 with the spec text', async () => {
    const noCalendar = await fixtures.host({ calendar: false });
    const ownEvent = await fixtures.eventType(noCalendar.id);
    const key = `bad-${unique()}`;
    const result = await api.book(bookingRequest(ownEvent, '2026-03-03T09:00:00-05:00'), { 'Idempotency-Key': key });
    expect(result.status).toBe(409);
    expect(result.body).toEqual({ message: NO_CALENDAR, code: 'CONFLICT' });
    await expectLedgerEmpty(noCalendar.id);
    expect(await fixtures.idempotencyRecord(key)).toBeNull();
  });

  it('refuses the demo event (id 999): 403, whether or not it exists in the table', async () => {
    const key = `bad-${unique()}`;
    const request = bookingRequest({ id: 999, duration: 30 }, '2026-03-03T09:00:00-05:00');
    const result = await api.book(request, { 'Idempotency-Key': key });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ message: 'This is a demo booking and cannot be submitted', code: 'FORBIDDEN' });
    expect(await fixtures.idempotencyRecord(key)).toBeNull();
    const demo = await fixtures.deps.events.findById(999);
    if (demo) {
      const { bookings } = await fixtures.ledger(demo.event.userId);
      expect(bookings.filter((b) => b.email === request.email)).toEqual([]);
    }
  });

  it('refuses a request without a body (400) or without a JSON content type (415)', async () => {
    const missing = await api.book(undefined);
    expect(missing).toMatchObject({
      status: 400,
      body: { message: 'Request body is required.', code: 'VALIDATION_FAILED' },
    });
    const plain = await api.book(valid(), { 'content-type': 'text/plain' });
    expect(plain).toMatchObject({
      status: 415,
      body: { message: 'Content-Type must be application/json.', code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    await expectLedgerEmpty(host.id);
  });
});
