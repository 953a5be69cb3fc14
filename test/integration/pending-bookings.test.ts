import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { confirmPending, PENDING_EXPIRED } from '#functions/app/booking/manage-booking';
import { releaseMember } from '#functions/app/booking/team-bookings';
import type { BookingRecord, EventRecord, HostRecord } from '#functions/domain/records';
import { BookingChanged } from '#functions/errors';
import { bookingRequest, NOW, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';
import { teamFixtures } from '#test/support/team-fixtures';

/**
 * Issue 31: booking requests (events that need the host's confirmation) expire after the event's hours, never after
 * the start; an expired request frees its time at once, cannot be confirmed, and its timer declines it and tells the
 * guest and the host once. One guest e-mail holds at most 2 unexpired requests with one host, also under a race.
 * Against DynamoDB Local's stream, the table timers and the SES emulator; the clock starts on Monday 2 March 2026,
 * 12:00 UTC.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;

beforeAll(async () => {
  h = await lifecycleHarness();
}, 60_000);
afterAll(() => h?.close());

async function hostWithEvents(rules: Partial<EventRecord> = {}) {
  const host: HostRecord = await h.fixtures.host({ name: 'Jordan Avery' });
  const requests = await h.fixtures.eventType(host.id, {
    title: 'Strategy Session',
    duration: 30,
    requiresConfirmation: true,
    ...rules,
  });
  const direct = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
  return { host, requests, direct };
}

async function book(event: EventRecord, start: string, email = `guest-${unique()}@example.com`) {
  return h.api.book(bookingRequest(event, start, { name: 'Ada Lovelace', email, timezone: 'Europe/Berlin' }));
}

describe('a request expires', () => {
  it("after the event's hours: it frees its time at once, the host's confirm is refused, the timer tells both once", async () => {
    const { host, requests, direct } = await hostWithEvents({ pendingExpiryHours: 2 });
    const guest = `guest-${unique()}@example.com`;
    const asked = await book(requests, '2026-03-10T14:00:00Z', guest);
    expect(asked.status, asked.text).toBe(201);
    expect(asked.body.status).toBe('pending');
    const id = String(asked.body.bookingId);
    expect((await h.deps.bookings.findById(id))?.pendingExpiresAt).toBe('2026-03-02T14:00:00.000Z');
    await h.drain();
    // While it waits, it holds its time.
    expect((await book(direct, '2026-03-10T14:00:00Z')).status).toBe(409);

    // Two hours on, before any job ran: the time is free and the host cannot confirm it any more.
    h.at('2026-03-02T14:00:01Z');
    try {
      const refused = await h.confirm(host.id, id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(PENDING_EXPIRED);
      const taken = await book(direct, '2026-03-10T14:00:00Z');
      expect(taken.status, taken.text).toBe(201);

      // The timer declines it; the guest and the host are told, once.
      expect(await h.tick()).toBeGreaterThan(0);
      expect((await h.hostBooking(host.id, id)).body).toMatchObject({
        status: 'cancelled',
        cancellation: { by: 'system', declined: true },
      });
      await h.drain();
      await h.tick();
      await h.drain();
      const guestMails = (await mailsTo(guest)).map((mail) => mail.subject);
      expect(guestMails).toEqual([expect.stringMatching(/request/i), expect.stringMatching(/^Declined/)]);
      expect((await mailsTo(guest)).at(-1)!.body.text).toContain('did not confirm your request in time');
      const hostMails = (await mailsTo(host.email)).filter((mail) => /^Request expired/.test(mail.subject));
      expect(hostMails).toHaveLength(1);
      expect(hostMails[0]!.body.text).toContain('Ada Lovelace');
    } finally {
      h.at(NOW);
    }
  });

  it('after 24 hours when the event names none, and never after the meeting starts', async () => {
    const { requests } = await hostWithEvents();
    const later = await book(requests, '2026-03-11T14:00:00Z');
    expect(later.status, later.text).toBe(201);
    expect((await h.deps.bookings.findById(String(later.body.bookingId)))?.pendingExpiresAt).toBe(
      '2026-03-03T12:00:00.000Z',
    );
    const soon = await book(requests, '2026-03-03T14:00:00Z');
    expect(soon.status, soon.text).toBe(201);
    const { requests: week } = await hostWithEvents({ pendingExpiryHours: 168 });
    const beforeAWeek = await book(week, '2026-03-04T14:00:00Z');
    expect((await h.deps.bookings.findById(String(beforeAWeek.body.bookingId)))?.pendingExpiresAt).toBe(
      '2026-03-04T14:00:00.000Z',
    );
  });
});

describe('one guest e-mail holds at most 2 requests with one host', () => {
  it('the third is refused with 409, however the address is spelt; a confirmed booking and another host are not', async () => {
    const { host, requests, direct } = await hostWithEvents();
    const guest = `ada-${unique()}@example.com`;
    expect((await book(requests, '2026-03-03T14:00:00Z', guest)).status).toBe(201);
    const second = await book(requests, '2026-03-04T14:00:00Z', guest.toUpperCase());
    expect(second.status, second.text).toBe(201);
    const third = await book(requests, '2026-03-05T14:00:00Z', guest.replace('ada', 'ADA'));
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(/already have 2 requests waiting/);
    // A booking that needs no confirmation, and a request to another host, are not limited.
    expect((await book(direct, '2026-03-05T15:00:00Z', guest)).status).toBe(201);
    const other = await hostWithEvents();
    expect((await book(other.requests, '2026-03-05T14:00:00Z', guest)).status).toBe(201);
    // Declined: its place is free again.
    expect((await h.decline(host.id, String(second.body.bookingId))).status).toBe(200);
    const after = await book(requests, '2026-03-05T14:00:00Z', guest);
    expect(after.status, after.text).toBe(201);
    expect((await book(requests, '2026-03-06T14:00:00Z', guest)).status).toBe(409);
  });

  it('an expired request frees its place, before any job ran', async () => {
    const { requests } = await hostWithEvents({ pendingExpiryHours: 1 });
    const guest = `ada-${unique()}@example.com`;
    expect((await book(requests, '2026-03-03T14:00:00Z', guest)).status).toBe(201);
    expect((await book(requests, '2026-03-04T14:00:00Z', guest)).status).toBe(201);
    expect((await book(requests, '2026-03-05T14:00:00Z', guest)).status).toBe(409);
    h.at('2026-03-02T13:00:01Z');
    try {
      const again = await book(requests, '2026-03-05T14:00:00Z', guest);
      expect(again.status, again.text).toBe(201);
    } finally {
      h.at(NOW);
    }
  });

  it('a reschedule of one of them gives up its own place', async () => {
    const { requests } = await hostWithEvents();
    const guest = `ada-${unique()}@example.com`;
    const first = await book(requests, '2026-03-03T14:00:00Z', guest);
    expect((await book(requests, '2026-03-04T14:00:00Z', guest)).status).toBe(201);
    const moved = await h.api.book({
      ...bookingRequest(requests, '2026-03-06T14:00:00Z', { name: 'Ada Lovelace', email: guest }),
      reschedule: {
        bookingId: String(first.body.bookingId),
        startTime: '2026-03-03T14:00:00Z',
        token: String(first.body.rescheduleToken),
      },
    });
    expect(moved.status, moved.text).toBe(201);
    expect((await book(requests, '2026-03-09T14:00:00Z', guest)).status).toBe(409);
  });

  it('four requests at once: exactly two are taken', async () => {
    const { host, requests } = await hostWithEvents();
    const guest = `ada-${unique()}@example.com`;
    const answers = await Promise.all(
      ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'].map((day) => book(requests, `${day}T14:00:00Z`, guest)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409]);
    const pending = (await h.fixtures.bookingsOf(host.id)).filter((booking) => booking.status === 'pending');
    expect(pending).toHaveLength(2);
  });
});

describe('the ledger itself refuses what the app checks (issue 31 review)', () => {
  it('a confirm written after the request expired is refused, even when the app check passed before it', async () => {
    const { host, requests } = await hostWithEvents({ pendingExpiryHours: 2 });
    const asked = await book(requests, '2026-03-10T14:00:00Z');
    expect(asked.status, asked.text).toBe(201);
    const id = String(asked.body.bookingId);
    const read = (await h.deps.bookings.findById(id))!;
    const late = new Date('2026-03-02T14:00:00.001Z');
    await expect(h.deps.bookings.confirm(read, new Date('2026-03-02T14:00:00.000Z'))).rejects.toThrow(BookingChanged);
    await expect(h.deps.bookings.confirm(read, late)).rejects.toThrow(BookingChanged);
    expect((await h.deps.bookings.findById(id))?.status).toBe('pending');
    // The app checked at 13:59:59 but the write ran after the expiry: the existing 409 message.
    h.at('2026-03-02T13:59:59Z');
    try {
      const slow = {
        ...h.deps,
        bookings: {
          ...h.deps.bookings,
          // Time passes between the app's check and the write.
          confirm: (booking: BookingRecord) => {
            h.at(late.toISOString());
            return h.deps.bookings.confirm(booking, late);
          },
        },
      };
      const principal = { userId: host.id, isAdmin: false, sessionId: 'test' };
      await expect(confirmPending(slow, principal, id)).rejects.toMatchObject({ message: PENDING_EXPIRED });
      expect((await h.deps.bookings.findById(id))?.status).toBe('pending');
      // Before the expiry it goes through.
      h.at('2026-03-02T13:59:59Z');
      expect((await h.confirm(host.id, id)).status).toBe(200);
    } finally {
      h.at(NOW);
    }
  });

  it("a team request's confirm refused after its expiry leaves its holds as they were", async () => {
    const team = teamFixtures(h.config);
    const members = await team.hosts(2);
    const group = await team.team(members);
    const event = await team.teamEvent(group, 'collective', members, {
      requiresConfirmation: true,
      pendingExpiryHours: 2,
    });
    const asked = await h.api.book(bookingRequest(event, '2026-03-10T14:00:00Z'));
    expect(asked.status, asked.text).toBe(201);
    const id = String(asked.body.bookingId);
    const read = (await h.deps.bookings.findById(id))!;
    const holdOf = async (member: string) =>
      (await team.bookingsOf(member)).find((booking) => booking.id === id)?.status;
    await expect(h.deps.bookings.confirm(read, new Date('2026-03-02T14:00:00.001Z'))).rejects.toThrow(BookingChanged);
    expect(await Promise.all(members.map((member) => holdOf(member.id)))).toEqual(['pending', 'pending']);
    await h.deps.bookings.confirm(read, new Date('2026-03-02T13:59:59.999Z'));
    expect(await Promise.all(members.map((member) => holdOf(member.id)))).toEqual(['confirmed', 'confirmed']);
  });

  it('a place held by a request that a round-robin reassignment moved still counts', async () => {
    const team = teamFixtures(h.config);
    const members = await team.hosts(2);
    const group = await team.team(members);
    const event = await team.teamEvent(group, 'round-robin', members, { requiresConfirmation: true });
    const guest = `ada-${unique()}@example.com`;
    const first = await h.api.book(bookingRequest(event, '2026-03-03T14:00:00Z', { email: guest }));
    expect(first.status, first.text).toBe(201);
    expect((await h.api.book(bookingRequest(event, '2026-03-04T14:00:00Z', { email: guest }))).status).toBe(201);
    const leaving = (await h.deps.bookings.findById(String(first.body.bookingId)))!.hostId;

    const result = await releaseMember(h.deps, { teamId: group.id, userId: leaving, now: h.deps.clock.now() });
    expect(result.reassigned).toBeGreaterThan(0);
    const moved = (await h.deps.bookings.findById(String(first.body.bookingId)))!;
    expect(moved.hostId).not.toBe(leaving);
    expect(moved.status).toBe('pending');

    const third = await h.api.book(bookingRequest(event, '2026-03-05T14:00:00Z', { email: guest }));
    expect(third.status, third.text).toBe(409);
    expect(third.body.message).toMatch(/already have 2 requests waiting/);
  });
});
