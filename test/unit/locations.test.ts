import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { eventBody as eventBodySchema } from '#shared/api/schemas/host-events';
import {
  effectiveLocationType,
  isMeetingLink,
  isPhoneNumber,
  linkServiceName,
  locationDisplayText,
  meetingPlace,
  videoRoomUrl,
} from '#shared/locations';
import { googleEventFor } from '#functions/adapters/google/calendar';
import { parseConfig } from '#functions/config';
import { newEvent } from '#functions/domain/event-defaults';
import { asksForPhone, bookingPlace, eventPlace, meetingUrlFor, newMeetingRoom } from '#functions/domain/locations';
import { fallbackSentence, locationFallbackMail } from '#functions/domain/mail/location-fallback';
import type { BookingRecord, EventRecord } from '#functions/domain/records';
import { eventBody } from '#test/support/event-body';

/** Issue 30 §1: where a meeting takes place — the shared rules, the editor's schema, the server's rules. */

const ROOM = 'https://meet.jit.si/Meetwise-0123456789abcdef0123456789abcdef';
const event = (fields: Partial<EventRecord> = {}): EventRecord => ({
  id: 7,
  ...newEvent(
    { userId: 'host-1', slug: 'design-review', title: 'Design Review', ...fields },
    new Date('2026-03-01T00:00:00Z'),
  ),
});
const booking: BookingRecord = {
  id: '3f2b9c1e-7a44-4d0e-9b1a-2c3d4e5f6a7b',
  hostId: 'host-1',
  eventId: 7,
  eventTitle: 'Design Review',
  eventSlug: 'design-review',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  additionalInfo: null,
  guests: [],
  start: '2026-03-04T15:00:00.000Z',
  end: '2026-03-04T15:30:00.000Z',
  blockedStart: '2026-03-04T15:00:00.000Z',
  blockedEnd: '2026-03-04T15:30:00.000Z',
  status: 'confirmed',
  guestTimeZone: 'Europe/London',
  calendarProvider: 'google',
  calendarEventId: 'mb3f2b9c1e',
  createdAt: '2026-03-01T00:00:00.000Z',
};

describe('the shared location rules', () => {
  it('names each place as the guest sees it', () => {
    expect(locationDisplayText({ locationType: 'in-person', locationDetail: ' 12 Main St ' })).toBe('12 Main St');
    expect(locationDisplayText({ locationType: 'in-person' })).toBe('In-person');
    expect(locationDisplayText({ locationType: 'link', locationDetail: 'https://acme.zoom.us/j/1' })).toBe('Zoom');
    expect(locationDisplayText({ locationType: 'video' })).toBe('Video call');
    expect(linkServiceName('https://teams.microsoft.com/l/meetup-join/1')).toBe('Microsoft Teams');
    expect(linkServiceName('https://example.com/room')).toBe('Online meeting');
    expect(meetingPlace({ locationType: 'video' }, { meetingUrl: ROOM })).toEqual({
      type: 'video',
      label: 'Video call',
      text: `Video call: ${ROOM}`,
      url: ROOM,
      phone: null,
      online: true,
    });
    expect(meetingPlace({ locationType: 'phone', locationDetail: '+1 555 0100', phoneCaller: 'guest' })).toMatchObject({
      text: 'Phone call: call +1 555 0100',
      phone: '+1 555 0100',
    });
    expect(
      meetingPlace({ locationType: 'phone', phoneCaller: 'host' }, { guestPhone: '+44 20 7946 0000' }),
    ).toMatchObject({ text: 'Phone call: the host calls +44 20 7946 0000', phone: '+44 20 7946 0000' });
    // A host's own meeting link is given to those who booked, never on the booking page.
    const zoom = { locationType: 'link', locationDetail: 'https://zoom.us/j/1' } as const;
    expect(meetingPlace(zoom)).toMatchObject({ label: 'Zoom', text: 'Zoom', url: null });
    expect(meetingPlace(zoom, {})).toMatchObject({ text: 'Zoom: https://zoom.us/j/1', url: 'https://zoom.us/j/1' });
  });

  it('makes Google Meet a video call without Google, and rooms from 16 random bytes', () => {
    expect(effectiveLocationType('google-meet', false)).toBe('video');
    expect(effectiveLocationType('google-meet', true)).toBe('google-meet');
    expect(effectiveLocationType('phone', false)).toBe('phone');
    expect(videoRoomUrl('0123456789abcdef0123456789abcdef', 'https://video.example.org/')).toBe(
      'https://video.example.org/Meetwise-0123456789abcdef0123456789abcdef',
    );
    expect(() => videoRoomUrl('short')).toThrow(RangeError);
    const room = newMeetingRoom({ videoRoomBaseUrl: 'https://meet.jit.si' }, randomBytes(16));
    expect(room).toMatch(/^https:\/\/meet\.jit\.si\/Meetwise-[0-9a-f]{32}$/);
    expect(newMeetingRoom({ videoRoomBaseUrl: 'https://meet.jit.si' }, randomBytes(16))).not.toBe(room);
  });

  it('checks links and numbers', () => {
    expect(isMeetingLink('https://us02web.zoom.us/j/123')).toBe(true);
    expect(isMeetingLink('http://us02web.zoom.us/j/123')).toBe(false);
    expect(isMeetingLink('https://user:pw@zoom.us/j/1')).toBe(false);
    expect(isPhoneNumber('+44 (20) 7946-0958')).toBe(true);
    expect(isPhoneNumber('12345')).toBe(false);
  });
});

describe("the editor body's location", () => {
  const problems = (fields: Record<string, unknown>) => {
    const result = z.safeParse(eventBodySchema, eventBody(fields));
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('asks each type for what it needs', () => {
    expect(problems({ locationType: 'video' })).toEqual([]);
    expect(problems({ locationType: 'in-person', locationDetail: '' })).toEqual(['Please enter the address.']);
    expect(problems({ locationType: 'link' })).toEqual(['Please enter a meeting link that starts with https://.']);
    expect(problems({ locationType: 'phone', locationDetail: 'call me' })).toEqual([
      'Please enter the phone number guests should call.',
    ]);
    expect(problems({ locationType: 'phone', phoneCaller: 'host' })).toEqual([]);
    // The spec's client sends only the type: still valid.
    expect(problems({ locationType: 'in-person' })).toEqual([]);
  });
});

describe("a booking's place on the server", () => {
  it('shows a Google Meet booking holding a room of ours as a video call', () => {
    const meet = event({ locationType: 'google-meet' });
    expect(bookingPlace(meet, {})).toMatchObject({ type: 'google-meet', url: null });
    expect(bookingPlace(meet, { meetingUrl: 'https://meet.google.com/abc-defg-hij' })).toMatchObject({
      type: 'google-meet',
      url: 'https://meet.google.com/abc-defg-hij',
    });
    expect(bookingPlace(meet, { meetingUrl: ROOM })).toMatchObject({ type: 'video', label: 'Video call', url: ROOM });
    expect(eventPlace(meet, false)).toMatchObject({ type: 'video', url: null });
    expect(eventPlace(meet, true)).toMatchObject({ type: 'google-meet' });
    expect(
      bookingPlace(event({ locationType: 'phone', phoneCaller: 'host' }), { guestPhone: '+1 555 0100' }).text,
    ).toBe('Phone call: the host calls +1 555 0100');
  });

  it('gives a room to a video call and to Google Meet without Google, keeping the one a reschedule replaces', () => {
    const fresh = () => ROOM.replace('0123', 'ffff');
    expect(meetingUrlFor(event({ locationType: 'video' }), true, null, fresh)).toBe(fresh());
    expect(meetingUrlFor(event({ locationType: 'google-meet' }), false, null, fresh)).toBe(fresh());
    expect(meetingUrlFor(event({ locationType: 'google-meet' }), true, null, fresh)).toBeNull();
    expect(meetingUrlFor(event({ locationType: 'in-person' }), false, null, fresh)).toBeNull();
    expect(meetingUrlFor(event({ locationType: 'video' }), false, { meetingUrl: ROOM }, fresh)).toBe(ROOM);
    expect(asksForPhone(event({ locationType: 'phone', phoneCaller: 'host' }))).toBe(true);
    expect(asksForPhone(event({ locationType: 'phone' }))).toBe(false);
  });

  it("describes a new event's place in its display text", () => {
    expect(event({ locationType: 'in-person', locationDetail: '1 Helix Road' }).location).toBe('1 Helix Road');
    expect(event({ locationType: 'video' }).location).toBe('Video call');
  });
});

describe("the Google event's place", () => {
  it('asks Google for a Meet only for Google Meet, and otherwise puts the link or place in the event', () => {
    expect(googleEventFor(booking, event({ locationType: 'google-meet' }), undefined).conferenceData).toBeDefined();

    const video = googleEventFor({ ...booking, meetingUrl: ROOM }, event({ locationType: 'video' }), undefined);
    expect(video.conferenceData).toBeUndefined();
    expect(video.location).toBe(ROOM);
    expect(video.description).toContain(`Join: ${ROOM}`);

    // Google Meet booked while its host had no Google: the room, no Meet.
    const fallback = googleEventFor(
      { ...booking, meetingUrl: ROOM },
      event({ locationType: 'google-meet' }),
      undefined,
    );
    expect(fallback.conferenceData).toBeUndefined();
    expect(fallback.location).toBe(ROOM);

    const link = googleEventFor(
      booking,
      event({ locationType: 'link', locationDetail: 'https://acme.zoom.us/j/42' }),
      undefined,
    );
    expect(link.location).toBe('https://acme.zoom.us/j/42');
    expect(link.description).toContain('Join: https://acme.zoom.us/j/42');

    const office = googleEventFor(
      booking,
      event({ locationType: 'in-person', locationDetail: '1 Helix Road' }),
      undefined,
    );
    expect(office.location).toBe('1 Helix Road');
  });
});

describe('VIDEO_ROOM_BASE_URL', () => {
  it('defaults to Jitsi Meet and takes only an https:// address', () => {
    expect(parseConfig({}).videoRoomBaseUrl).toBe('https://meet.jit.si');
    expect(parseConfig({ VIDEO_ROOM_BASE_URL: 'https://video.example.org/' }).videoRoomBaseUrl).toBe(
      'https://video.example.org',
    );
    expect(() => parseConfig({ VIDEO_ROOM_BASE_URL: 'http://video.example.org' })).toThrow(/VIDEO_ROOM_BASE_URL/);
  });
});

describe('what a host is told when Google Meet falls back', () => {
  it('names the event types and the bookings that got a link', () => {
    const result = {
      events: [
        { id: 1, title: 'Intro', slug: 'intro' },
        { id: 2, title: 'Review', slug: 'review' },
      ],
      bookings: 3,
    };
    const two = {
      sentence: fallbackSentence(result),
      mail: locationFallbackMail({ ...result, hostName: 'Katherine Johnson', siteUrl: 'https://meetwise.example' }),
    };
    const lines = two.mail.text.split('\n');
    expect(two.sentence).toBe(
      'Your event types "Intro", "Review" used Google Meet, which needs Google Calendar: they now use a video call, and every booking gets its own link.',
    );
    expect(lines).toContain('The 3 upcoming bookings got their video call link, and their guests were sent it.');
    expect(lines).toContain('https://meetwise.example/calendar');
    // The same words in the HTML part, the settings address as a link.
    expect(lines).toContain(two.sentence);
    expect(two.mail.html).toContain('<title>Your Google Meet event types now use a video call</title>');
    expect(two.mail.html).toContain('Your event types &quot;Intro&quot;, &quot;Review&quot; used Google Meet');
    expect(two.mail.html).toContain('<a href="https://meetwise.example/calendar"');
  });
});
