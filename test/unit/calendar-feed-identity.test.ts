import { describe, expect, it } from 'vitest';

import { feedTokenHash } from '#functions/app/calendars/calendar-connection';
import { calendarFeed, feedBookings, type CalendarFeedDeps } from '#functions/app/calendars/calendar-feed';
import { calendarFileFor } from '#functions/domain/mail/calendar-file';
import { calendarInviteFor } from '#functions/domain/mail/invitation';
import type { BookingRecord, HostRecord } from '#functions/domain/records';

/**
 * Issue 31, item 10: one meeting, one identity. The host's calendar feed lists a rescheduled meeting with its
 * invitations' UID and SEQUENCE (the first booking's UID, the version as SEQUENCE), once, so a calendar that has the
 * mailed file and the feed shows the meeting once.
 */

const TOKEN = 'feed-token-0123456789';
const HOST: HostRecord = {
  id: 'host-1',
  name: 'Jordan Avery',
  email: 'jordan@example.com',
  username: 'jordan',
  photoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  calendar: {
    provider: 'builtin',
    connected: true,
    email: null,
    lastSynced: null,
    feedTokenHash: feedTokenHash(TOKEN),
  },
};

function booking(overrides: Partial<BookingRecord>): BookingRecord {
  return {
    id: 'b-1',
    hostId: HOST.id,
    eventId: 1001,
    eventTitle: 'Intro Call',
    eventSlug: 'jordan-30',
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
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A booking made at v1, moved twice: the first two are cancelled and replaced, the third continues their UID. */
const first = booking({ id: 'b-1', status: 'cancelled', rescheduledTo: 'b-2', version: 1 });
const second = booking({
  id: 'b-2',
  status: 'cancelled',
  start: '2026-03-10T14:00:00.000Z',
  end: '2026-03-10T14:30:00.000Z',
  icsUid: 'b-1@meetwise',
  version: 2,
  rescheduledFrom: { id: 'b-1', start: first.start, end: first.end },
  rescheduledTo: 'b-3',
  createdAt: '2026-03-02T10:00:00.000Z',
});
const third = booking({
  id: 'b-3',
  start: '2026-03-11T14:00:00.000Z',
  end: '2026-03-11T14:30:00.000Z',
  icsUid: 'b-1@meetwise',
  version: 3,
  rescheduledFrom: { id: 'b-2', start: second.start, end: second.end },
  createdAt: '2026-03-03T10:00:00.000Z',
});
const other = booking({ id: 'b-9', start: '2026-03-12T09:00:00.000Z', end: '2026-03-12T09:30:00.000Z' });

function deps(bookings: BookingRecord[]): CalendarFeedDeps {
  return {
    clock: { now: () => new Date('2026-03-05T12:00:00Z') },
    hosts: {
      findFeedOwner: async (hash: string) => (hash === feedTokenHash(TOKEN) ? HOST.id : null),
      get: async (id: string) => (id === HOST.id ? HOST : null),
    },
    bookings: { read: async () => ({ bookings, dayVersions: new Map() }) },
  } as unknown as CalendarFeedDeps;
}

/** Each VEVENT's UID, SEQUENCE and STATUS, from an iCalendar text (lines unfolded). */
function events(ics: string): { uid: string; sequence: number; status: string; start: string }[] {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(([, block]) => {
    const field = (name: string) => new RegExp(`^${name}[;:](?:[^:\\r\\n]*:)?(.*)$`, 'm').exec(block!)?.[1] ?? '';
    return {
      uid: field('UID'),
      sequence: Number(field('SEQUENCE') || 0),
      status: field('STATUS'),
      start: field('DTSTART'),
    };
  });
}

describe("the host's calendar feed: the invitation's identity", () => {
  it("lists a rescheduled meeting once, under its invitations' UID and SEQUENCE", async () => {
    const feed = events(await calendarFeed(deps([first, second, third, other]), TOKEN));
    expect(feed.map(({ uid, sequence, status }) => ({ uid, sequence, status }))).toEqual([
      { uid: 'b-1@meetwise', sequence: 3, status: 'CONFIRMED' },
      { uid: 'b-9@meetwise', sequence: 1, status: 'CONFIRMED' },
    ]);
    expect(feed[0]!.start).toMatch(/^20260311T140000Z?$/);
  });

  it('is the same event as the mailed calendar file of the meeting', async () => {
    const mailed = events(calendarFileFor(calendarInviteFor(third, HOST, null, null)));
    const feed = events(await calendarFeed(deps([first, second, third]), TOKEN));
    expect(feed).toHaveLength(1);
    expect({ uid: feed[0]!.uid, sequence: feed[0]!.sequence }).toEqual({
      uid: mailed[0]!.uid,
      sequence: mailed[0]!.sequence,
    });
  });

  it("keeps a Google-era invitation's UID (the host changed calendars since)", async () => {
    const google = booking({ id: 'b-5', icsUid: 'evt123@google.com', version: 2 });
    expect(events(await calendarFeed(deps([google]), TOKEN))).toMatchObject([
      { uid: 'evt123@google.com', sequence: 2 },
    ]);
  });

  it('lists a meeting whose last booking was cancelled as CANCELLED, under the same UID', async () => {
    const cancelled = { ...third, status: 'cancelled' as const, version: 4 };
    expect(events(await calendarFeed(deps([first, second, cancelled]), TOKEN))).toMatchObject([
      { uid: 'b-1@meetwise', sequence: 4, status: 'CANCELLED' },
    ]);
  });
});

describe('feedBookings', () => {
  it('drops every booking a reschedule replaced, whether or not its successor is in range', () => {
    expect(feedBookings([first, second, third, other])).toEqual([third, other]);
    expect(feedBookings([first, second])).toEqual([]);
  });

  it('keeps one booking per UID: the highest version, then the newest', () => {
    const copy = { ...third, id: 'b-3-copy', version: 2 };
    expect(feedBookings([third, copy])).toEqual([third]);
    const newer = { ...third, id: 'b-3-newer', createdAt: '2026-03-04T10:00:00.000Z' };
    expect(feedBookings([third, newer])).toEqual([newer]);
  });
});
