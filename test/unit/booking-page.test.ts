import { describe, expect, it } from 'vitest';

import { createBookingBody, type ManagedBooking } from '#shared/api/schemas/bookings';
import { meetingPlace, type MeetingPlace } from '#shared/locations';
import { summaryPlaceText } from '#frontend/components/booking/event-summary.tsx';
import { googleCalendarUrl, manageBookingUrl } from '#frontend/features/booking/lib/add-to-calendar.ts';
import { PHONE_INVALID, PHONE_MISSING, phoneBody, phoneProblem } from '#frontend/features/booking/lib/phone.ts';
import { bookedPlace, calendarPlace, placeLine } from '#frontend/features/booking/lib/place.ts';
import {
  CANNOT_RESCHEDULE,
  formValuesOf,
  guestPhoneOf,
  INVALID_LINK,
  isCurrentSlot,
  OTHER_EVENT,
  rescheduleTarget,
  withCurrentDate,
  withCurrentSlot,
} from '#frontend/features/booking/lib/reschedule.ts';
import { ApiError } from '#frontend/lib/api.ts';
import { formatDateTime } from '#frontend/lib/dates.ts';

/** The booking page's pure rules of issue 16: reschedule mode (from the guest's link) and step 3's "Add to calendar". */

const BOOKING_ID = '6f1c2b9e-4d3a-4c5b-9a8e-1f2d3c4b5a69';
const TOKEN = 'a'.repeat(43);

const booking: ManagedBooking = {
  id: BOOKING_ID,
  status: 'confirmed',
  eventTitle: 'Intro Call',
  eventSlug: 'intro-call',
  hostName: 'Jordan Avery',
  hostPhotoUrl: null,
  startTime: '2026-03-09T09:00:00+01:00',
  endTime: '2026-03-09T09:30:00+01:00',
  duration: 30,
  userTimezone: 'Europe/Berlin',
  location: 'Google Meet',
  place: meetingPlace({ locationType: 'google-meet' }, { meetingUrl: 'https://meet.google.com/abc-defg-hij' }),
  name: 'Sam Guest',
  email: 'sam@example.com',
  guests: ['kim@example.com'],
  additionalInfo: 'About the launch',
  cancellation: null,
  rescheduled: false,
  past: false,
};

describe('reschedule mode: which booking the link moves', () => {
  it('moves a confirmed or pending booking of this event, naming it with its current start and the token', () => {
    expect(rescheduleTarget('intro-call', TOKEN, booking, null)).toEqual({
      kind: 'ready',
      booking,
      replaces: { bookingId: BOOKING_ID, startTime: booking.startTime, token: TOKEN },
    });
    expect(rescheduleTarget('Intro-Call', TOKEN, { ...booking, status: 'pending' }, null).kind).toBe('ready');
  });

  it('refuses a cancelled or past booking, and one of another event', () => {
    const cancelled = { ...booking, status: 'cancelled' as const };
    expect(rescheduleTarget('intro-call', TOKEN, cancelled, null)).toEqual({
      kind: 'error',
      message: CANNOT_RESCHEDULE,
    });
    expect(rescheduleTarget('intro-call', TOKEN, { ...booking, past: true }, null)).toEqual({
      kind: 'error',
      message: CANNOT_RESCHEDULE,
    });
    expect(CANNOT_RESCHEDULE).toBe('This booking can no longer be rescheduled.');
    expect(rescheduleTarget('deep-dive', TOKEN, booking, null)).toEqual({ kind: 'error', message: OTHER_EVENT });
  });

  it("shows the server's message for a wrong or expired link, and refuses a link without a token", () => {
    const notFound = new ApiError(404, 'Booking not found.', 'NOT_FOUND');
    expect(rescheduleTarget('intro-call', TOKEN, undefined, notFound)).toEqual({
      kind: 'error',
      message: 'Booking not found.',
    });
    expect(rescheduleTarget('intro-call', TOKEN, undefined, new Error('boom'))).toEqual({
      kind: 'error',
      message: INVALID_LINK,
    });
    expect(rescheduleTarget('intro-call', null, undefined, null)).toEqual({ kind: 'error', message: INVALID_LINK });
  });

  it("prefills the details form with the booking's name, e-mail, guests and answers", () => {
    expect(formValuesOf(booking)).toEqual({
      name: 'Sam Guest',
      email: 'sam@example.com',
      additionalInfo: 'About the launch',
      guests: ['kim@example.com'],
      phone: '',
    });
    expect(formValuesOf({ ...booking, additionalInfo: null, guests: [] }).additionalInfo).toBe('');
  });

  it('keeps the number the host calls when the booking is a phone call the host makes (issue 30)', () => {
    const place = meetingPlace({ locationType: 'phone', phoneCaller: 'host' }, { guestPhone: '+49 30 1234567' });
    expect(formValuesOf({ ...booking, place }).phone).toBe('+49 30 1234567');
    expect(formValuesOf({ ...booking, place: null }).phone).toBe('');
  });
});

describe('reschedule mode: the current time joins the lists', () => {
  const current = { start: '2026-03-09T09:00:00+01:00', end: '2026-03-09T09:30:00+01:00' };
  const slot = (start: string, end: string) => ({ start, end });

  it('adds the current time to its day in order, although the API lists it as taken', () => {
    const free = [
      slot('2026-03-09T07:30:00.000Z', '2026-03-09T08:00:00.000Z'),
      slot('2026-03-09T09:00:00.000Z', '2026-03-09T09:30:00.000Z'),
    ];
    expect(withCurrentSlot(free, current)).toEqual([free[0], current, free[1]]);
    expect(withCurrentSlot([], current)).toEqual([current]);
  });

  it('does not repeat a time the list already has (the same instant in another offset)', () => {
    const free = [slot('2026-03-09T08:00:00.000Z', '2026-03-09T08:30:00.000Z')];
    expect(withCurrentSlot(free, current)).toEqual(free);
    expect(isCurrentSlot(free[0]!, current)).toBe(true);
    expect(isCurrentSlot(slot('2026-03-09T08:30:00.000Z', '2026-03-09T09:00:00.000Z'), current)).toBe(false);
    expect(isCurrentSlot(free[0]!, null)).toBe(false);
  });

  it("offers the current booking's date in the month, leaving the map given untouched", () => {
    const month = new Map([
      ['2026-03-09', false],
      ['2026-03-10', true],
    ]);
    const offered = withCurrentDate(month, '2026-03-09');
    expect(offered.get('2026-03-09')).toBe(true);
    expect(offered.get('2026-03-10')).toBe(true);
    expect(month.get('2026-03-09')).toBe(false);
    const open = new Map([['2026-03-09', true]]);
    expect(withCurrentDate(open, '2026-03-09')).toBe(open);
  });

  it('names the time being moved in the guest zone, as the banner does', () => {
    expect(formatDateTime(current.start, 'Europe/Berlin')).toBe('Mon, Mar 9, 2026, 9:00 AM');
    expect(formatDateTime(current.start, 'America/New_York')).toBe('Mon, Mar 9, 2026, 4:00 AM');
  });
});

describe("step 3's Add to calendar", () => {
  it('links the manage page with the token of the booking answer in the fragment (issue 31)', () => {
    expect(manageBookingUrl('https://meetwise.example', BOOKING_ID, TOKEN)).toBe(
      `https://meetwise.example/booking/${BOOKING_ID}#token=${TOKEN}`,
    );
  });

  it('builds a Google Calendar template link in UTC, with the details and location encoded', () => {
    const url = googleCalendarUrl({
      title: 'Intro Call with Jordan Avery',
      start: new Date('2026-03-09T09:00:00+01:00'),
      end: new Date('2026-03-09T09:30:00+01:00'),
      details: 'Booked with Meetwise.\nReschedule or cancel: https://x.test/booking/1?token=a&b',
      location: 'Google Meet',
    });
    expect(url).toBe(
      'https://calendar.google.com/calendar/render?action=TEMPLATE' +
        '&text=Intro%20Call%20with%20Jordan%20Avery' +
        '&dates=20260309T080000Z/20260309T083000Z' +
        '&details=Booked%20with%20Meetwise.%0AReschedule%20or%20cancel%3A%20https%3A%2F%2Fx.test%2Fbooking%2F1%3Ftoken%3Da%26b' +
        '&location=Google%20Meet',
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.get('text')).toBe('Intro Call with Jordan Avery');
    expect(parsed.searchParams.get('details')).toContain('token=a&b');
  });

  it('leaves the location out when the event has none', () => {
    const url = googleCalendarUrl({
      title: 'Call',
      start: new Date('2026-12-31T23:45:00Z'),
      end: new Date('2027-01-01T00:15:00Z'),
      details: 'x',
      location: null,
    });
    expect(url).toContain('&dates=20261231T234500Z/20270101T001500Z');
    expect(url).not.toContain('location=');
  });
});

const BOOKED = {
  date: '2026-03-09',
  startTime: '2026-03-09T08:00:00.000Z',
  endTime: '2026-03-09T08:30:00.000Z',
  eventId: 1001,
  timezone: 'Europe/Berlin',
  name: 'Sam Guest',
  email: 'sam@example.com',
};

describe('the phone number a phone call asks for (issue 30)', () => {
  it('asks for it only when the host calls, then needs a number as a person writes it', () => {
    expect(phoneProblem('', undefined)).toBeNull();
    expect(phoneProblem('', false)).toBeNull();
    expect(phoneProblem('  ', true)).toBe(PHONE_MISSING);
    expect(PHONE_MISSING).toBe('Please enter your phone number.');
    expect(phoneProblem('call me', true)).toBe(PHONE_INVALID);
    expect(phoneProblem('12345', true)).toBe(PHONE_INVALID);
    expect(phoneProblem('+1 (555) 010-0100', true)).toBeNull();
  });

  it('sends the trimmed number only when the event asks for it, and the schema takes it', () => {
    expect(phoneBody(' +1 555 010 0100 ', true)).toEqual({ phone: '+1 555 010 0100' });
    expect(phoneBody('+1 555 010 0100', false)).toEqual({});
    expect(createBookingBody.safeParse({ ...BOOKED, ...phoneBody(' +1 555 010 0100 ', true) }).data).toMatchObject({
      phone: '+1 555 010 0100',
    });
    const refused = createBookingBody.safeParse({ ...BOOKED, phone: 'call me' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['phone'], message: PHONE_INVALID });
  });
});

describe('where the meeting takes place (issue 30)', () => {
  const video: MeetingPlace = meetingPlace({ locationType: 'video' }, { meetingUrl: 'https://meet.jit.si/Meetwise-1' });
  const eventVideo: MeetingPlace = meetingPlace({ locationType: 'video' });

  it('shows the place before booking without a link: the kind of an online meeting, the line of the others', () => {
    expect(summaryPlaceText({ location: 'Video call', place: eventVideo })).toBe(
      'Video call (the link comes with the confirmation)',
    );
    // A page answer that carried a link anyway never shows it before booking.
    const zoom = meetingPlace({ locationType: 'link', locationDetail: 'https://zoom.us/j/1' });
    expect(summaryPlaceText({ location: 'Zoom', place: zoom })).toBe('Zoom');
    expect(summaryPlaceText({ location: 'Zoom', place: { ...zoom, url: null } })).toBe('Zoom');
    const address = meetingPlace({ locationType: 'in-person', locationDetail: '12 Main Street' });
    expect(summaryPlaceText({ location: '12 Main Street', place: address })).toBe('12 Main Street');
    const call = meetingPlace({ locationType: 'phone', phoneCaller: 'host' });
    expect(summaryPlaceText({ location: 'Phone call', place: call })).toBe('Phone call: the host calls you');
    // A page published before issue 30: the location text.
    expect(summaryPlaceText({ location: 'In-person' })).toBe('In-person');
  });

  it("shows the booking's own place once booked (its link), else the event's", () => {
    expect(bookedPlace({ place: video }, { place: eventVideo })).toBe(video);
    expect(bookedPlace({}, { place: eventVideo })).toBe(eventVideo);
    expect(bookedPlace({}, {})).toBeNull();
    expect(placeLine(video, 'Video call')).toBe('Video call: https://meet.jit.si/Meetwise-1');
    const zoom = meetingPlace({ locationType: 'link', locationDetail: 'https://zoom.us/j/1' }, {});
    expect(placeLine(zoom, 'Zoom')).toBe('Zoom: https://zoom.us/j/1');
    expect(placeLine({ ...zoom, text: 'Zoom' }, 'Zoom')).toBe('Zoom: https://zoom.us/j/1');
    expect(placeLine(null, 'In-person')).toBe('In-person');
  });

  it('puts the link to join in the calendar entry as its location and in its details', () => {
    expect(calendarPlace(video, 'Video call')).toEqual({
      location: 'https://meet.jit.si/Meetwise-1',
      detailsLine: 'Join (Video call): https://meet.jit.si/Meetwise-1',
    });
    const address = meetingPlace({ locationType: 'in-person', locationDetail: '12 Main Street' });
    expect(calendarPlace(address, '12 Main Street')).toEqual({ location: '12 Main Street', detailsLine: null });
    // Google Meet before Google made the link: the line, no link.
    expect(calendarPlace(meetingPlace({ locationType: 'google-meet' }), 'Google Meet')).toEqual({
      location: 'Google Meet (the link is in the calendar invitation)',
      detailsLine: null,
    });
    expect(calendarPlace(null, '')).toEqual({ location: null, detailsLine: null });
    const url = googleCalendarUrl({
      title: 'Call',
      start: new Date('2026-03-09T08:00:00Z'),
      end: new Date('2026-03-09T08:30:00Z'),
      details: calendarPlace(video, '').detailsLine!,
      location: calendarPlace(video, '').location,
    });
    expect(new URL(url).searchParams.get('location')).toBe('https://meet.jit.si/Meetwise-1');
    expect(new URL(url).searchParams.get('details')).toContain('Join (Video call): https://meet.jit.si/Meetwise-1');
  });

  it("reads the guest's number back from a phone call the host makes, and nothing from other places", () => {
    const call = (guestPhone: string) => meetingPlace({ locationType: 'phone', phoneCaller: 'host' }, { guestPhone });
    expect(guestPhoneOf(call('+1 (555) 010-0100'))).toBe('+1 (555) 010-0100');
    expect(guestPhoneOf(call(''))).toBe('');
    expect(guestPhoneOf(meetingPlace({ locationType: 'phone', locationDetail: '+1 555 010 0100' }))).toBe('');
    expect(guestPhoneOf(video)).toBe('');
    expect(guestPhoneOf(null)).toBe('');
  });
});
