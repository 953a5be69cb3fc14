import { describe, expect, it } from 'vitest';

import { noticesFor } from '#functions/domain/notices';
import type { BookingRecord } from '#functions/domain/records';
import { timersFor } from '#functions/domain/timers';

/**
 * Issue 16: what a change of a booking tells people and which timers it sets or deletes, decided from the item
 * before and after it (the stream's two images). Pure: the same images always give the same notices and names.
 */

const booking = (fields: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 'b1',
  hostId: 'h1',
  eventId: 1001,
  eventTitle: 'Intro Call',
  eventSlug: 'intro-call',
  name: 'Ada',
  email: 'ada@example.com',
  additionalInfo: null,
  guests: [],
  start: '2026-03-10T14:00:00.000Z',
  end: '2026-03-10T14:30:00.000Z',
  blockedStart: '2026-03-10T14:00:00.000Z',
  blockedEnd: '2026-03-10T14:30:00.000Z',
  status: 'confirmed',
  guestTimeZone: 'Europe/Berlin',
  calendarProvider: 'builtin',
  calendarEventId: null,
  createdAt: '2026-03-02T12:00:00.000Z',
  ...fields,
});

const cancellation = (by: 'guest' | 'host' | 'system', declined = false) => ({
  by,
  reason: null,
  declined,
  at: '2026-03-03T00:00:00.000Z',
});

describe('noticesFor', () => {
  it.each([
    ['a new confirmed booking', null, booking(), 'booked'],
    ['a new pending booking', null, booking({ status: 'pending' }), 'requested'],
    ['a reschedule', null, booking({ rescheduledFrom: { id: 'b0', start: 'x', end: 'y' }, version: 2 }), 'rescheduled'],
    ['pending → confirmed', booking({ status: 'pending' }), booking({ version: 2 }), 'confirmed'],
    [
      'pending → declined',
      booking({ status: 'pending' }),
      booking({ status: 'cancelled', version: 2, cancellation: cancellation('host', true) }),
      'declined',
    ],
    [
      'pending → cancelled by the guest',
      booking({ status: 'pending' }),
      booking({ status: 'cancelled', version: 2, cancellation: cancellation('guest') }),
      'cancelled',
    ],
    [
      'confirmed → cancelled',
      booking(),
      booking({ status: 'cancelled', version: 2, cancellation: cancellation('guest') }),
      'cancelled',
    ],
  ])('%s', (_name, before, after, kind) => {
    const notices = noticesFor(before, after);
    expect(notices.map((notice) => notice.kind)).toEqual([kind]);
    expect(notices[0]!.id).toBe(`b1:${kind}:${after.version ?? 1}`);
    expect(notices[0]!.previousStatus).toBe(before?.status ?? null);
  });

  it.each([
    ['a change of calendar marks only', booking(), booking({ calendarPending: 'delete' })],
    ['the booking a reschedule replaced', booking(), booking({ status: 'cancelled', rescheduledTo: 'b2' })],
    ['a removed item', booking(), null],
    ['a new item already cancelled', null, booking({ status: 'cancelled' })],
  ])('no notice for %s', (_name, before, after) => {
    expect(noticesFor(before, after)).toEqual([]);
  });

  it('gives the same ids for the same images (a redelivered record)', () => {
    const before = booking({ status: 'pending' });
    const after = booking({ version: 2 });
    expect(noticesFor(before, after)).toEqual(noticesFor(before, after));
  });
});

describe('noticesFor: a new place (issue 30)', () => {
  const ROOM = 'https://meet.jit.si/Meetwise-0123456789abcdef0123456789abcdef';

  it.each([
    ['a confirmed booking gets a room', booking(), booking({ meetingUrl: ROOM, version: 2 })],
    [
      'a pending booking gets a room',
      booking({ status: 'pending' }),
      booking({ status: 'pending', meetingUrl: ROOM, version: 2 }),
    ],
    ['a room replaced by another', booking({ meetingUrl: ROOM }), booking({ meetingUrl: `${ROOM}0`, version: 2 })],
  ])('%s: location-updated, with the version as its id', (_name, before, after) => {
    const notices = noticesFor(before, after);
    expect(notices.map((notice) => [notice.kind, notice.id])).toEqual([['location-updated', 'b1:location-updated:2']]);
    expect(notices[0]!.previousStatus).toBe(before.status);
  });

  it.each([
    ['the same room', booking({ meetingUrl: ROOM }), booking({ meetingUrl: ROOM, calendarPending: 'delete' })],
    ['a cancelled booking', booking({ status: 'cancelled' }), booking({ status: 'cancelled', meetingUrl: ROOM })],
  ])('no notice for %s', (_name, before, after) => {
    expect(noticesFor(before, after)).toEqual([]);
  });

  it('a status change with a new room is told by the status notice alone', () => {
    const notices = noticesFor(booking({ status: 'pending' }), booking({ meetingUrl: ROOM, version: 2 }));
    expect(notices.map((notice) => notice.kind)).toEqual(['confirmed']);
  });
});

describe('timersFor', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const event = { reminders: [1440, 60, 15] };

  it('a new confirmed booking: one reminder per offset, at the right instants, named by id, version and offset', () => {
    const { schedule, cancel } = timersFor(null, booking(), event, now);
    expect(cancel).toEqual([]);
    expect(schedule.map((timer) => [timer.name, timer.at])).toEqual([
      ['rem-b1-v1-1440', '2026-03-09T14:00:00.000Z'],
      ['rem-b1-v1-60', '2026-03-10T13:00:00.000Z'],
      ['rem-b1-v1-15', '2026-03-10T13:45:00.000Z'],
    ]);
    expect(schedule[0]!.payload).toEqual({
      kind: 'reminder',
      bookingId: 'b1',
      hostId: 'h1',
      start: '2026-03-10T14:00:00.000Z',
      offsetMinutes: 1440,
    });
  });

  it('skips offsets already past when the booking is made', () => {
    const late = new Date('2026-03-10T12:30:00Z');
    expect(timersFor(null, booking(), event, late).schedule.map((timer) => timer.name)).toEqual([
      'rem-b1-v1-60',
      'rem-b1-v1-15',
    ]);
  });

  it('an event without reminders sets none; one stored before reminders existed gets a day and an hour', () => {
    expect(timersFor(null, booking(), { reminders: [] }, now).schedule).toEqual([]);
    expect(timersFor(null, booking(), {}, now).schedule.map((timer) => timer.name)).toEqual([
      'rem-b1-v1-1440',
      'rem-b1-v1-60',
    ]);
  });

  it('a cancellation deletes every reminder name the booking may have', () => {
    const { schedule, cancel } = timersFor(booking(), booking({ status: 'cancelled', version: 2 }), event, now);
    expect(schedule).toEqual([]);
    expect(cancel).toEqual(['rem-b1-v1-15', 'rem-b1-v1-60', 'rem-b1-v1-120', 'rem-b1-v1-1440', 'rem-b1-v1-2880']);
  });

  it('a pending booking: an expiry at its start and no reminder; confirming it swaps them', () => {
    const pending = booking({ status: 'pending' });
    const created = timersFor(null, pending, event, now);
    expect(created.schedule.map((timer) => [timer.name, timer.at])).toEqual([
      ['exp-b1-v1', '2026-03-10T14:00:00.000Z'],
    ]);
    const confirmed = timersFor(pending, booking({ version: 2 }), event, now);
    expect(confirmed.cancel).toEqual(['exp-b1-v1']);
    expect(confirmed.schedule.map((timer) => timer.name)).toEqual(['rem-b1-v2-1440', 'rem-b1-v2-60', 'rem-b1-v2-15']);
  });

  it('a change that keeps the booking confirmed at the same time sets nothing and deletes nothing', () => {
    expect(timersFor(booking(), booking({ calendarPending: 'delete' }), event, now)).toEqual({
      schedule: [],
      cancel: [],
    });
  });
});
