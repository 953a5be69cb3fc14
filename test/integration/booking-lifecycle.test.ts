import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { EventRecord, HostRecord } from '#functions/domain/records';
import type { BookingMail } from '#functions/ports/mail';
import { bookingRequest, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';
import type { StoredEmail } from '#test/support/local-stack';

/**
 * Issue 16 end to end on one machine: a booking's write reaches DynamoDB Local's stream, the stream poller hands it to
 * notifyBookingChanges, the mails land in the SES emulator's store and the timers in the table; the guest's links
 * cancel and reschedule; a stream record delivered twice sends once; a failed send is retried and sends once.
 * The clock starts on Monday 2 March 2026, 12:00 UTC; the meeting is Monday 9 March 14:00 UTC, after the US moved
 * to summer time (8 March) and before Europe did (29 March): 10:00 in New York, 15:00 in Berlin, 23:00 in Tokyo.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let host: HostRecord;
let event: EventRecord;
/** Addresses whose next booking mail the SES adapter refuses (a failed send). */
const failOnce = new Set<string>();

beforeAll(async () => {
  h = await lifecycleHarness({
    overrides: (deps) => ({
      bookingMailer: {
        async send(mail: BookingMail) {
          const refused = mail.to.find((to) => failOnce.delete(to));
          if (refused) throw new Error(`SES refused ${refused} (test)`);
          return deps.bookingMailer.send(mail);
        },
      },
    }),
  });
  host = await h.fixtures.host({ name: 'Jordan Avery' });
  event = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
}, 60_000);
afterAll(() => h?.close());

const START = '2026-03-09T14:00:00Z';

/** Books `start` for a new guest in `zone` with one other guest; answers the addresses, id and token. */
async function book(zone: string, start: string, eventRecord: EventRecord = event) {
  const guest = `guest-${unique()}@example.com`;
  const other = `other-${unique()}@example.org`;
  const answer = await h.api.book(
    bookingRequest(eventRecord, start, {
      name: 'Ada Lovelace',
      email: guest,
      guests: [other],
      additionalInfo: 'Bring <b>the</b> notes',
      timezone: zone,
    }),
  );
  expect(answer.status, answer.text).toBe(201);
  return { guest, other, id: String(answer.body.bookingId), token: String(answer.body.rescheduleToken), answer };
}

/** The .ics attached to a stored mail, parsed. */
function calendarOf(mail: StoredEmail) {
  const file = mail.attachments?.find((part) => part.filename?.endsWith('.ics'));
  expect(file, `no .ics on "${mail.subject}"`).toBeDefined();
  return parsedCalendar(Buffer.from(file!.content, 'base64').toString('utf8'));
}

function parsedCalendar(text: string) {
  const vevent = Object.values(ical.sync.parseICS(text)).find((entry) => entry?.type === 'VEVENT') as ical.VEvent;
  return { text, vevent, method: /^METHOD:(\w+)/m.exec(text)?.[1] };
}

/** The one element of a list (fails otherwise). */
function only<T>(list: T[]): T {
  expect(list).toHaveLength(1);
  return list[0]!;
}

const hostMailsAbout = async (id: string) => (await mailsTo(host.email)).filter((mail) => mail.body.text?.includes(id));

describe('a booking mails the guest, the other guest and the host', () => {
  it.each([
    ['America/New_York', '10:00 AM'],
    ['Europe/Berlin', '3:00 PM'],
    ['Asia/Tokyo', '11:00 PM'],
  ])('a guest in %s gets the time in their zone, with the calendar invitation', async (zone, time) => {
    // A host of its own for each zone: the three book the same time.
    const ownHost = await h.fixtures.host({ name: 'Jordan Avery' });
    const ownEvent = await h.fixtures.eventType(ownHost.id, { title: 'Intro Call', duration: 30 });
    const { guest, other, id } = await book(zone, START, ownEvent);
    await h.drain();
    const confirmation = only(await mailsTo(guest));
    expect(confirmation.subject).toContain('Intro Call');
    expect(confirmation.from).toContain('Jordan Avery via Meetwise');
    expect(confirmation.replyTo.join()).toContain(ownHost.email);
    expect(confirmation.body.text).toContain(time);
    expect(confirmation.body.text).toContain(zone);
    // The user's text is escaped in HTML; the links to manage the booking are there.
    expect(confirmation.body.html).toContain('Bring &lt;b&gt;the&lt;/b&gt; notes');
    // Issue 31: the secret in the fragment, never in the query a server logs.
    expect(confirmation.body.html).toContain(`/booking/${id}#token=`);
    expect(confirmation.body.html).toContain(`/book/${ownEvent.slug}?reschedule=${id}#token=`);
    expect(confirmation.body.html).not.toMatch(/[?&]token=/);
    const invite = calendarOf(confirmation);
    expect(invite.method).toBe('REQUEST');
    expect(invite.vevent.uid).toBe(`${id}@meetwise`);
    expect(Number(invite.vevent.sequence)).toBe(1);
    expect(new Date(invite.vevent.start).toISOString()).toBe('2026-03-09T14:00:00.000Z');
    expect(new Date(invite.vevent.end as Date).toISOString()).toBe('2026-03-09T14:30:00.000Z');
    // The other guest: one invitation, without the guest's manage links.
    const invitation = only(await mailsTo(other));
    expect(invitation.body.html).not.toContain('token=');
    expect(calendarOf(invitation).vevent.uid).toBe(`${id}@meetwise`);
    // The host: one mail, in the event's zone (New York), replying to the guest.
    const hostMail = only((await mailsTo(ownHost.email)).filter((mail) => mail.body.text?.includes(id)));
    expect(hostMail.subject).toContain('Ada Lovelace');
    expect(hostMail.body.text).toContain('10:00 AM');
    expect(hostMail.body.text).toContain('America/New_York');
    expect(hostMail.replyTo.join()).toContain(guest);
  });

  it('sets one reminder timer per offset of the event, named from the booking and its version', async () => {
    const { id } = await book('Europe/Berlin', '2026-03-11T14:00:00Z');
    await h.drain();
    expect(await timerNames(id)).toEqual([`rem-${id}-v1-1440`, `rem-${id}-v1-60`].sort());
  });

  it('the booking answer stays as small as before: the write sends nothing itself', async () => {
    const { guest } = await book('Europe/Berlin', '2026-03-11T16:00:00Z');
    // Nothing before the stream is read.
    expect(await mailsTo(guest)).toEqual([]);
    await h.drain();
    expect(await mailsTo(guest)).toHaveLength(1);
  });
});

async function timerNames(bookingId: string): Promise<string[]> {
  const due = await (h.deps.timers as unknown as { due(now: Date, limit: number): Promise<{ name: string }[]> }).due(
    new Date('2027-01-01'),
    1000,
  );
  return due
    .map((timer) => timer.name)
    .filter((name) => name.includes(bookingId))
    .sort();
}

describe('exactly once', () => {
  it('a stream record delivered twice sends each mail once', async () => {
    const { guest, other } = await book('America/New_York', '2026-03-12T14:00:00Z');
    await h.drain();
    expect(await mailsTo(guest)).toHaveLength(1);
    const records = h.delivered.filter((record) => record.dynamodb?.NewImage?.email?.S === guest);
    expect(records).toHaveLength(1);
    await h.notify({ Records: records }, h.context());
    await h.notify({ Records: records }, h.context());
    expect(await mailsTo(guest)).toHaveLength(1);
    expect(await mailsTo(other)).toHaveLength(1);
  });

  it('a send that fails is retried and goes out once; the mails that went out are not sent again', async () => {
    const guest = `guest-${unique()}@example.com`;
    failOnce.add(guest);
    const answer = await h.api.book(
      bookingRequest(event, '2026-03-12T16:00:00Z', { name: 'Grace Hopper', email: guest, timezone: 'Europe/Berlin' }),
    );
    expect(answer.status).toBe(201);
    await h.drain();
    // The first delivery failed for the guest's mail (reported as a batch item failure); the host's went out.
    expect(await mailsTo(guest)).toEqual([]);
    const id = String(answer.body.bookingId);
    expect(await hostMailsAbout(id)).toHaveLength(1);
    await h.drain();
    expect(await mailsTo(guest)).toHaveLength(1);
    expect(await hostMailsAbout(id)).toHaveLength(1);
  });
});

describe("the guest's links: cancel", () => {
  it('the manage page changes nothing; the POST cancels, the host is told with the reason, reminders go', async () => {
    const { guest, other, id, token } = await book('Asia/Tokyo', '2026-03-13T14:00:00Z');
    await h.drain();
    const view = await h.manage(id, token);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id, status: 'confirmed', eventTitle: 'Intro Call', userTimezone: 'Asia/Tokyo' });
    expect(view.body.startTime).toBe('2026-03-13T23:00:00+09:00');
    expect((await h.manage(id, token)).body.status).toBe('confirmed');
    // A wrong token: 404, whichever part is wrong.
    expect(
      (
        await h.manage(
          id,
          token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).status,
    ).toBe(404);

    const cancelled = await h.cancelAsGuest(id, { token, reason: 'Something came up' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancellation: { by: 'guest', reason: 'Something came up' },
    });
    expect((await h.cancelAsGuest(id, { token })).status).toBe(409);
    await h.drain();

    const guestMails = await mailsTo(guest);
    expect(guestMails).toHaveLength(2);
    const cancellation = calendarOf(guestMails[1]!);
    expect(cancellation.method).toBe('CANCEL');
    expect(cancellation.vevent.uid).toBe(`${id}@meetwise`);
    expect(Number(cancellation.vevent.sequence)).toBe(2);
    expect(guestMails[1]!.body.html).toContain(`/book/${event.slug}`);
    expect(await mailsTo(other)).toHaveLength(2);
    const hostMails = await hostMailsAbout(id);
    expect(hostMails).toHaveLength(2);
    expect(hostMails[1]!.body.text).toContain('Something came up');
    expect(await timerNames(id)).toEqual([]);
  });

  it('a booking that started cannot be cancelled', async () => {
    const { id, token } = await book('Europe/Berlin', '2026-03-16T14:00:00Z');
    h.at('2026-03-16T14:05:00Z');
    try {
      const refused = await h.cancelAsGuest(id, { token });
      expect(refused.status).toBe(409);
      expect((await h.manage(id, token)).body).toMatchObject({ past: true, status: 'confirmed' });
    } finally {
      h.at('2026-03-02T12:00:00Z');
    }
  });

  it('a booking that started cannot be rescheduled', async () => {
    const { guest, id, token } = await book('Europe/Berlin', '2026-03-16T18:00:00Z');
    h.at('2026-03-16T18:01:00Z');
    try {
      const refused = await h.api.book({
        ...bookingRequest(event, '2026-03-19T15:00:00Z', { name: 'Ada Lovelace', email: guest }),
        reschedule: { bookingId: id, startTime: '2026-03-16T18:00:00Z', token },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This booking has already started and can no longer be rescheduled.');
    } finally {
      h.at('2026-03-02T12:00:00Z');
    }
  });

  it('the calendar file carries the same UID as the mails', async () => {
    const { id, token } = await book('Europe/Berlin', '2026-03-16T16:00:00Z');
    const file = await h.calendarFile(id, token);
    expect(file.status).toBe(200);
    const parsed = parsedCalendar(file.text);
    expect(parsed.vevent.uid).toBe(`${id}@meetwise`);
    expect(new Date(parsed.vevent.start).toISOString()).toBe('2026-03-16T16:00:00.000Z');
    expect((await h.calendarFile(id, 'x'.repeat(43))).status).toBe(404);
  });
});

describe("the guest's links: reschedule", () => {
  it('the new time is mailed as rescheduled (old time struck through), same UID, next SEQUENCE', async () => {
    const { guest, other, id, token } = await book('Europe/Berlin', '2026-03-17T14:00:00Z');
    await h.drain();
    const moved = await h.api.book({
      ...bookingRequest(event, '2026-03-18T15:00:00Z', {
        name: 'Ada Lovelace',
        email: guest,
        guests: [other],
        timezone: 'Europe/Berlin',
      }),
      reschedule: { bookingId: id, startTime: '2026-03-17T14:00:00Z', token },
    });
    expect(moved.status, moved.text).toBe(201);
    const newId = String(moved.body.bookingId);
    await h.drain();
    const guestMails = await mailsTo(guest);
    expect(guestMails).toHaveLength(2);
    const notice = guestMails[1]!;
    expect(notice.subject).toMatch(/Rescheduled/);
    expect(notice.body.html).toMatch(/<s[^>]*>[^<]*3:00 PM/);
    expect(notice.body.text).toContain('4:00 PM');
    const invite = calendarOf(notice);
    expect(invite.method).toBe('REQUEST');
    expect(invite.vevent.uid).toBe(`${id}@meetwise`);
    expect(Number(invite.vevent.sequence)).toBe(2);
    expect(new Date(invite.vevent.start).toISOString()).toBe('2026-03-18T15:00:00.000Z');
    expect(await mailsTo(other)).toHaveLength(2);
    expect(await hostMailsAbout(newId)).toHaveLength(1);
    // The old booking's reminders are gone, the new one's are set.
    expect(await timerNames(id)).toEqual([]);
    expect(await timerNames(newId)).toEqual([`rem-${newId}-v2-1440`, `rem-${newId}-v2-60`].sort());
  });
});
