import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_SETTINGS } from '#shared/constants';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { reminderTimerName } from '#functions/domain/timers';
import { bookingRequest, NOW, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';

/**
 * Issue 16: reminders that never misfire (the local scheduler with a moved clock) and pending bookings (confirm,
 * decline, declined at the start by themselves, holding their slot), against DynamoDB Local's stream and the SES
 * emulator. The clock starts on Monday 2 March 2026, 12:00 UTC.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let host: HostRecord;
let event: EventRecord;
let pendingEvent: EventRecord;

beforeAll(async () => {
  h = await lifecycleHarness();
  host = await h.fixtures.host({ name: 'Jordan Avery' });
  event = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
  pendingEvent = await h.fixtures.eventType(host.id, {
    title: 'Strategy Session',
    duration: 30,
    requiresConfirmation: true,
  });
}, 60_000);
afterAll(() => h?.close());

async function book(start: string, eventRecord: EventRecord = event) {
  const guest = `guest-${unique()}@example.com`;
  const other = `other-${unique()}@example.org`;
  const answer = await h.api.book(
    bookingRequest(eventRecord, start, {
      name: 'Ada Lovelace',
      email: guest,
      guests: [other],
      timezone: 'Europe/Berlin',
    }),
  );
  expect(answer.status, answer.text).toBe(201);
  return { guest, other, id: String(answer.body.bookingId), token: String(answer.body.rescheduleToken), answer };
}

const reminders = async (address: string) => (await mailsTo(address)).filter((mail) => /^Reminder/.test(mail.subject));

describe('reminders', () => {
  it('each reminder fires once when due, to the guest and the other guest', async () => {
    const { guest, other } = await book('2026-03-20T14:00:00Z');
    await h.drain();
    h.at('2026-03-19T13:59:00Z');
    await h.tick();
    expect(await reminders(guest)).toEqual([]);
    h.at('2026-03-19T14:00:01Z');
    await h.tick();
    await h.tick();
    expect(await reminders(guest)).toHaveLength(1);
    expect(await reminders(other)).toHaveLength(1);
    // The host did not opt in.
    expect((await reminders(host.email)).filter((mail) => mail.body.text?.includes(guest))).toEqual([]);
    h.at('2026-03-20T13:00:01Z');
    await h.tick();
    expect(await reminders(guest)).toHaveLength(2);
    h.at(NOW);
  });

  it('reminds the host too when the event says so', async () => {
    const reminding = await h.fixtures.eventType(host.id, {
      title: 'Check-in',
      duration: 30,
      remindHost: true,
      reminders: [60],
    });
    const { guest, id } = await book('2026-03-20T16:00:00Z', reminding);
    await h.drain();
    h.at('2026-03-20T15:00:01Z');
    await h.tick();
    expect(await reminders(guest)).toHaveLength(1);
    expect(
      (await reminders(host.email)).filter(
        (mail) => mail.body.text?.includes('Ada Lovelace') && mail.subject.includes('Check-in'),
      ),
    ).toHaveLength(1);
    expect(id).toBeTruthy();
    h.at(NOW);
  });

  it('a reminder delivered twice at once sends once', async () => {
    const { guest, id } = await book('2026-03-23T14:00:00Z');
    await h.drain();
    h.at('2026-03-22T14:00:01Z');
    const payload = {
      kind: 'reminder' as const,
      bookingId: id,
      hostId: host.id,
      start: '2026-03-23T14:00:00.000Z',
      offsetMinutes: 1440,
    };
    const timer = { name: reminderTimerName(id, 1, 1440), at: '2026-03-22T14:00:00.000Z', payload };
    const results = await Promise.allSettled([h.fire(timer), h.fire(timer), h.fire(timer)]);
    // A delivery that meets another in progress fails (the scheduler retries it); none sends a second mail.
    for (const result of results.filter((settled) => settled.status === 'rejected')) {
      expect(String((result as PromiseRejectedResult).reason)).toMatch(/in progress/);
    }
    expect(await reminders(guest)).toHaveLength(1);
    await h.fire(timer);
    expect(await reminders(guest)).toHaveLength(1);
    h.at(NOW);
  });

  it('a cancelled booking gets no reminder, even when its timer was not deleted', async () => {
    const { guest, id, token } = await book('2026-03-24T14:00:00Z');
    await h.drain();
    expect((await h.cancelAsGuest(id, { token })).status).toBe(200);
    // The stream has not run yet: the timers are still there, and fire.
    h.at('2026-03-23T14:00:01Z');
    expect(await h.tick()).toBeGreaterThan(0);
    expect(await reminders(guest)).toEqual([]);
    h.at(NOW);
  });

  it('a rescheduled booking: the old time reminds of nothing, the new one does', async () => {
    const { guest, id, token } = await book('2026-03-25T14:00:00Z');
    await h.drain();
    const moved = await h.api.book({
      ...bookingRequest(event, '2026-03-26T15:00:00Z', {
        name: 'Ada Lovelace',
        email: guest,
        timezone: 'Europe/Berlin',
      }),
      reschedule: { bookingId: id, startTime: '2026-03-25T14:00:00Z', token },
    });
    expect(moved.status).toBe(201);
    // The old booking's timers fire before the stream deleted them: nothing goes out.
    h.at('2026-03-24T14:00:01Z');
    await h.tick();
    expect(await reminders(guest)).toEqual([]);
    h.at('2026-03-02T12:00:00Z');
    await h.drain();
    h.at('2026-03-25T15:00:01Z');
    await h.tick();
    const sent = await reminders(guest);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.text).toContain('4:00 PM');
    h.at(NOW);
  });

  it('a restart between scheduling and firing loses nothing', async () => {
    const { guest } = await book('2026-03-27T14:00:00Z');
    await h.drain();
    h.restartTimers();
    h.at('2026-03-27T13:30:00Z');
    // Both reminders are late: the one a day before fires at once (the meeting is still ahead), as does the hour's.
    await h.tick();
    expect(await reminders(guest)).toHaveLength(2);
    h.at(NOW);
  });
});

describe('pending bookings', () => {
  it('hold their slot; the host confirms; the guest gets the confirmation and the reminders are set', async () => {
    const { guest, id, answer } = await book('2026-03-10T14:00:00Z', pendingEvent);
    expect(answer.body.status).toBe('pending');
    expect(answer.body.calendarEventCreated).toBe(false);
    const refused = await h.api.book(
      bookingRequest(event, '2026-03-10T14:00:00Z', { name: 'Bo', email: 'bo@example.com' }),
    );
    expect(refused.status).toBe(409);
    await h.drain();
    expect((await mailsTo(guest)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/request/i)]);
    expect((await mailsTo(guest))[0]!.attachments?.some((part) => part.filename?.endsWith('.ics'))).toBeFalsy();
    const hostMail = (await mailsTo(host.email)).filter((mail) => mail.body.text?.includes(id));
    expect(hostMail).toHaveLength(1);
    expect(hostMail[0]!.body.html).toContain(`/bookings/${id}`);

    const stranger = await h.fixtures.host();
    expect((await h.confirm(stranger.id, id)).status).toBe(404);
    expect((await h.hostBooking(stranger.id, id)).status).toBe(404);
    // An administrator may see it (and act on it).
    expect((await h.hostBooking(stranger.id, id, true)).body).toMatchObject({
      id,
      status: 'pending',
      eventTitle: 'Strategy Session',
    });
    const confirmed = await h.confirm(host.id, id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    expect((await h.confirm(host.id, id)).status).toBe(409);
    await h.drain();
    const mails = await mailsTo(guest);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/Confirmed/);
    expect(mails[1]!.attachments?.some((part) => part.filename?.endsWith('.ics'))).toBe(true);
  });

  it('the host declines with a reason: the guest is told and the slot is free again', async () => {
    const { guest, id } = await book('2026-03-11T14:00:00Z', pendingEvent);
    await h.drain();
    const declined = await h.decline(host.id, id, { reason: 'Fully booked that week' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'cancelled', cancellation: { by: 'host', declined: true } });
    await h.drain();
    const mails = await mailsTo(guest);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/Declined/i);
    expect(mails[1]!.body.text).toContain('Fully booked that week');
    await book('2026-03-11T14:00:00Z', event);
  });

  it('a bodyless decline works', async () => {
    const { id } = await book('2026-03-11T16:00:00Z', pendingEvent);
    expect((await h.decline(host.id, id)).status).toBe(200);
  });

  it('one nobody confirmed by its start is declined then, and the guest told', async () => {
    const { guest, id } = await book('2026-03-12T14:00:00Z', pendingEvent);
    await h.drain();
    h.at('2026-03-12T14:00:00Z');
    expect(await h.tick()).toBeGreaterThan(0);
    h.at(NOW);
    const view = await h.hostBooking(host.id, id);
    expect(view.body).toMatchObject({ status: 'cancelled', cancellation: { by: 'system', declined: true } });
    await h.drain();
    expect((await mailsTo(guest)).at(-1)!.subject).toMatch(/Declined/i);
  });

  it("the admin's auto-confirm off makes every booking pending", async () => {
    await h.deps.settings.update({ autoConfirmBookings: false }, DEFAULT_SETTINGS);
    try {
      const { answer } = await book('2026-03-13T14:00:00Z');
      expect(answer.body.status).toBe('pending');
    } finally {
      await h.deps.settings.update({ autoConfirmBookings: true }, DEFAULT_SETTINGS);
    }
  });
});

describe('who gets no booking mail', () => {
  it("nobody, when the admin's e-mail notifications are off", async () => {
    await h.deps.settings.update({ emailNotifications: false }, DEFAULT_SETTINGS);
    try {
      const { guest, id } = await book('2026-03-13T16:00:00Z');
      await h.drain();
      expect(await mailsTo(guest)).toEqual([]);
      expect((await mailsTo(host.email)).filter((mail) => mail.body.text?.includes(id))).toEqual([]);
    } finally {
      await h.deps.settings.update({ emailNotifications: true }, DEFAULT_SETTINGS);
    }
  });

  it('a suppressed address (bounce or complaint); the others still do', async () => {
    const guest = `bounced-${unique()}@example.com`;
    await h.deps.mailSuppressions.suppress(guest.toUpperCase(), 'bounce', NOW);
    const answer = await h.api.book(
      bookingRequest(event, '2026-03-16T14:00:00Z', { name: 'Ada', email: guest, timezone: 'Europe/Berlin' }),
    );
    await h.drain();
    expect(await mailsTo(guest)).toEqual([]);
    expect(
      (await mailsTo(host.email)).filter((mail) => mail.body.text?.includes(String(answer.body.bookingId))),
    ).toHaveLength(1);
  });
});
