import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { recordMailFeedback } from '#functions/app/mail/mail-feedback';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { bookingRequest, unique } from '#test/support/booking-fixtures';
import { lifecycleHarness, mailsTo } from '#test/support/lifecycle';

/**
 * Issue 31, item 1: one inbox, one guest, one mail. Through the route table, DynamoDB Local's stream and the SES
 * emulator: the guest list is stored normalised and once, without the booker and the host; a named address is
 * refused; an address SES reported in capitals is not mailed in lower case.
 */

let h: Awaited<ReturnType<typeof lifecycleHarness>>;
let host: HostRecord;
let event: EventRecord;

beforeAll(async () => {
  h = await lifecycleHarness();
  host = await h.fixtures.host({ name: 'Jordan Avery' });
  event = await h.fixtures.eventType(host.id, { title: 'Intro Call', duration: 30 });
}, 60_000);
afterAll(() => h?.close());

async function book(start: string, fields: { email?: string; guests: string[] }) {
  const email = fields.email ?? `ada-${unique()}@example.com`;
  const answer = await h.api.book(
    bookingRequest(event, start, { name: 'Ada Lovelace', email, guests: fields.guests, timezone: 'Europe/Berlin' }),
  );
  expect(answer.status, answer.text).toBe(201);
  const id = String(answer.body.bookingId);
  const stored = await h.deps.bookings.find(host.id, new Date(start).toISOString(), id);
  return { id, email, stored: stored! };
}

/** The booking mails (invitations) an address got for one booking. */
const mailsAbout = async (address: string, id: string) =>
  (await mailsTo(address)).filter((mail) => mail.body.text?.includes(id) || mail.body.html?.includes(id));

describe('guest addresses', () => {
  it('three spellings of one address are one guest, mailed once', async () => {
    const guest = `vee-${unique()}@x.example`;
    const { id, stored } = await book('2026-03-10T14:00:00Z', {
      guests: [guest, guest.toUpperCase(), `  ${guest[0]!.toUpperCase()}${guest.slice(1)} `],
    });
    expect(stored.guests).toEqual([guest]);
    await h.drain();
    const mails = await mailsTo(guest);
    expect(mails, JSON.stringify(mails.map((mail) => mail.subject))).toHaveLength(1);
    expect(mails[0]!.destination.to).toEqual([guest]);
    expect((await h.hostBooking(host.id, id)).body.guests).toEqual([guest]);
  });

  it('drops the booker and the host from the other guests', async () => {
    const booker = `booker-${unique()}@example.com`;
    const other = `other-${unique()}@example.org`;
    const { id, stored } = await book('2026-03-10T15:00:00Z', {
      email: booker,
      guests: [host.email.toUpperCase(), booker.toUpperCase(), other],
    });
    expect(stored.guests).toEqual([other]);
    await h.drain();
    expect(await mailsTo(booker)).toHaveLength(1);
    expect(await mailsTo(other)).toHaveLength(1);
    expect(await mailsAbout(host.email, id)).toHaveLength(1);
  });

  it('refuses a named address with a clear 400', async () => {
    const answer = await h.api.book(
      bookingRequest(event, '2026-03-10T16:00:00Z', { guests: [`Foo<v-${unique()}@x.example>`] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Please enter each guest as just an email address, without a name.');
    const named = await h.api.book(
      bookingRequest(event, '2026-03-10T16:00:00Z', { email: `Ada <ada-${unique()}@example.com>` }),
    );
    expect(named.status).toBe(400);
    expect(named.body.message).toBe('Please enter just your email address, without a name.');
  });

  it('does not mail v@x when SES reported V@X as bounced', async () => {
    const guest = `bounced-${unique()}@x.example`;
    const other = `kept-${unique()}@x.example`;
    const bounce = {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [{ emailAddress: `Vee <${guest.toUpperCase()}>` }],
      },
    };
    expect(await recordMailFeedback(h.deps, JSON.stringify(bounce))).toBe(1);
    expect(await h.deps.mailSuppressions.suppressed([guest])).toEqual(new Set([guest]));
    await book('2026-03-11T14:00:00Z', { guests: [guest, other] });
    await h.drain();
    expect(await mailsTo(guest)).toEqual([]);
    expect(await mailsTo(other)).toHaveLength(1);
  });
});
