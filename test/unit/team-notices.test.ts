/**
 * Team bookings' notices and mails (issue 28): every assigned host gets the host mail (and the reminder when the
 * event reminds hosts), the guest's mails name them all, and a booking given to another member tells the guest and
 * the new host.
 */
import { describe, expect, it } from 'vitest';

import { bookingMails } from '#functions/domain/mail/booking-mails';
import type { MailContext } from '#functions/domain/mail/context';
import { noticesFor } from '#functions/domain/notices';
import type { BookingRecord } from '#functions/domain/records';

const LINKS: MailContext['links'] = {
  manage: 'https://meetwise.test/booking/b-1?token=t',
  reschedule: 'https://meetwise.test/book/team-30?reschedule=b-1&token=t',
  calendarFile: 'https://meetwise.test/api/bookings/b-1/ics?token=t',
  bookAgain: 'https://meetwise.test/book/team-30',
  console: 'https://meetwise.test/bookings/b-1',
};
const EVENT: NonNullable<MailContext['event']> = {
  title: 'Team Call',
  duration: 30,
  location: '',
  locationType: 'google-meet',
  timeZone: 'America/New_York',
  description: '',
};
const HOSTS = [
  { name: 'Jordan Avery', email: 'jordan@meetwise.test' },
  { name: 'Sam Lee', email: 'sam@meetwise.test' },
];

function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id: 'b-1',
    hostId: 'u-jordan',
    eventId: 7,
    eventTitle: 'Team Call',
    eventSlug: 'team-30',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    additionalInfo: null,
    guests: [],
    start: '2026-03-09T14:00:00.000Z',
    end: '2026-03-09T14:30:00.000Z',
    blockedStart: '2026-03-09T14:00:00.000Z',
    blockedEnd: '2026-03-09T14:30:00.000Z',
    status: 'confirmed',
    guestTimeZone: 'Europe/Berlin',
    calendarProvider: 'builtin',
    calendarEventId: null,
    version: 1,
    teamId: 'team-1',
    teamSlug: 'acme',
    teamName: 'Acme',
    schedulingType: 'collective',
    hostIds: ['u-jordan', 'u-sam'],
    hostNames: ['Jordan Avery', 'Sam Lee'],
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const context = (record: BookingRecord, kind: MailContext['kind'], extra: Partial<MailContext> = {}): MailContext => ({
  kind,
  booking: record,
  host: { name: 'Jordan Avery, Sam Lee', email: HOSTS[0]!.email },
  hosts: HOSTS,
  event: EVENT,
  links: LINKS,
  ...extra,
});

describe('team booking mails', () => {
  it('mails every assigned host, and names them all to the guest', () => {
    const mails = bookingMails(context(booking(), 'booked'));
    expect(mails.map(({ key }) => key)).toEqual(['guest', 'host', 'host:sam@meetwise.test']);
    const [guest, jordan, sam] = mails.map(({ mail }) => mail);
    expect(guest!.subject).toContain('with Jordan Avery, Sam Lee');
    expect(jordan!.to).toEqual(['jordan@meetwise.test']);
    expect(sam!.to).toEqual(['sam@meetwise.test']);
    expect(sam!.subject).toMatch(/^New booking:/);
  });

  it('reminds every host when the event reminds hosts', () => {
    const keys = (remindHost: boolean) =>
      bookingMails(context(booking(), 'reminder', { reminderOffset: 60, remindHost })).map(({ key }) => key);
    expect(keys(true)).toEqual(['guest', 'host', 'host:sam@meetwise.test']);
    expect(keys(false)).toEqual(['guest']);
  });

  it('tells the guest and the new host of a booking given to another member', () => {
    const moved = booking({
      schedulingType: 'round-robin',
      hostId: 'u-sam',
      hostIds: ['u-sam'],
      hostNames: ['Sam Lee'],
      assignment: { userId: 'u-sam', reason: 'reassigned' },
      version: 2,
    });
    expect(noticesFor(null, moved)).toEqual([
      { id: 'b-1:reassigned:2', kind: 'reassigned', booking: moved, previousStatus: null },
    ]);
    const mails = bookingMails({
      kind: 'reassigned',
      booking: moved,
      host: HOSTS[1]!,
      event: EVENT,
      links: LINKS,
    });
    expect(mails.map(({ key }) => key)).toEqual(['guest', 'host']);
    expect(mails[0]!.mail.subject).toMatch(/^New host: Team Call with Sam Lee/);
    expect(mails[0]!.mail.text).toContain('Sam Lee will meet you instead');
    expect(mails[1]!.mail.subject).toMatch(/^New booking:/);
    // With a fixed host who stays: only the new member hears of it.
    const withFixed = { ...moved, hostIds: ['u-sam', 'u-ana'], hostNames: ['Sam Lee', 'Ana Ortiz'] };
    const toHosts = bookingMails({
      kind: 'reassigned',
      booking: withFixed,
      host: HOSTS[1]!,
      hosts: [HOSTS[1]!, HOSTS[0]!],
      event: EVENT,
      links: LINKS,
    });
    expect(toHosts.map(({ key }) => key)).toEqual(['guest', 'host']);
    expect(toHosts[1]!.mail.to).toEqual([HOSTS[1]!.email]);
    // The booking leaving the old member's partition tells nobody.
    expect(noticesFor(booking(), null)).toEqual([]);
  });
});
