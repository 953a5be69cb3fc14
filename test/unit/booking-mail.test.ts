import { describe, expect, it } from 'vitest';

import { bookingMails } from '#functions/domain/mail/booking-mails';
import type { MailContext, MailKind } from '#functions/domain/mail/context';
import { calendarInviteFor } from '#functions/domain/mail/invitation';
import type { BookingRecord } from '#functions/domain/records';
import type { CalendarInvite } from '#functions/ports/mail';
import { HOST, LINKS, TOKEN } from '#test/support/booking-mail-fixtures';

const EVENT: NonNullable<MailContext['event']> = {
  title: 'Intro Call',
  duration: 30,
  location: '',
  locationType: 'google-meet',
  timeZone: 'America/New_York',
  description: 'A first conversation.',
};

function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id: 'b-1',
    hostId: 'host-1',
    eventId: 1001,
    eventTitle: 'Intro Call',
    eventSlug: 'jordan-30',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    additionalInfo: 'About the engine',
    guests: ['bob@example.com', 'Carol@Example.com'],
    start: '2026-03-09T14:00:00.000Z',
    end: '2026-03-09T14:30:00.000Z',
    blockedStart: '2026-03-09T14:00:00.000Z',
    blockedEnd: '2026-03-09T14:30:00.000Z',
    status: 'confirmed',
    guestTimeZone: 'Europe/Berlin',
    calendarProvider: 'builtin',
    calendarEventId: null,
    version: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const cancelled = (by: 'guest' | 'host' | 'admin' | 'system', reason: string | null = null, declined = false) =>
  booking({ status: 'cancelled', cancellation: { by, reason, declined, at: '2026-03-05T10:00:00.000Z' } });

function mailsFor(kind: MailKind, record: BookingRecord, extra: Partial<MailContext> = {}) {
  const mails = bookingMails({ kind, booking: record, host: HOST, event: EVENT, links: LINKS, ...extra });
  return { mails, byKey: Object.fromEntries(mails.map(({ key, mail }) => [key, mail])) };
}

const OTHERS = ['guest:bob@example.com', 'guest:carol@example.com'];

describe('who gets which booking mail', () => {
  it.each<[string, MailKind, BookingRecord, string[], Partial<MailContext>?]>([
    ['booked', 'booked', booking(), ['guest', ...OTHERS, 'host']],
    ['requested', 'requested', booking({ status: 'pending' }), ['guest', 'host']],
    ['confirmed', 'confirmed', booking(), ['guest', ...OTHERS]],
    ['declined by the host', 'declined', cancelled('host', 'Away that week', true), ['guest']],
    ['declined by expiry', 'declined', cancelled('system', null, true), ['guest', 'host']],
    ['declined by an admin', 'declined', cancelled('admin', null, true), ['guest', 'host']],
    ['cancelled by the guest', 'cancelled', cancelled('guest', 'Ill'), ['guest', ...OTHERS, 'host']],
    ['cancelled by the host', 'cancelled', cancelled('host'), ['guest', ...OTHERS]],
    // The host hears of an administrator's cancellation (issue 17: the admin dashboard cancels any booking).
    ['cancelled by an admin', 'cancelled', cancelled('admin'), ['guest', ...OTHERS, 'host']],
    ['rescheduled, confirmed', 'rescheduled', booking(), ['guest', ...OTHERS, 'host']],
    // Issue 30: the other guests' calendars must not keep the old time (the new one is tentative there).
    [
      'rescheduled, awaiting the host',
      'rescheduled',
      booking({
        status: 'pending',
        rescheduledFrom: { id: 'b-0', start: '2026-03-06T14:00:00.000Z', end: '2026-03-06T14:30:00.000Z' },
      }),
      ['guest', ...OTHERS, 'host'],
    ],
    ['a reminder', 'reminder', booking(), ['guest', ...OTHERS], { reminderOffset: 60 }],
    ['a reminder the host gets too', 'reminder', booking(), ['guest', ...OTHERS, 'host'], { remindHost: true }],
    ['a reminder of a cancelled booking', 'reminder', cancelled('guest'), [], { remindHost: true }],
  ])('%s', (_name, kind, record, keys, extra) => {
    const { mails, byKey } = mailsFor(kind, record, extra);
    expect(mails.map((mail) => mail.key)).toEqual(keys);
    for (const [key, mail] of Object.entries(byKey)) {
      expect(mail.fromName).toBe('Jordan Avery via Meetwise');
      if (key === 'host') {
        expect(mail).toMatchObject({ to: ['jordan@meetwise.test'], replyTo: ['ada@example.com'] });
      } else {
        expect(mail.to[0]!.toLowerCase()).toBe(key === 'guest' ? 'ada@example.com' : key.slice('guest:'.length));
        expect(mail.replyTo).toEqual(['jordan@meetwise.test']);
      }
      expect(mail.text.length).toBeGreaterThan(50);
      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    }
  });

  it('sends each other guest one mail, and none to the guest or the host listed again', () => {
    const record = booking({
      guests: ['bob@example.com', 'BOB@example.com', 'ADA@example.com', 'jordan@meetwise.test'],
    });
    expect(mailsFor('booked', record).mails.map((mail) => mail.key)).toEqual([
      'guest',
      'guest:bob@example.com',
      'host',
    ]);
  });

  it('names the kind of news in the subject', () => {
    const subjects = (kind: MailKind, record: BookingRecord, extra?: Partial<MailContext>) =>
      Object.fromEntries(mailsFor(kind, record, extra).mails.map(({ key, mail }) => [key, mail.subject]));
    const on = 'on Mon, Mar 9, 2026 at 3:00 PM';
    expect(subjects('booked', booking())).toEqual({
      guest: `Confirmed: Intro Call with Jordan Avery ${on}`,
      'guest:bob@example.com': `Invitation: Intro Call with Jordan Avery ${on}`,
      'guest:carol@example.com': `Invitation: Intro Call with Jordan Avery ${on}`,
      host: 'New booking: Ada Lovelace – Intro Call on Mon, Mar 9, 2026 at 10:00 AM',
    });
    expect(subjects('requested', booking({ status: 'pending' }))).toEqual({
      guest: `Request received: Intro Call with Jordan Avery ${on}`,
      host: 'Please confirm: Ada Lovelace – Intro Call on Mon, Mar 9, 2026 at 10:00 AM',
    });
    expect(subjects('confirmed', booking()).guest).toBe(`Confirmed: Intro Call with Jordan Avery ${on}`);
    expect(subjects('declined', cancelled('host', null, true)).guest).toBe(
      `Declined: Intro Call with Jordan Avery ${on}`,
    );
    expect(subjects('cancelled', cancelled('guest'))).toMatchObject({
      guest: `Cancelled: Intro Call with Jordan Avery ${on}`,
      host: 'Cancelled: Ada Lovelace – Intro Call on Mon, Mar 9, 2026 at 10:00 AM',
    });
    expect(subjects('rescheduled', booking()).guest).toBe(`Rescheduled: Intro Call with Jordan Avery ${on}`);
    expect(subjects('rescheduled', booking({ status: 'pending' })).host).toBe(
      'Please confirm the new time: Ada Lovelace – Intro Call on Mon, Mar 9, 2026 at 10:00 AM',
    );
    expect(subjects('reminder', booking(), { reminderOffset: 1440, remindHost: true })).toMatchObject({
      guest: 'Reminder: Intro Call with Jordan Avery starts in 1 day',
      host: 'Reminder: Intro Call with Ada Lovelace starts in 1 day',
    });
    expect(subjects('reminder', booking(), { reminderOffset: 15 }).guest).toBe(
      'Reminder: Intro Call with Jordan Avery starts in 15 minutes',
    );
  });

  it('takes the sender name from mailFromName when given, on one line', () => {
    const { byKey } = mailsFor('booked', booking(), { mailFromName: (name) => `${name}\n(Meetwise)` });
    expect(byKey.guest!.fromName).toBe('Jordan Avery (Meetwise)');
  });
});
describe('a booking stored before guests were normalised (issue 31)', () => {
  it('mails each inbox once, bare, and never the guest who booked or the host as an other guest', () => {
    const stored = booking({
      guests: ['Bob <bob@example.com>', 'BOB@example.com', ' carol@example.com ', 'Ada@Example.com', HOST.email, 'x'],
    });
    const { mails } = mailsFor('booked', stored);
    expect(mails.map(({ key }) => key)).toEqual(['guest', ...OTHERS, 'host']);
    expect(mails.filter(({ key }) => key.startsWith('guest:')).flatMap(({ mail }) => mail.to)).toEqual([
      'bob@example.com',
      'carol@example.com',
    ]);
  });
});

describe('times in the recipient’s zone', () => {
  it.each([
    ['America/New_York', 'Monday, March 9, 2026, 10:00 AM – 10:30 AM (America/New_York)'],
    ['Europe/Berlin', 'Monday, March 9, 2026, 3:00 PM – 3:30 PM (Europe/Berlin)'],
    ['Asia/Tokyo', 'Monday, March 9, 2026, 11:00 PM – 11:30 PM (Asia/Tokyo)'],
  ])('a guest in %s sees %s, and so do the other guests', (zone, shown) => {
    const { byKey } = mailsFor('booked', booking({ guestTimeZone: zone }));
    for (const key of ['guest', ...OTHERS]) {
      expect(byKey[key]!.text).toContain(`When: ${shown}`);
      expect(byKey[key]!.html).toContain(shown);
    }
  });

  it("shows the host the event's zone, and the guest's zone beside it", () => {
    const { byKey } = mailsFor('booked', booking({ guestTimeZone: 'Asia/Tokyo' }), {
      event: { ...EVENT, timeZone: 'Europe/Berlin' },
    });
    expect(byKey.host!.text).toContain('When: Monday, March 9, 2026, 3:00 PM – 3:30 PM (Europe/Berlin)');
    expect(byKey.host!.text).toContain("Guest's time zone: Asia/Tokyo");
    expect(byKey.host!.subject).toContain('on Mon, Mar 9, 2026 at 3:00 PM');
  });

  it("falls back to the guest's zone for the host when the event type is gone", () => {
    const { byKey } = mailsFor('cancelled', cancelled('guest'), { event: null });
    expect(byKey.host!.text).toContain('(Europe/Berlin)');
    expect(byKey.host!.text).not.toContain("Guest's time zone");
  });

  it('names the end date when the meeting ends on the next day there', () => {
    const record = booking({ start: '2026-03-09T14:45:00.000Z', end: '2026-03-09T15:15:00.000Z' });
    const { byKey } = mailsFor('booked', { ...record, guestTimeZone: 'Asia/Tokyo' });
    expect(byKey.guest!.text).toContain(
      'When: Monday, March 9, 2026, 11:45 PM – Tuesday, March 10, 2026, 12:15 AM (Asia/Tokyo)',
    );
  });

  it('follows the zone across its clock change (Berlin moves on March 29, 2026)', () => {
    const { byKey } = mailsFor(
      'booked',
      booking({ start: '2026-03-27T14:00:00.000Z', end: '2026-03-27T14:30:00.000Z' }),
    );
    expect(byKey.guest!.text).toContain('Friday, March 27, 2026, 3:00 PM – 3:30 PM (Europe/Berlin)');
    const summer = mailsFor('booked', booking({ start: '2026-03-30T14:00:00.000Z', end: '2026-03-30T14:30:00.000Z' }));
    expect(summer.byKey.guest!.text).toContain('Monday, March 30, 2026, 4:00 PM – 4:30 PM (Europe/Berlin)');
  });
});

describe('what each mail says', () => {
  it('gives the guest the details, the answers, the calendar links and the change links', () => {
    const guest = mailsFor('booked', booking()).byKey.guest!;
    expect(guest.text).toContain('Hi Ada Lovelace,');
    expect(guest.text).toContain('What: Intro Call');
    expect(guest.text).toContain('Host: Jordan Avery');
    expect(guest.text).toContain('Where: Google Meet (the link is in the calendar invitation)');
    expect(guest.text).toContain('Additional information: About the engine');
    expect(guest.text).toContain('Guests: bob@example.com, Carol@Example.com');
    expect(guest.text).toContain(`Calendar file (.ics): ${LINKS.calendarFile}`);
    expect(guest.text).toContain(`Reschedule: ${LINKS.reschedule}`);
    expect(guest.text).toContain(`Cancel: ${LINKS.manage}`);
    const google = /Google Calendar: (\S+)/.exec(guest.text)![1]!;
    const url = new URL(google);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Intro Call with Jordan Avery',
      dates: '20260309T140000Z/20260309T143000Z',
      details:
        'A first conversation.\n\nAdditional information: About the engine\nGuests: bob@example.com, Carol@Example.com',
      location: 'Google Meet',
    });
    expect(guest.html).toContain(`<a href="${LINKS.reschedule.replace(/&/g, '&amp;')}"`);
    expect(guest.html).toContain(`<a href="${LINKS.manage}"`);
    expect(guest.html).toContain(`<a href="${LINKS.calendarFile.replace(/&/g, '&amp;')}"`);
  });

  it('writes the location for each kind of event', () => {
    const where = (event: Partial<NonNullable<MailContext['event']>>, record = booking()) =>
      /Where: (.*)/.exec(mailsFor('booked', record, { event: { ...EVENT, ...event } }).byKey.guest!.text)?.[1];
    expect(where({ locationType: 'in-person', location: '1 Main St, Springfield' })).toBe('1 Main St, Springfield');
    // Issue 30: every place is shown as everywhere else (shared/locations.ts meetingPlace).
    expect(where({ locationType: 'in-person', location: '' })).toBe('In-person');
    expect(where({ locationType: 'phone', location: '+1 555 0100' })).toBe('Phone call: call +1 555 0100');
    // No Meet link before the host confirms.
    const requested = mailsFor('requested', booking({ status: 'pending' })).byKey.guest!;
    expect(requested.text).toContain('Where: Google Meet\n');
  });

  it('tells the guest a request waits for the host, with only a cancel link', () => {
    const guest = mailsFor('requested', booking({ status: 'pending' })).byKey.guest!;
    expect(guest.text).toContain('Jordan Avery needs to confirm your request');
    expect(guest.text).toContain(`Cancel request: ${LINKS.manage}`);
    expect(guest.text).not.toContain(LINKS.reschedule);
    expect(guest.invite).toBeUndefined();
  });

  it('asks the host to confirm or decline a request on the console page', () => {
    const host = mailsFor('requested', booking({ status: 'pending' })).byKey.host!;
    expect(host.text).toContain('Ada Lovelace asked to book Intro Call with you.');
    expect(host.text).toContain(`Confirm or decline: ${LINKS.console}`);
    expect(host.text).toContain('Guest: Ada Lovelace <ada@example.com>');
    expect(host.text).toContain('Other guests: bob@example.com, Carol@Example.com');
    expect(host.text).toContain('Additional information: About the engine');
    expect(host.text).not.toContain(TOKEN);
  });

  it('tells the host of a new booking with the guest, the answers and the console link', () => {
    const host = mailsFor('booked', booking()).byKey.host!;
    expect(host.text).toContain('Ada Lovelace booked Intro Call with you.');
    expect(host.text).toContain(`View booking: ${LINKS.console}`);
    expect(host.text).toContain('Additional information: About the engine');
  });

  it('says who cancelled, with the reason and a "Book again" link', () => {
    const byGuest = mailsFor('cancelled', cancelled('guest', 'Something came up'));
    expect(byGuest.byKey.guest!.text).toContain('You cancelled your Intro Call with Jordan Avery.');
    expect(byGuest.byKey.guest!.text).toContain('Reason: Something came up');
    expect(byGuest.byKey.guest!.text).toContain(`Book again: ${LINKS.bookAgain}`);
    expect(byGuest.byKey['guest:bob@example.com']!.text).toContain(
      'Ada Lovelace cancelled Intro Call with Jordan Avery.',
    );
    expect(byGuest.byKey.host!.text).toContain('Ada Lovelace cancelled their booking.');
    expect(byGuest.byKey.host!.text).toContain('Reason: Something came up');

    const byHost = mailsFor('cancelled', cancelled('host', 'Double-booked'));
    expect(byHost.byKey.guest!.text).toContain('Jordan Avery cancelled your Intro Call.');
    expect(byHost.byKey.guest!.text).toContain('Reason: Double-booked');
    expect(byHost.byKey.host).toBeUndefined();

    // Issue 31: an administrator's cancellation is told as theirs; the system's names nobody.
    const byAdmin = mailsFor('cancelled', cancelled('admin'));
    expect(byAdmin.byKey.guest!.text).toContain('An administrator cancelled your Intro Call with Jordan Avery.');
    expect(byAdmin.byKey.guest!.text).not.toContain('Reason:');
    expect(byAdmin.byKey['guest:bob@example.com']!.text).toContain(
      'An administrator cancelled Intro Call with Jordan Avery.',
    );
    const bySystem = mailsFor('cancelled', cancelled('system'));
    expect(bySystem.byKey.guest!.text).toContain('Your Intro Call with Jordan Avery has been cancelled.');
  });

  it('says when the host moved the booking with their reschedule link (issue 31), and when the guest did', () => {
    const moved = (by?: 'guest' | 'host') =>
      booking({
        rescheduledFrom: {
          id: 'b-0',
          start: '2026-03-08T14:00:00.000Z',
          end: '2026-03-08T14:30:00.000Z',
          ...(by ? { by } : {}),
        },
      });
    const byHost = mailsFor('rescheduled', moved('host'));
    expect(byHost.byKey.guest!.text).toContain('Jordan Avery moved your Intro Call to a new time.');
    expect(byHost.byKey.host!.text).toContain(
      "You moved Ada Lovelace's booking to a new time with your reschedule link.",
    );
    const byGuest = mailsFor('rescheduled', moved());
    expect(byGuest.byKey.guest!.text).toContain('Your Intro Call with Jordan Avery has moved to a new time.');
    expect(byGuest.byKey.host!.text).toContain('Ada Lovelace moved their booking to a new time.');
  });

  it('tells the guest a request was declined, with the reason, or that it expired', () => {
    const declined = mailsFor('declined', cancelled('host', 'Fully booked that week', true)).byKey.guest!;
    expect(declined.text).toContain('Jordan Avery declined your request.');
    expect(declined.text).toContain('Reason: Fully booked that week');
    expect(declined.text).toContain(`Book again: ${LINKS.bookAgain}`);
    const expired = mailsFor('declined', cancelled('system', 'The host did not confirm.', true)).byKey.guest!;
    expect(expired.text).toContain('did not confirm your request in time');
    expect(expired.text).not.toContain('Reason:');
  });

  it('offers no "Book again" when the event type is gone, and keeps the title booked', () => {
    const guest = mailsFor('cancelled', cancelled('host'), { event: null }).byKey.guest!;
    expect(guest.text).toContain('What: Intro Call');
    expect(guest.text).not.toContain('Book again');
    expect(guest.text).not.toContain('Where:');
  });

  it('strikes the old time through after a reschedule', () => {
    const record = booking({
      rescheduledFrom: { id: 'b-0', start: '2026-03-06T14:00:00.000Z', end: '2026-03-06T14:30:00.000Z' },
    });
    const { byKey } = mailsFor('rescheduled', record);
    const old = 'Friday, March 6, 2026, 3:00 PM – 3:30 PM (Europe/Berlin)';
    expect(byKey.guest!.text).toContain(
      `When: Monday, March 9, 2026, 3:00 PM – 3:30 PM (Europe/Berlin)\n  (was: ${old})`,
    );
    expect(byKey.guest!.html).toMatch(new RegExp(`<s[^>]*>${old.replace(/[()]/g, '\\$&')}</s>`));
    expect(byKey['guest:bob@example.com']!.html).toContain(`${old}</s>`);
    // The host sees both times in the event's zone (New York: EST on March 6, EDT on March 9).
    expect(byKey.host!.text).toContain(
      'When: Monday, March 9, 2026, 10:00 AM – 10:30 AM (America/New_York)\n' +
        '  (was: Friday, March 6, 2026, 9:00 AM – 9:30 AM (America/New_York))',
    );
    expect(byKey.host!.text).toContain('Ada Lovelace moved their booking to a new time.');
  });

  it('says a reschedule waiting for the host awaits their confirmation', () => {
    const record = booking({
      status: 'pending',
      rescheduledFrom: { id: 'b-0', start: '2026-03-06T14:00:00.000Z', end: '2026-03-06T14:30:00.000Z' },
    });
    const { byKey } = mailsFor('rescheduled', record);
    expect(byKey.guest!.subject).toMatch(/^Rescheduled: /);
    expect(byKey.guest!.text).toContain('Jordan Avery needs to confirm it');
    expect(byKey.guest!.text).toContain('(was: Friday, March 6, 2026');
    expect(byKey.host!.text).toContain(`Confirm or decline: ${LINKS.console}`);
  });

  it('reminds with the time left and the change links', () => {
    const { byKey } = mailsFor('reminder', booking(), { reminderOffset: 120, remindHost: true });
    expect(byKey.guest!.text).toContain('Intro Call starts in 2 hours');
    expect(byKey.guest!.text).toContain(`Reschedule: ${LINKS.reschedule}`);
    expect(byKey.guest!.text).toContain(`Cancel: ${LINKS.manage}`);
    expect(byKey.host!.text).toContain(`View booking: ${LINKS.console}`);
  });

  it("never gives other guests the guest's manage links or their secret", () => {
    const kinds: [MailKind, BookingRecord][] = [
      ['booked', booking()],
      ['confirmed', booking()],
      ['rescheduled', booking()],
      ['cancelled', cancelled('guest', 'Reason')],
      ['reminder', booking()],
    ];
    for (const [kind, record] of kinds) {
      const { mails } = mailsFor(kind, record, { reminderOffset: 60 });
      const others = mails.filter(({ key }) => key.startsWith('guest:'));
      expect(others).toHaveLength(2);
      for (const { mail } of others) {
        expect(`${mail.text}${mail.html}${JSON.stringify(mail.invite ?? {})}`).not.toContain(TOKEN);
        expect(mail.text).not.toContain('/booking/b-1');
      }
    }
  });
});

describe('escaping what people typed', () => {
  const SCRIPT = '<script>alert("x")</script>';

  it('escapes names, answers, reasons, titles and locations in the HTML and keeps them as typed in the text', () => {
    const record = {
      ...cancelled('guest', `Reason ${SCRIPT}`),
      name: `Ada ${SCRIPT}`,
      additionalInfo: `Note ${SCRIPT}\nsecond line`,
    };
    const event = { ...EVENT, title: `Title <img src=x onerror=alert(1)>`, locationType: 'in-person' as const };
    const { mails } = mailsFor('cancelled', record, {
      event: { ...event, location: `Room <b onmouseover="x">1</b>` },
      host: { name: `Jordan <i>&</i>`, email: HOST.email },
    });
    expect(mails.length).toBe(4);
    for (const { key, mail } of mails) {
      expect(mail.html).not.toMatch(/<script|<img|<b |<i>/i);
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      if (key !== 'host') expect(mail.html).toContain('Jordan &lt;i&gt;&amp;&lt;/i&gt;');
    }
    const guest = mails.find(({ key }) => key === 'guest')!.mail;
    expect(guest.html).toContain('Ada &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(guest.html).toContain('Reason &lt;script&gt;');
    expect(guest.html).toContain('Room &lt;b onmouseover=&quot;x&quot;&gt;1&lt;/b&gt;');
    expect(guest.text).toContain(`Hi Ada ${SCRIPT},`);
    expect(guest.text).toContain(`Reason: Reason ${SCRIPT}`);
    // The answers are in the booking mails.
    const booked = mailsFor('booked', { ...booking(), additionalInfo: record.additionalInfo }).byKey;
    for (const mail of [booked.guest!, booked.host!]) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain('Note &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\nsecond line');
      expect(mail.text).toContain(`Additional information:\n  Note ${SCRIPT}\n  second line`);
    }
  });

  it('escapes link addresses in attributes and keeps typed line breaks out of headers', () => {
    const { byKey } = mailsFor('booked', booking({ name: 'Ada\r\nBcc: evil@example.com' }), {
      links: { ...LINKS, manage: 'https://meetwise.test/booking/b-1?token=a"onclick="x&y=1' },
      event: { ...EVENT, title: 'Intro\nCall' },
    });
    expect(byKey.guest!.html).toContain(
      'href="https://meetwise.test/booking/b-1?token=a&quot;onclick=&quot;x&amp;y=1"',
    );
    expect(byKey.host!.subject).toBe(
      'New booking: Ada Bcc: evil@example.com – Intro Call on Mon, Mar 9, 2026 at 10:00 AM',
    );
    expect(byKey.guest!.subject).not.toMatch(/[\r\n]/);
  });
});

describe('the calendar invitation', () => {
  const invites = (kind: MailKind, record: BookingRecord, extra?: Partial<MailContext>) =>
    Object.fromEntries(mailsFor(kind, record, extra).mails.map(({ key, mail }) => [key, mail.invite]));

  it('invites to a booking: REQUEST, CONFIRMED, its UID and version, each recipient with their own page', () => {
    const all = invites('booked', booking({ version: 4 }));
    expect(all.guest).toEqual({
      method: 'REQUEST',
      uid: 'b-1@meetwise',
      sequence: 4,
      start: '2026-03-09T14:00:00.000Z',
      end: '2026-03-09T14:30:00.000Z',
      summary: 'Intro Call with Jordan Avery',
      description:
        'A first conversation.\n\nAdditional information: About the engine\nGuests: bob@example.com, Carol@Example.com',
      location: 'Google Meet',
      url: LINKS.manage,
      organizer: HOST,
      attendees: [
        { name: 'Ada Lovelace', email: 'ada@example.com' },
        { name: null, email: 'bob@example.com' },
        { name: null, email: 'carol@example.com' },
      ],
      status: 'CONFIRMED',
    });
    expect(all.host).toMatchObject({ method: 'REQUEST', url: LINKS.console, summary: 'Intro Call with Ada Lovelace' });
    expect(all['guest:bob@example.com']).toMatchObject({ method: 'REQUEST', url: null, uid: 'b-1@meetwise' });
  });

  it.each<[string, MailKind, BookingRecord, Record<string, [string, string] | undefined>]>([
    [
      'confirmed',
      'confirmed',
      booking(),
      { guest: ['REQUEST', 'CONFIRMED'], 'guest:bob@example.com': ['REQUEST', 'CONFIRMED'] },
    ],
    [
      'rescheduled',
      'rescheduled',
      booking(),
      {
        guest: ['REQUEST', 'CONFIRMED'],
        'guest:bob@example.com': ['REQUEST', 'CONFIRMED'],
        host: ['REQUEST', 'CONFIRMED'],
      },
    ],
    // Issue 30: the new time waiting for the host replaces the old one in the guests' calendars, as tentative.
    [
      'rescheduled, pending',
      'rescheduled',
      booking({ status: 'pending' }),
      { guest: ['REQUEST', 'TENTATIVE'], 'guest:bob@example.com': ['REQUEST', 'TENTATIVE'], host: undefined },
    ],
    ['requested', 'requested', booking({ status: 'pending' }), { guest: undefined, host: undefined }],
    [
      'cancelled',
      'cancelled',
      cancelled('guest'),
      {
        guest: ['CANCEL', 'CANCELLED'],
        'guest:bob@example.com': ['CANCEL', 'CANCELLED'],
        host: ['CANCEL', 'CANCELLED'],
      },
    ],
    ['declined', 'declined', cancelled('host', null, true), { guest: undefined }],
    ['reminder', 'reminder', booking(), { guest: undefined, 'guest:bob@example.com': undefined, host: undefined }],
  ])('%s', (_name, kind, record, expected) => {
    const all = invites(kind, record, { remindHost: true });
    for (const [key, methodAndStatus] of Object.entries(expected)) {
      expect(key in all).toBe(true);
      const invite = all[key];
      if (!methodAndStatus) {
        expect(invite).toBeUndefined();
        continue;
      }
      expect([invite?.method, invite?.status]).toEqual(methodAndStatus);
      expect(invite).toMatchObject({ uid: 'b-1@meetwise', sequence: 3 });
    }
  });

  it('keeps the UID across reschedules and reads a booking without a version as 1', () => {
    const { version: _version, ...unversioned } = booking();
    expect(invites('booked', unversioned).guest).toMatchObject({ uid: 'b-1@meetwise', sequence: 1 });
    expect(invites('rescheduled', booking({ id: 'b-2', icsUid: 'b-1@meetwise', version: 5 })).guest).toMatchObject({
      uid: 'b-1@meetwise',
      sequence: 5,
    });
  });

  it('has no location for an in-person event without a place, and the typed place otherwise', () => {
    const inPerson = (location: string) =>
      invites('booked', booking(), { event: { ...EVENT, locationType: 'in-person', location } }).guest?.location;
    expect(inPerson('')).toBeNull();
    expect(inPerson('1 Main St')).toBe('1 Main St');
  });

  it("gives the guest's calendar file the mails' UID and SEQUENCE, by the booking's state", () => {
    const file = (record: BookingRecord): CalendarInvite => calendarInviteFor(record, HOST, EVENT, LINKS.manage);
    expect(file(booking())).toEqual(invites('booked', booking()).guest);
    expect(file(booking({ status: 'pending' }))).toMatchObject({ method: 'REQUEST', status: 'TENTATIVE', sequence: 3 });
    expect(file(cancelled('guest'))).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: 'b-1@meetwise' });
    expect(calendarInviteFor(booking({ additionalInfo: null, guests: [] }), HOST, null, null)).toMatchObject({
      location: null,
      url: null,
      description: '',
      attendees: [{ name: 'Ada Lovelace', email: 'ada@example.com' }],
    });
  });
});
