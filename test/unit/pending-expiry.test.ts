import { describe, expect, it } from 'vitest';

import { eventBody } from '#shared/api/schemas/host-events';
import { normalizeEmail } from '#shared/email-address';
import { DEFAULT_PENDING_EXPIRY_HOURS } from '#shared/rules/pending';
import { activeBookings, availabilityInput } from '#functions/app/booking/availability';
import { EXPIRED_REASON, expirePendingBooking, type ExpiryDeps } from '#functions/app/mail/booking-notices';
import { newEvent } from '#functions/domain/event-defaults';
import {
  freePendingPlace,
  holdsTime,
  isExpiredRequest,
  pendingExpiryHoursOf,
  requestExpiry,
  type PendingPlace,
} from '#functions/domain/pending';
import type { BookingCancellation, BookingRecord } from '#functions/domain/records';
import { timersFor } from '#functions/domain/timers';
import {
  formValuesFromEvent,
  newEventFormValues,
  toEventBody,
  type LoadedEvent,
} from '#frontend/features/event-editor/lib/event-form.ts';
import { bookingRecord } from '#test/support/booking-record';

/**
 * Issue 31: booking requests expire (the event's hours after they were made, never after the start), hold no time
 * once expired, and one guest e-mail may hold only 2 places with one host. The pure rules, the timer, the event
 * schema and the editor's field.
 */

const NOW = new Date('2026-03-02T12:00:00Z');
const request = (fields: Partial<BookingRecord> = {}): BookingRecord =>
  bookingRecord(
    {
      id: 'b1',
      hostId: 'host-1',
      eventId: 7,
      eventTitle: 'Strategy Session',
      eventSlug: 'strategy',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      createdAt: NOW.toISOString(),
      status: 'pending',
      pendingExpiresAt: '2026-03-03T12:00:00.000Z',
      ...fields,
    },
    new Date('2026-03-10T14:00:00Z'),
    new Date('2026-03-10T14:30:00Z'),
  );

describe('when a request expires', () => {
  it("the event's hours after it was made, never after the meeting's start", () => {
    const start = Date.parse('2026-03-10T14:00:00Z');
    expect(requestExpiry(NOW, start, 24)).toBe('2026-03-03T12:00:00.000Z');
    expect(requestExpiry(NOW, start, 2)).toBe('2026-03-02T14:00:00.000Z');
    expect(requestExpiry(NOW, Date.parse('2026-03-02T20:00:00Z'), 24)).toBe('2026-03-02T20:00:00.000Z');
  });

  it('an event type stored before the setting existed waits 24 hours', () => {
    expect(pendingExpiryHoursOf({})).toBe(24);
    expect(pendingExpiryHoursOf({ pendingExpiryHours: 6 })).toBe(6);
  });

  it('an expired request holds no time, whether or not the timer ran; a confirmed booking holds it', () => {
    const before = new Date('2026-03-03T11:59:59Z');
    const after = new Date('2026-03-03T12:00:00Z');
    expect(holdsTime(request(), before)).toBe(true);
    expect(holdsTime(request(), after)).toBe(false);
    expect(isExpiredRequest(request(), after)).toBe(true);
    expect(holdsTime(request({ status: 'confirmed' }), after)).toBe(true);
    expect(isExpiredRequest(request({ status: 'confirmed' }), after)).toBe(false);
    // A request stored before expiries existed waits until its start.
    expect(holdsTime(request({ pendingExpiresAt: undefined }), after)).toBe(true);
    expect(activeBookings([request(), request({ id: 'b2', status: 'confirmed' })], after).map((b) => b.id)).toEqual([
      'b2',
    ]);
  });

  it("availability offers an expired request's time again", () => {
    const event = { ...newEvent({ userId: 'host-1', slug: 'strategy', title: 'Strategy Session' }, NOW), id: 7 };
    const busyAt = (now: Date) => availabilityInput(event, [], [request()], [], now).busy;
    expect(busyAt(new Date('2026-03-03T11:00:00Z'))).toHaveLength(1);
    expect(busyAt(new Date('2026-03-03T12:00:00Z'))).toEqual([]);
  });

  it("the expiry timer is set for the request's expiry, not the meeting's start", () => {
    const { schedule } = timersFor(null, request(), { reminders: [] }, NOW);
    expect(schedule).toEqual([expect.objectContaining({ at: '2026-03-03T12:00:00.000Z' })]);
    expect(schedule[0]!.payload).toMatchObject({ kind: 'pending-expiry', bookingId: 'b1' });
    const legacy = timersFor(null, request({ pendingExpiresAt: undefined }), { reminders: [] }, NOW);
    expect(legacy.schedule[0]!.at).toBe('2026-03-10T14:00:00.000Z');
  });
});

describe('the expiry timer', () => {
  const ledger = (booking: BookingRecord) => {
    const cancelled: BookingCancellation[] = [];
    const deps = (now: string): ExpiryDeps => ({
      clock: { now: () => new Date(now) },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
      bookings: {
        find: async () => booking,
        cancel: async (_booking: BookingRecord, { cancellation }: { cancellation: BookingCancellation }) => {
          cancelled.push(cancellation);
          return { ...booking, status: 'cancelled', cancellation };
        },
      } as never,
    });
    return { deps, cancelled };
  };
  const payload = { kind: 'pending-expiry' as const, bookingId: 'b1', hostId: 'host-1', start: '', version: 1 };

  it('declines a request still pending at its expiry, by the system', async () => {
    const { deps, cancelled } = ledger(request());
    expect(await expirePendingBooking(deps('2026-03-03T12:00:00Z'), payload)).toEqual({ declined: true });
    expect(cancelled).toEqual([
      { by: 'system', reason: EXPIRED_REASON, declined: true, at: '2026-03-03T12:00:00.000Z' },
    ]);
  });

  it('leaves one not yet expired, and one no longer pending, alone', async () => {
    const early = ledger(request());
    expect(await expirePendingBooking(early.deps('2026-03-03T11:00:00Z'), payload)).toEqual({ declined: false });
    const confirmed = ledger(request({ status: 'confirmed' }));
    expect(await expirePendingBooking(confirmed.deps('2026-03-03T12:00:00Z'), payload)).toEqual({ declined: false });
    expect([...early.cancelled, ...confirmed.cancelled]).toEqual([]);
  });
});

describe("a guest's request places with a host", () => {
  const held = (place: number, booking: BookingRecord | null, bookingId = booking?.id ?? 'gone'): PendingPlace => ({
    place,
    holder: { bookingId, booking },
  });

  it('the first free place; none while two unexpired requests hold both', () => {
    expect(freePendingPlace([], NOW, null)).toEqual({ place: 1, holder: null });
    expect(freePendingPlace([held(1, request())], NOW, null)).toEqual({ place: 2, holder: null });
    expect(freePendingPlace([held(1, request()), held(2, request({ id: 'b2' }))], NOW, null)).toBeNull();
  });

  it('a place is free again once its request was confirmed, declined, expired or is gone, or is being rescheduled', () => {
    const other = held(1, request({ id: 'b2' }));
    for (const freed of [
      held(2, request({ status: 'confirmed' })),
      held(2, request({ status: 'cancelled' })),
      held(2, request({ pendingExpiresAt: '2026-03-02T11:00:00.000Z' })),
      held(2, null),
    ]) {
      expect(freePendingPlace([other, freed], NOW, null)).toEqual(freed);
    }
    const rescheduled = held(2, request());
    expect(freePendingPlace([other, rescheduled], NOW, 'b1')).toEqual(rescheduled);
  });

  it('the guest is counted by the normalised e-mail', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe("the event's request expiry setting", () => {
  const body = toEventBody({ ...newEventFormValues(), title: 'Strategy', slug: 'strategy', locationType: 'video' });

  it('is optional (24 hours), whole hours from 1 to 168', () => {
    const { pendingExpiryHours: _left, ...without } = body;
    const parsed = eventBody.safeParse(without);
    expect(parsed.success && parsed.data.pendingExpiryHours).toBe(DEFAULT_PENDING_EXPIRY_HOURS);
    expect(eventBody.safeParse({ ...body, pendingExpiryHours: 48 }).success).toBe(true);
    const problems = (hours: number) =>
      eventBody.safeParse({ ...body, pendingExpiryHours: hours }).error?.issues.map((issue) => issue.message);
    expect(problems(0)).toEqual(['Requests must wait at least 1 hour.']);
    expect(problems(169)).toEqual(['Requests cannot wait more than 168 hours (7 days).']);
    expect(problems(1.5)).toEqual(['The request expiry must be a whole number of hours.']);
  });

  it('the editor starts at 24, loads and sends the saved hours, and a blank field sends 24', () => {
    expect(newEventFormValues().pendingExpiryHours).toBe('24');
    expect(body.pendingExpiryHours).toBe(24);
    const saved = { ...formValuesFromEvent({ ...loaded, pendingExpiryHours: 6 }) };
    expect(saved.pendingExpiryHours).toBe('6');
    expect(toEventBody({ ...saved, pendingExpiryHours: '12' }).pendingExpiryHours).toBe(12);
    expect(toEventBody({ ...saved, pendingExpiryHours: ' ' }).pendingExpiryHours).toBe(24);
    expect(formValuesFromEvent({ ...loaded, pendingExpiryHours: undefined }).pendingExpiryHours).toBe('24');
  });
});

const loaded: LoadedEvent = {
  ...newEvent({ userId: 'host-1', slug: 'strategy', title: 'Strategy Session', requiresConfirmation: true }, NOW),
  id: 7,
  locationType: 'video',
  hostPhotoUrl: null,
  teamSlug: null,
  teamName: null,
  schedulingType: null,
  hosts: null,
  teamRole: null,
};
