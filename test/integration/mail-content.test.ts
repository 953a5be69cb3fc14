import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import { utcDay } from '#functions/domain/booking';
import type { BookingRecord, EventRecord, HostRecord } from '#functions/domain/records';
import { bookingRequest, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';
import type { StoredEmail } from '#test/support/local-stack';

/**
 * Issue 30 in the booking mails, end to end on one machine (stream → notifyBookingChanges → the SES emulator's store):
 * a booking that gets a new meeting room mails "Location updated" with the calendar update to everyone in it, and a
 * reschedule waiting for the host moves the other guests' calendars (tentative) and tells them of its decline.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let host: HostRecord;

beforeAll(async () => {
  h = await lifecycleHarness();
  host = await h.fixtures.host({ name: 'Jordan Avery' });
}, 60_000);
afterAll(() => h?.close());

async function book(event: EventRecord, start: string) {
  const guest = `guest-${unique()}@example.com`;
  const other = `other-${unique()}@example.org`;
  const answer = await h.api.book(
    bookingRequest(event, start, { name: 'Ada Lovelace', email: guest, guests: [other], timezone: 'Europe/Berlin' }),
  );
  expect(answer.status, answer.text).toBe(201);
  return { guest, other, id: String(answer.body.bookingId), token: String(answer.body.rescheduleToken) };
}

/** The .ics a stored mail carries: its text (unfolded), its VEVENT and METHOD. */
function calendarOf(mail: StoredEmail) {
  const file = mail.attachments?.find((part) => part.filename?.endsWith('.ics'));
  expect(file, `no .ics on "${mail.subject}"`).toBeDefined();
  const text = Buffer.from(file!.content, 'base64').toString('utf8');
  const vevent = Object.values(ical.sync.parseICS(text)).find((entry) => entry?.type === 'VEVENT') as ical.VEvent;
  return { text: text.replace(/\r\n /g, ''), vevent, method: /^METHOD:(\w+)/m.exec(text)?.[1] };
}

const last = (mails: StoredEmail[]) => mails[mails.length - 1]!;
const hostMailsAbout = async (id: string) => (await mailsTo(host.email)).filter((mail) => mail.body.text?.includes(id));

describe('Location updated', () => {
  it('a booking given a new room (status unchanged, version bumped) mails everyone the calendar update', async () => {
    const event = await h.fixtures.eventType(host.id, {
      title: 'Video Intro',
      locationType: 'video',
      location: 'Video call',
    });
    const { guest, other, id } = await book(event, '2026-03-10T14:00:00Z');
    await h.drain();
    const [booked] = (await h.fixtures.bookingsOf(host.id)).filter((each) => each.id === id) as [BookingRecord];
    const before = { guest: (await mailsTo(guest)).length, other: (await mailsTo(other)).length };
    const firstSequence = Number(calendarOf(last(await mailsTo(guest))).vevent.sequence);

    // What the disconnect fallback and the migration write (H1): a room, and the next version.
    const room = `https://meet.jit.si/Meetwise-${'ab'.repeat(16)}`;
    const documents = DynamoDBDocumentClient.from(createDynamoClient(h.config));
    await documents.send(
      new UpdateCommand({
        TableName: h.config.tableName,
        Key: keys.booking(host.id, utcDay(Date.parse(booked.start)), booked.start, id),
        UpdateExpression: 'SET meetingUrl = :room, #version = :next',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':room': room, ':next': (booked.version ?? 1) + 1 },
      }),
    );
    await h.drain();

    const guestMails = await mailsTo(guest);
    const otherMails = await mailsTo(other);
    expect(guestMails).toHaveLength(before.guest + 1);
    expect(otherMails).toHaveLength(before.other + 1);
    const hostMail = last(await hostMailsAbout(id));
    for (const mail of [last(guestMails), last(otherMails), hostMail]) {
      expect(mail.subject).toMatch(/^Location updated: /);
      expect(mail.body.text).toContain(`Where: Video call: ${room}`);
      expect(mail.body.html).toContain(`<a href="${room}"`);
      const invite = calendarOf(mail);
      expect(invite.method).toBe('REQUEST');
      expect(invite.vevent.uid).toBe(`${id}@meetwise`);
      expect(Number(invite.vevent.sequence)).toBe(firstSequence + 1);
      expect(invite.vevent.location).toBe(room);
      expect(invite.text).toContain(`CONFERENCE;VALUE=URI;FEATURE=VIDEO;LABEL=Video call:${room}`);
    }
    // Delivered again: nothing more.
    const change = h.delivered.filter((record) => record.dynamodb?.NewImage?.meetingUrl?.S === room);
    expect(change).toHaveLength(1);
    await h.notify({ Records: change }, h.context());
    expect(await mailsTo(guest)).toHaveLength(before.guest + 1);
  });
});

describe('a reschedule waiting for the host', () => {
  let event: EventRecord;
  beforeAll(async () => {
    event = await h.fixtures.eventType(host.id, {
      title: 'Review',
      requiresConfirmation: true,
      locationType: 'in-person',
      location: '1 Main St',
    });
  });

  /** A confirmed booking (requested, then confirmed by the host) at `from`, moved to `to`. */
  async function movedAndWaiting(from: string, to: string) {
    const booked = await book(event, from);
    await h.drain();
    expect((await h.confirm(host.id, booked.id)).status).toBe(200);
    await h.drain();
    const invited = calendarOf(last(await mailsTo(booked.other)));
    expect(invited.method).toBe('REQUEST');
    const moved = await h.api.book({
      ...bookingRequest(event, to, {
        name: 'Ada Lovelace',
        email: booked.guest,
        guests: [booked.other],
        timezone: 'Europe/Berlin',
      }),
      reschedule: { bookingId: booked.id, startTime: from, token: booked.token },
    });
    expect(moved.status, moved.text).toBe(201);
    await h.drain();
    return { ...booked, newId: String(moved.body.bookingId), sequence: Number(invited.vevent.sequence) };
  }

  it('moves the other guests’ calendars off the old time, to the new one as tentative', async () => {
    const { other, guest, id, sequence } = await movedAndWaiting('2026-03-11T14:00:00Z', '2026-03-12T15:00:00Z');
    for (const address of [other, guest]) {
      const mail = last(await mailsTo(address));
      expect(mail.body.text).toContain('(was: Wednesday, March 11, 2026, 3:00 PM – 3:30 PM (Europe/Berlin))');
      const invite = calendarOf(mail);
      expect(invite.method).toBe('REQUEST');
      expect(invite.vevent.status).toBe('TENTATIVE');
      expect(invite.vevent.uid).toBe(`${id}@meetwise`);
      expect(Number(invite.vevent.sequence)).toBeGreaterThan(sequence);
      expect(new Date(invite.vevent.start).toISOString()).toBe('2026-03-12T15:00:00.000Z');
    }
    expect(last(await mailsTo(other)).subject).toMatch(/^New time requested: /);
  });

  it('a declined one tells the other guests and cancels it in their calendars', async () => {
    const { other, guest, id, newId } = await movedAndWaiting('2026-03-13T14:00:00Z', '2026-03-16T15:00:00Z');
    const tentative = Number(calendarOf(last(await mailsTo(other))).vevent.sequence);
    expect((await h.decline(host.id, newId, { reason: 'Away that day' })).status).toBe(200);
    await h.drain();
    const mail = last(await mailsTo(other));
    expect(mail.subject).toMatch(/^Cancelled: /);
    expect(mail.body.text).toContain('Jordan Avery declined the new time Ada Lovelace asked for');
    for (const each of [mail, last(await mailsTo(guest))]) {
      const invite = calendarOf(each);
      expect(invite.method).toBe('CANCEL');
      expect(invite.vevent.uid).toBe(`${id}@meetwise`);
      expect(Number(invite.vevent.sequence)).toBeGreaterThan(tentative);
    }
  });
});
