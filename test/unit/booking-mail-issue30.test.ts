import ical from 'node-ical';
import { describe, expect, it } from 'vitest';

import { accentFor, contrastRatio } from '#shared/accent';
import { bookingMails } from '#functions/domain/mail/booking-mails';
import { calendarFileFor } from '#functions/domain/mail/calendar-file';
import type { MailContext, MailKind } from '#functions/domain/mail/context';
import { calendarInviteFor } from '#functions/domain/mail/invitation';
import { mailPalette } from '#functions/domain/mail/palette';
import type { BookingRecord } from '#functions/domain/records';
import { HOST, LINKS, TOKEN } from '#test/support/booking-mail-fixtures';

/**
 * Issue 30 in the booking mails and the calendar file: every place shown as everywhere else (meetingPlace), the
 * online meeting's link as LOCATION, URL and CONFERENCE; "Location updated" when a booking gets a new room; a
 * reschedule waiting for the host moves the guests' calendars (tentative) and its decline tells them; the mails wear
 * the product's colours and the event's accent.
 */

const ROOM = 'https://meet.jit.si/Meetwise-0123456789abcdef0123456789abcdef';
const ZOOM = 'https://us02web.zoom.us/j/123456789?pwd=abc';
type Event = NonNullable<MailContext['event']>;
const VIDEO: Event = {
  title: 'Intro Call',
  duration: 30,
  location: 'Video call',
  locationType: 'video',
  locationDetail: '',
  timeZone: 'America/New_York',
  description: 'A first conversation.',
  color: '#0EA5E9',
  themeColor: null,
};
const OLD_TIME = { id: 'b-0', start: '2026-03-06T14:00:00.000Z', end: '2026-03-06T14:30:00.000Z' };
const OTHERS = ['guest:bob@example.com'];

function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id: 'b-1',
    hostId: 'host-1',
    eventId: 1001,
    eventTitle: 'Intro Call',
    eventSlug: 'jordan-30',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    additionalInfo: null,
    guests: ['bob@example.com'],
    start: '2026-03-09T14:00:00.000Z',
    end: '2026-03-09T14:30:00.000Z',
    blockedStart: '2026-03-09T14:00:00.000Z',
    blockedEnd: '2026-03-09T14:30:00.000Z',
    status: 'confirmed',
    guestTimeZone: 'Europe/Berlin',
    calendarProvider: 'builtin',
    calendarEventId: null,
    version: 3,
    meetingUrl: ROOM,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function mailsFor(kind: MailKind, record: BookingRecord, extra: Partial<MailContext> = {}) {
  const mails = bookingMails({ kind, booking: record, host: HOST, event: VIDEO, links: LINKS, ...extra });
  return { keys: mails.map(({ key }) => key), byKey: Object.fromEntries(mails.map(({ key, mail }) => [key, mail])) };
}

const where = (text: string) => /^Where: (.*)$/m.exec(text)?.[1];

describe('the place, shown as everywhere else', () => {
  it.each<[string, Partial<Event>, Partial<BookingRecord>, string]>([
    ['a built-in video call with its room', {}, {}, `Video call: ${ROOM}`],
    ['a host’s own Zoom link', { locationType: 'link', locationDetail: ZOOM, location: 'Zoom' }, {}, `Zoom: ${ZOOM}`],
    [
      'a Google Meet event booked while its host had no Google: the room of the built-in video call',
      { locationType: 'google-meet', locationDetail: '', location: 'Google Meet' },
      {},
      `Video call: ${ROOM}`,
    ],
    [
      'a Google Meet with its link',
      { locationType: 'google-meet', locationDetail: '', location: 'Google Meet' },
      { meetingUrl: 'https://meet.google.com/abc-defg-hij' },
      'Google Meet: https://meet.google.com/abc-defg-hij',
    ],
    [
      'a phone call the guest makes',
      { locationType: 'phone', locationDetail: '+1 555 0100', location: 'Phone call', phoneCaller: 'guest' },
      { meetingUrl: null },
      'Phone call: call +1 555 0100',
    ],
    [
      'a phone call the host makes',
      { locationType: 'phone', locationDetail: '', location: 'Phone call', phoneCaller: 'host' },
      { meetingUrl: null, guestPhone: '+44 20 7946 0000' },
      'Phone call: the host calls +44 20 7946 0000',
    ],
    [
      'an address',
      { locationType: 'in-person', locationDetail: '1 Main St, Springfield', location: '1 Main St, Springfield' },
      { meetingUrl: null },
      '1 Main St, Springfield',
    ],
    [
      'an address stored before issue 30 (in `location` only)',
      { locationType: 'in-person', locationDetail: undefined, location: '1 Main St' },
      { meetingUrl: null },
      '1 Main St',
    ],
  ])('%s', (_name, event, fields, shown) => {
    const { byKey } = mailsFor('booked', booking(fields), { event: { ...VIDEO, ...event } });
    for (const mail of Object.values(byKey)) expect(where(mail.text)).toBe(shown);
  });

  it('makes an online meeting’s link a link in the HTML of every mail', () => {
    const { byKey } = mailsFor('reminder', booking(), { reminderOffset: 60, remindHost: true });
    expect(Object.keys(byKey)).toEqual(['guest', ...OTHERS, 'host']);
    for (const mail of Object.values(byKey)) expect(mail.html).toContain(`Video call: <a href="${ROOM}"`);
  });

  it('never links a place that is not a web address', () => {
    const event = { ...VIDEO, locationType: 'link' as const, locationDetail: 'javascript:alert(1)' };
    const guest = mailsFor('booked', booking(), { event }).byKey.guest!;
    expect(guest.html).not.toContain('href="javascript:');
  });
});

describe('the calendar invitation of an online meeting', () => {
  it('has the link as LOCATION and URL, and an RFC 7986 CONFERENCE', () => {
    const { byKey } = mailsFor('booked', booking());
    for (const key of ['guest', ...OTHERS, 'host']) {
      expect(byKey[key]!.invite).toMatchObject({
        location: ROOM,
        url: ROOM,
        conference: { url: ROOM, label: 'Video call' },
      });
    }
    const file = calendarFileFor(byKey.guest!.invite!);
    const unfolded = file.replace(/\r\n /g, '');
    expect(unfolded).toContain(`\r\nLOCATION:${ROOM}\r\n`);
    expect(unfolded).toContain(`\r\nURL;VALUE=URI:${ROOM}\r\n`);
    expect(unfolded).toContain(`\r\nCONFERENCE;VALUE=URI;FEATURE=VIDEO;LABEL=Video call:${ROOM}\r\nEND:VEVENT`);
    // Folded at 75 octets, and still one VEVENT a parser reads.
    for (const line of file.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const vevent = Object.values(ical.sync.parseICS(file)).find((entry) => entry?.type === 'VEVENT') as ical.VEvent;
    expect(vevent.location).toBe(ROOM);
  });

  it('names the host’s own service, quoted when the label needs it', () => {
    const event = { ...VIDEO, locationType: 'link' as const, locationDetail: ZOOM, location: 'Zoom' };
    const invite = mailsFor('booked', booking({ meetingUrl: null }), { event }).byKey.guest!.invite!;
    expect(invite).toMatchObject({ location: ZOOM, url: ZOOM, conference: { url: ZOOM, label: 'Zoom' } });
    const file = calendarFileFor({ ...invite, conference: { url: ZOOM, label: 'Zoom: team; room' } });
    expect(file.replace(/\r\n /g, '')).toContain(`CONFERENCE;VALUE=URI;FEATURE=VIDEO;LABEL="Zoom: team; room":${ZOOM}`);
  });

  it('keeps the recipient’s own page as URL, and no CONFERENCE, for a meeting without a link', () => {
    const event = { ...VIDEO, locationType: 'in-person' as const, locationDetail: '1 Main St', location: '1 Main St' };
    const invite = mailsFor('booked', booking({ meetingUrl: null }), { event }).byKey.guest!.invite!;
    expect(invite).toMatchObject({ location: '1 Main St', url: LINKS.manage });
    expect(invite.conference).toBeUndefined();
    expect(calendarFileFor(invite)).not.toContain('CONFERENCE');
    const phone = { ...VIDEO, locationType: 'phone' as const, locationDetail: '+1 555 0100', location: 'Phone call' };
    expect(mailsFor('booked', booking({ meetingUrl: null }), { event: phone }).byKey.guest!.invite).toMatchObject({
      location: 'Phone call: call +1 555 0100',
    });
  });

  it('gives the .ics download the same place', () => {
    expect(calendarInviteFor(booking(), HOST, VIDEO, LINKS.manage)).toMatchObject({
      location: ROOM,
      url: ROOM,
      conference: { url: ROOM, label: 'Video call' },
    });
  });
});

describe('Location updated', () => {
  it('tells the guest, the other guests and the host, with the calendar update (same UID, the new SEQUENCE)', () => {
    const { keys, byKey } = mailsFor('location-updated', booking({ version: 4 }), { previousStatus: 'confirmed' });
    expect(keys).toEqual(['guest', ...OTHERS, 'host']);
    const on = 'on Mon, Mar 9, 2026 at 3:00 PM';
    expect(byKey.guest!.subject).toBe(`Location updated: Intro Call with Jordan Avery ${on}`);
    expect(byKey['guest:bob@example.com']!.subject).toBe(`Location updated: Intro Call with Jordan Avery ${on}`);
    expect(byKey.host!.subject).toBe('Location updated: Ada Lovelace – Intro Call on Mon, Mar 9, 2026 at 10:00 AM');
    for (const mail of Object.values(byKey)) {
      expect(where(mail.text)).toBe(`Video call: ${ROOM}`);
      expect(mail.text).toContain('The time stays the same.');
      expect(mail.invite).toMatchObject({
        method: 'REQUEST',
        status: 'CONFIRMED',
        uid: 'b-1@meetwise',
        sequence: 4,
        location: ROOM,
      });
    }
    expect(byKey.guest!.text).toContain(`Cancel: ${LINKS.manage}`);
    expect(byKey['guest:bob@example.com']!.text).not.toContain(TOKEN);
    expect(byKey.host!.text).toContain(`View booking: ${LINKS.console}`);
  });

  it('tells a request’s guest and host without an invitation, and not the other guests', () => {
    const { keys, byKey } = mailsFor('location-updated', booking({ status: 'pending' }));
    expect(keys).toEqual(['guest', 'host']);
    expect(byKey.guest!.invite).toBeUndefined();
    expect(byKey.host!.invite).toBeUndefined();
    expect(byKey.guest!.text).toContain(`Cancel request: ${LINKS.manage}`);
  });
});

describe('a reschedule waiting for the host (issue 30 §3)', () => {
  const pending = booking({ status: 'pending', rescheduledFrom: OLD_TIME, version: 4 });
  const declined = (by: 'host' | 'system') =>
    booking({
      status: 'cancelled',
      rescheduledFrom: OLD_TIME,
      version: 5,
      cancellation: { by, reason: by === 'host' ? 'Away that week' : null, declined: true, at: '2026-03-05T10:00:00Z' },
    });

  it('moves the guest’s and the other guests’ calendars to the new time, as tentative', () => {
    const { keys, byKey } = mailsFor('rescheduled', pending);
    expect(keys).toEqual(['guest', ...OTHERS, 'host']);
    for (const key of ['guest', ...OTHERS]) {
      expect(byKey[key]!.invite).toMatchObject({
        method: 'REQUEST',
        status: 'TENTATIVE',
        uid: 'b-1@meetwise',
        sequence: 4,
        start: '2026-03-09T14:00:00.000Z',
      });
      expect(byKey[key]!.text).toContain('(was: Friday, March 6, 2026, 3:00 PM – 3:30 PM (Europe/Berlin))');
    }
    const other = byKey['guest:bob@example.com']!;
    expect(other.subject).toBe('New time requested: Intro Call with Jordan Avery on Mon, Mar 9, 2026 at 3:00 PM');
    expect(other.text).toContain('Ada Lovelace asked to move Intro Call with Jordan Avery');
    expect(other.text).toContain('marked tentative in your calendar');
    expect(`${other.text}${other.html}`).not.toContain(TOKEN);
    // The host decides on the console; their calendar is not changed by a request.
    expect(byKey.host!.invite).toBeUndefined();
  });

  it('confirmed: the other guests hear the meeting moved, with the confirmed invitation', () => {
    const { byKey } = mailsFor('confirmed', booking({ rescheduledFrom: OLD_TIME, version: 5 }), {
      previousStatus: 'pending',
    });
    const other = byKey['guest:bob@example.com']!;
    expect(other.subject).toMatch(/^Rescheduled: /);
    expect(other.text).toContain('Jordan Avery confirmed the new time of Intro Call');
    expect(other.invite).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', sequence: 5 });
    expect(byKey.guest!.text).toContain('Jordan Avery confirmed the new time you asked for.');
  });

  it.each([
    // The host declined it themselves; an expired request is news to them too (issue 31: requests expire).
    ['declined by the host', declined('host'), 'Jordan Avery declined the new time Ada Lovelace asked for', []],
    [
      'expired',
      declined('system'),
      'Jordan Avery did not confirm the new time Ada Lovelace asked for in time',
      ['host'],
    ],
  ])(
    '%s: the guest and the other guests are told, and the tentative time leaves their calendars',
    (_n, record, said, host) => {
      const { keys, byKey } = mailsFor('declined', record, { previousStatus: 'pending' });
      expect(keys).toEqual(['guest', ...OTHERS, ...host]);
      const other = byKey['guest:bob@example.com']!;
      expect(other.subject).toBe('Cancelled: Intro Call with Jordan Avery on Mon, Mar 9, 2026 at 3:00 PM');
      expect(other.text).toContain(`${said}, so Intro Call with Jordan Avery will not take place.`);
      expect(other.text).not.toContain('Away that week');
      for (const key of ['guest', ...OTHERS]) {
        expect(byKey[key]!.invite).toMatchObject({
          method: 'CANCEL',
          status: 'CANCELLED',
          uid: 'b-1@meetwise',
          sequence: 5,
        });
      }
      expect(byKey.guest!.text).toContain('so the meeting will not take place.');
    },
  );

  it('withdrawn by the guest: the other guests are told and their tentative time goes', () => {
    const record = booking({
      status: 'cancelled',
      rescheduledFrom: OLD_TIME,
      version: 5,
      cancellation: { by: 'guest', reason: null, declined: false, at: '2026-03-05T10:00:00Z' },
    });
    const { byKey } = mailsFor('cancelled', record, { previousStatus: 'pending' });
    expect(byKey['guest:bob@example.com']!.invite).toMatchObject({ method: 'CANCEL', sequence: 5 });
    expect(byKey.guest!.invite).toMatchObject({ method: 'CANCEL', sequence: 5 });
    // The host's calendar never held the request.
    expect(byKey.host!.invite).toBeUndefined();
  });

  it('a request that was never a reschedule still tells nobody but the guest of its decline', () => {
    const record = booking({
      status: 'cancelled',
      cancellation: { by: 'host', reason: null, declined: true, at: '2026-03-05T10:00:00Z' },
    });
    const { keys, byKey } = mailsFor('declined', record, { previousStatus: 'pending' });
    expect(keys).toEqual(['guest']);
    expect(byKey.guest!.invite).toBeUndefined();
  });
});

describe('the mails’ colours', () => {
  it('wear the event’s accent (made readable) and the product’s colours, not a generic blue', () => {
    const { byKey } = mailsFor('booked', booking(), { event: { ...VIDEO, color: '#0EA5E9', themeColor: '#7C3AED' } });
    const accent = accentFor('#0EA5E9');
    expect(byKey.guest!.html).toContain(`background:${accent};color:#ffffff;`);
    expect(byKey.host!.html).toContain(`background:${accent};color:#ffffff;`);
    for (const mail of Object.values(byKey)) {
      expect(mail.html).not.toMatch(/#2563eb/i);
      expect(mail.html).toContain(`style="color:${accent};"`);
      expect(mail.html).toContain(`border-top:4px solid ${accent};`);
      expect(mail.html).toContain(mailPalette({ color: '#0EA5E9', themeColor: '#7C3AED' }).page);
      expect(mail.html).toContain('color:#9a3412;">Meetwise</p>');
    }
    // The event type is gone: the product's own orange.
    const gone = mailsFor('cancelled', booking({ status: 'cancelled' }), { event: null }).byKey.guest!;
    expect(gone.html).toContain(`border-top:4px solid ${accentFor(null)};`);
    expect(gone.html).toContain('background:#f8fafc;');
  });

  it.each(['#FFFFFF', '#FFFF00', '#000000', '#0EA5E9', '#EA580C', 'not a colour'])(
    'keeps every text at 4.5:1 or more with %s as accent and theme colour',
    (color) => {
      const palette = mailPalette({ color, themeColor: color });
      const pairs: [string, string][] = [
        ['#ffffff', palette.accent], // button text
        [palette.accent, palette.card], // links
        [palette.text, palette.card],
        [palette.muted, palette.card],
        [palette.faint, palette.card],
        [palette.muted, palette.page], // footer
        [palette.brand, palette.page],
      ];
      for (const [foreground, background] of pairs) {
        expect(contrastRatio(foreground, background), `${foreground} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
