import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { deleteAccount } from '#functions/app/accounts/accounts';
import { releaseMember } from '#functions/app/booking/team-bookings';
import type { BookingRecord, HostRecord } from '#functions/domain/records';
import { bookingApi, bookingRequest, unique, type ApiAnswer } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';
import { integrationConfig } from '#test/support/local-stack';
import { teamFixtures } from '#test/support/team-fixtures';

/**
 * Team event types under races (issue 28 "Never a double booking, for any member") against DynamoDB Local, through
 * the handlers, with requests spread over several api instances and fired together. Clock fixed at Monday
 * 2026-03-02 12:00 UTC; the members' hours are the default 09:00–18:00 New York, Monday to Friday.
 */

const config = integrationConfig();
const fixtures = teamFixtures(config);
const lambdas = Array.from({ length: 5 }, () => bookingApi(config));
const api = lambdas[0]!;

const SLOT_TAKEN = 'This time slot is no longer available.';
const AT_TEN = '2026-03-03T10:00:00-05:00';

function fireTogether(requests: ReturnType<typeof bookingRequest>[]): Promise<ApiAnswer[]> {
  return Promise.all(requests.map((request, index) => lambdas[index % lambdas.length]!.book(request)));
}

/** The booking (not a hold) stored for a confirmation, read by its id. */
async function stored(answer: ApiAnswer): Promise<BookingRecord> {
  const booking = await fixtures.deps.bookings.findById(String(answer.body.bookingId));
  if (!booking) throw new Error('booking not stored');
  return booking;
}

const slotStarts = async (eventId: number, date = '2026-03-03') =>
  (
    (await api.timeSlots({ eventId: String(eventId), date, timezone: 'America/New_York' })).body.timeSlots as {
      start: string;
    }[]
  ).map((slot) => slot.start.slice(11, 16));

describe('team bookings under races', () => {
  it.each([1, 2])(
    'round-robin, 2 members free, 5 concurrent guests: 2 bookings on different members, 3 × 409 (round %i)',
    async () => {
      const members = await fixtures.hosts(2);
      const team = await fixtures.team(members);
      const event = await fixtures.teamEvent(team, 'round-robin', members);
      const requests = Array.from({ length: 5 }, (_, i) =>
        bookingRequest(event, AT_TEN, { email: `guest${i}-${unique()}@example.com` }),
      );

      const results = await fireTogether(requests);

      const created = results.filter((result) => result.status === 201);
      expect(created).toHaveLength(2);
      expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${String(r.body.message)}`)).toEqual([
        `409 ${SLOT_TAKEN}`,
        `409 ${SLOT_TAKEN}`,
        `409 ${SLOT_TAKEN}`,
      ]);
      const bookings = await Promise.all(created.map(stored));
      expect(new Set(bookings.map((booking) => booking.hostId))).toEqual(new Set(members.map((m) => m.id)));
      for (const booking of bookings) {
        expect(booking).toMatchObject({
          teamId: team.id,
          teamSlug: team.slug,
          teamName: team.name,
          schedulingType: 'round-robin',
          hostIds: [booking.hostId],
        });
        expect(booking.assignment?.userId).toBe(booking.hostId);
      }
      // The answers name the member each guest got.
      expect(created.map((r) => (r.body.hosts as { name: string }[])[0]!.name).sort()).toEqual(
        members.map((m) => m.name).sort(),
      );
      for (const member of members) expect(await fixtures.bookingsOf(member.id)).toHaveLength(1);
      // Both members are taken at ten now: the time is no longer offered.
      expect(await slotStarts(event.id)).not.toContain('10:00');
    },
  );

  it('round-robin, 1 of 2 members free, 5 concurrent guests: exactly 1 booking, on the free member', async () => {
    const members = await fixtures.hosts(2);
    const team = await fixtures.team(members);
    const event = await fixtures.teamEvent(team, 'round-robin', members);
    const personal = await fixtures.eventType(members[0]!.id);
    expect((await api.book(bookingRequest(personal, AT_TEN))).status).toBe(201);

    const results = await fireTogether(Array.from({ length: 5 }, () => bookingRequest(event, AT_TEN)));

    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const booking = await stored(results.find((r) => r.status === 201)!);
    expect(booking.hostId).toBe(members[1]!.id);
    expect(booking.assignment).toEqual({ userId: members[1]!.id, reason: 'only member free' });
  });

  it("a member's personal booking removes the time from a collective event and from their round-robin pool", async () => {
    const members = await fixtures.hosts(2);
    const team = await fixtures.team(members);
    const collective = await fixtures.teamEvent(team, 'collective', members);
    const roundRobin = await fixtures.teamEvent(team, 'round-robin', members);
    expect(await slotStarts(collective.id)).toContain('10:00');

    const personal = await fixtures.eventType(members[0]!.id);
    expect((await api.book(bookingRequest(personal, AT_TEN))).status).toBe(201);

    const collectiveSlots = await slotStarts(collective.id);
    expect(collectiveSlots).not.toContain('10:00');
    expect(collectiveSlots).toContain('10:30');
    expect((await api.book(bookingRequest(collective, AT_TEN))).body.message).toBe(SLOT_TAKEN);
    // Round-robin: still offered (the other member is free), and booked on them only.
    expect(await slotStarts(roundRobin.id)).toContain('10:00');
    const answer = await api.book(bookingRequest(roundRobin, AT_TEN));
    expect(answer.status).toBe(201);
    expect((await stored(answer)).hostId).toBe(members[1]!.id);
  });

  it("a team booking blocks every booked member's personal events, and shows in their bookings", async () => {
    const members = await fixtures.hosts(2);
    const team = await fixtures.team(members);
    const collective = await fixtures.teamEvent(team, 'collective', members);
    const personal = await Promise.all(members.map((member) => fixtures.eventType(member.id)));

    const answer = await api.book(bookingRequest(collective, AT_TEN));
    expect(answer.status).toBe(201);
    expect(answer.body.hosts).toEqual(members.map((member) => ({ name: member.name })));
    const booking = await stored(answer);
    expect(booking.hostIds).toEqual(members.map((member) => member.id));

    for (const [index, member] of members.entries()) {
      expect(await slotStarts(personal[index]!.id)).not.toContain('10:00');
      expect((await api.book(bookingRequest(personal[index]!, AT_TEN))).body.message).toBe(SLOT_TAKEN);
      // The second member's hold reads as the booking.
      expect((await fixtures.bookingsOf(member.id)).map((b) => b.id)).toEqual([booking.id]);
      // Each member's day is locked.
      expect((await fixtures.ledger(member.id)).dayVersions.get('2026-03-03')).toBe(1);
    }
  });

  it('concurrent collective bookings and a personal booking of one member: exactly one of them commits', async () => {
    const members = await fixtures.hosts(3);
    const team = await fixtures.team(members);
    const collective = await fixtures.teamEvent(team, 'collective', members);
    const personal = await fixtures.eventType(members[2]!.id);
    const requests = [
      bookingRequest(collective, AT_TEN),
      bookingRequest(personal, AT_TEN),
      bookingRequest(collective, AT_TEN),
      bookingRequest(personal, AT_TEN),
    ];

    const results = await fireTogether(requests);

    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await fixtures.bookingsOf(members[2]!.id)).toHaveLength(1);
  });

  it("a guest's reschedule keeps the same member when they are free at the new time, else assigns again", async () => {
    const members = await fixtures.hosts(2);
    const team = await fixtures.team(members);
    const event = await fixtures.teamEvent(team, 'round-robin', members);
    const first = await api.book(bookingRequest(event, AT_TEN));
    const original = await stored(first);
    const member = original.hostId;
    const other = members.find((m) => m.id !== member)!;
    // The other member is now the fairer choice at any time; the reschedule still keeps the guest's member.
    const moved = await api.book(
      bookingRequest(event, '2026-03-04T11:00:00-05:00', {
        reschedule: { bookingId: original.id, startTime: AT_TEN, token: first.body.rescheduleToken },
      }),
    );
    expect(moved.status).toBe(201);
    const kept = await stored(moved);
    expect(kept.hostId).toBe(member);
    expect(kept.assignment).toEqual({ userId: member, reason: 'kept on reschedule' });
    expect((await fixtures.deps.bookings.findById(original.id))?.status).toBe('cancelled');

    // Now the member is busy at the next time asked: the reschedule goes to the other member.
    const personal = await fixtures.eventType(member);
    expect((await api.book(bookingRequest(personal, '2026-03-05T11:00:00-05:00'))).status).toBe(201);
    const again = await api.book(
      bookingRequest(event, '2026-03-05T11:00:00-05:00', {
        reschedule: {
          bookingId: kept.id,
          startTime: '2026-03-04T11:00:00-05:00',
          token: moved.body.rescheduleToken,
        },
      }),
    );
    expect(again.status).toBe(201);
    expect((await stored(again)).assignment).toEqual({ userId: other.id, reason: 'only member free' });
  });
});

describe('the largest meeting a team event allows', () => {
  it('books and reschedules a collective event of 16 hosts in one transaction each (long meeting, buffers, daily limit)', async () => {
    const members = await fixtures.hosts(16);
    const team = await fixtures.team(members);
    // The most day versions a booking can touch: the longest meeting, the largest buffers and a daily limit.
    const event = await fixtures.teamEvent(team, 'collective', members, {
      duration: 240,
      bufferBefore: 60,
      bufferAfter: 60,
      maxBookingsPerDay: 3,
    });
    const first = await api.book(bookingRequest(event, '2026-03-03T13:00:00-05:00'));
    expect(first.status).toBe(201);
    expect(first.body.hosts).toHaveLength(16);
    const moved = await api.book(
      bookingRequest(event, '2026-03-04T13:00:00-05:00', {
        reschedule: {
          bookingId: first.body.bookingId,
          startTime: '2026-03-03T13:00:00-05:00',
          token: first.body.rescheduleToken,
        },
      }),
    );
    expect(moved.status).toBe(201);
    for (const member of members) {
      expect((await fixtures.bookingsOf(member.id)).map((b) => [b.id, b.status]).sort()).toEqual(
        [
          [first.body.bookingId, 'cancelled'],
          [moved.body.bookingId, 'confirmed'],
        ].sort(),
      );
    }
  });
});

describe('a member who leaves the team', () => {
  let h: Awaited<ReturnType<typeof lifecycleHarness>>;
  beforeAll(async () => {
    h = await lifecycleHarness();
  });
  afterAll(() => h.close());

  it('keeps their future bookings nobody else can take, and the others go to a free member with the guest told', async () => {
    const team = teamFixtures(h.config);
    const members = await team.hosts(3);
    const group = await team.team(members);
    const event = await team.teamEvent(group, 'round-robin', members);
    const guest = (label: string) => `${label}-${unique()}@example.com`;
    const first = await h.api.book(bookingRequest(event, AT_TEN, { email: guest('moved') }));
    expect(first.status).toBe(201);
    const leaving = (await h.deps.bookings.findById(String(first.body.bookingId)))!.hostId;
    const others = members.filter((member) => member.id !== leaving);
    // At half past eleven on Wednesday only the leaving member is free: that booking stays theirs.
    const later = '2026-03-04T11:30:00-05:00';
    for (const other of others) {
      const personal = await team.eventType(other.id);
      expect((await h.api.book(bookingRequest(personal, later))).status).toBe(201);
    }
    const second = await h.api.book(bookingRequest(event, later, { email: guest('kept') }));
    expect(second.status).toBe(201);
    await h.drain();

    const result = await releaseMember(h.deps, { teamId: group.id, userId: leaving, now: h.deps.clock.now() });

    expect(result).toEqual({ reassigned: 1, kept: 1 });
    const moved = (await h.deps.bookings.findById(String(first.body.bookingId)))!;
    expect(others.map((other) => other.id)).toContain(moved.hostId);
    expect(moved.assignment).toEqual({ userId: moved.hostId, reason: 'reassigned' });
    expect(moved.status).toBe('confirmed');
    const newHost = members.find((member) => member.id === moved.hostId)!;
    expect(moved.hostNames).toEqual([newHost.name]);
    // Gone from the leaving member's ledger, in the new host's.
    expect((await team.bookingsOf(leaving)).map((b) => b.id)).toEqual([String(second.body.bookingId)]);
    expect((await team.bookingsOf(newHost.id)).map((b) => b.id)).toContain(moved.id);
    expect((await h.deps.bookings.findById(String(second.body.bookingId)))!.hostId).toBe(leaving);

    await h.drain();
    const told = (await mailsTo(moved.email)).filter((mail) => mail.subject.startsWith('New host:'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body.text).toContain(`${newHost.name} will meet you instead`);
    const hostMails = (await mailsTo(newHost.email)).filter((mail) => mail.body.text?.includes(moved.name));
    expect(hostMails.map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/^New booking:/));
    // The guest whose booking stayed heard nothing new.
    expect(
      (await mailsTo(String((await h.deps.bookings.findById(String(second.body.bookingId)))!.email))).map(
        (m) => m.subject,
      ),
    ).not.toContainEqual(expect.stringMatching(/^New host:/));
  });

  it("a deleted account's team bookings go on with their other hosts, stored under the next one, nobody mailed", async () => {
    const team = teamFixtures(h.config);
    const members = await team.hosts(3);
    const group = await team.team(members);
    const collective = await team.teamEvent(group, 'collective', members);
    const [leaving, next, third] = members as [HostRecord, HostRecord, HostRecord];
    const guestEmail = `stays-${unique()}@example.com`;
    const first = await h.api.book(bookingRequest(collective, AT_TEN, { email: guestEmail }));
    expect(first.status).toBe(201);
    const id = String(first.body.bookingId);
    expect((await h.deps.bookings.findById(id))!.hostId).toBe(leaving.id);
    // A second booking where the leaving member holds a copy only.
    const roundRobin = await team.teamEvent(group, 'round-robin', [{ host: next }, { host: leaving, fixed: true }]);
    const second = await h.api.book(bookingRequest(roundRobin, '2026-03-04T10:00:00-05:00'));
    expect(second.status).toBe(201);
    expect((await h.deps.bookings.findById(String(second.body.bookingId)))!.hostIds).toEqual([next.id, leaving.id]);
    await h.drain();
    const mailsBefore = (await mailsTo(guestEmail)).length;

    await deleteAccount(h.deps, { userId: leaving.id, isAdmin: false, sessionId: 'gone' }, false);

    const kept = (await h.deps.bookings.findById(id))!;
    expect(kept).toMatchObject({
      status: 'confirmed',
      hostId: next.id,
      hostIds: [next.id, third.id],
      hostNames: [next.name, third.name],
      handedOverFrom: leaving.id,
    });
    // Stored once under the next host (in place of their copy), a copy under the third; nothing under the leaver.
    expect((await team.bookingsOf(next.id)).filter((b) => b.id === id)).toHaveLength(1);
    expect((await team.ledger(third.id)).bookings.find((b) => b.id === id)).toMatchObject({ hostId: next.id });
    expect(await team.bookingsOf(leaving.id)).toEqual([]);
    expect((await h.deps.bookings.findById(String(second.body.bookingId)))!).toMatchObject({
      hostId: next.id,
      hostIds: [next.id],
      status: 'confirmed',
    });
    // The others still attend: their time stays taken, and the guest can still manage the booking.
    const slots = await h.api.timeSlots({
      eventId: String(collective.id),
      date: '2026-03-03',
      timezone: 'America/New_York',
    });
    expect((slots.body.timeSlots as { start: string }[]).map((slot) => slot.start.slice(11, 16))).not.toContain(
      '10:00',
    );
    expect((await h.cancelAsGuest(id, { token: first.body.rescheduleToken })).status).toBe(200);
    for (const member of [next, third]) {
      expect((await team.bookingsOf(member.id)).find((b) => b.id === id)?.status).toBe('cancelled');
    }
    await h.drain();
    // The move itself mailed nobody; the guest's cancellation did.
    const after = (await mailsTo(guestEmail)).slice(mailsBefore).map((mail) => mail.subject);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/cancel/i);
  });

  it('a cancellation frees every member (holds in step) and takes the round-robin count back', async () => {
    const team = teamFixtures(h.config);
    const members = await team.hosts(2);
    const group = await team.team(members);
    const roundRobin = await team.teamEvent(group, 'round-robin', members);
    const collective = await team.teamEvent(group, 'collective', members);
    const month = h.deps.clock.now().toISOString().slice(0, 7);
    const counts = async () =>
      (
        await h.deps.hosts.teamContext({
          teamId: group.id,
          hostIds: [],
          counters: { eventId: roundRobin.id, month, userIds: members.map((m) => m.id) },
          consistent: true,
        })
      ).counts;

    const rr = await h.api.book(bookingRequest(roundRobin, AT_TEN));
    const assigned = (await h.deps.bookings.findById(String(rr.body.bookingId)))!.hostId;
    expect((await counts()).get(assigned)?.count).toBe(1);
    expect((await h.cancelAsGuest(String(rr.body.bookingId), { token: rr.body.rescheduleToken })).status).toBe(200);
    expect((await counts()).get(assigned)?.count).toBe(0);

    const both = await h.api.book(bookingRequest(collective, '2026-03-03T11:00:00-05:00'));
    expect((await h.cancelAsGuest(String(both.body.bookingId), { token: both.body.rescheduleToken })).status).toBe(200);
    for (const member of members) {
      const held = (await team.bookingsOf(member.id)).find((b) => b.id === both.body.bookingId)!;
      expect(held.status).toBe('cancelled');
      expect(held.cancellation?.by).toBe('guest');
    }
    // The time is free again for the team.
    expect((await h.api.book(bookingRequest(collective, '2026-03-03T11:00:00-05:00'))).status).toBe(201);
  });

  it('mails every host of a collective booking, and names them all to the guest', async () => {
    const team = teamFixtures(h.config);
    const members = await team.hosts(2);
    const group = await team.team(members);
    const event = await team.teamEvent(group, 'collective', members);
    const email = `both-${unique()}@example.com`;
    expect((await h.api.book(bookingRequest(event, AT_TEN, { email }))).status).toBe(201);
    await h.drain();
    const guestMail = (await mailsTo(email))[0]!;
    expect(guestMail.subject).toContain(`with ${members[0]!.name}, ${members[1]!.name}`);
    for (const member of members) {
      expect((await mailsTo(member.email)).map((mail) => mail.subject)).toContainEqual(
        expect.stringMatching(/^New booking:/),
      );
    }
  });
});
