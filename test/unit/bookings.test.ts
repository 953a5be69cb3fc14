import { describe, expect, it } from 'vitest';

import type { HostBooking } from '#shared/api/schemas/bookings';
import { meetingPlace } from '#shared/locations';
import {
  awaitsDecision,
  hostCancellationText,
  hostStateText,
  isNotFound,
} from '#frontend/features/bookings/lib/booking-view.ts';
import { hostPlaceView, telHref } from '#frontend/features/bookings/lib/place.ts';
import { ApiError } from '#frontend/lib/api.ts';
import { formatHostTime } from '#frontend/lib/dates.ts';

/** The host's booking page (/bookings/{id}, issue 16) as pure rules. */

const booking: HostBooking = {
  id: '6f1c2b9e-4d3a-4c5b-9a8e-1f2d3c4b5a69',
  status: 'pending',
  eventId: 1001,
  eventTitle: 'Intro Call',
  eventSlug: 'intro-call',
  hostName: 'Jordan Avery',
  name: 'Sam Guest',
  email: 'sam@example.com',
  guests: [],
  additionalInfo: null,
  startTime: '2026-03-09T14:00:00.000Z',
  endTime: '2026-03-09T14:30:00.000Z',
  guestTimeZone: 'Europe/Berlin',
  hostTimeZone: 'America/New_York',
  cancellation: null,
  meetingType: 'consultation',
  noShow: false,
  location: 'Google Meet',
  place: meetingPlace({ locationType: 'google-meet' }, { meetingUrl: 'https://meet.google.com/abc-defg-hij' }),
  rescheduledTo: null,
  rescheduledFrom: null,
  past: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  source: null,
};

describe('the host booking page', () => {
  it('offers Confirm and Decline only for a pending booking that has not started', () => {
    expect(awaitsDecision(booking)).toBe(true);
    expect(awaitsDecision({ ...booking, past: true })).toBe(false);
    expect(awaitsDecision({ ...booking, status: 'confirmed' })).toBe(false);
    expect(awaitsDecision({ ...booking, status: 'cancelled' })).toBe(false);
  });

  it('says who cancelled or declined', () => {
    const by = (who: 'guest' | 'host' | 'admin' | 'system', declined = false) =>
      hostCancellationText({ cancellation: { by: who, reason: null, declined }, rescheduledTo: null });
    expect(by('guest')).toBe('Cancelled by the guest.');
    expect(by('host')).toBe('Cancelled by the host.');
    expect(by('admin')).toBe('Cancelled by an administrator.');
    expect(by('system')).toBe('Cancelled by Meetwise.');
    expect(by('host', true)).toBe('Declined by the host.');
    expect(by('admin', true)).toBe('Declined by an administrator.');
    expect(by('system', true)).toBe('Declined automatically: it was not confirmed before it started.');
    expect(hostCancellationText({ cancellation: null, rescheduledTo: 'b2' })).toBe(
      'The guest moved this booking to a new time.',
    );
    expect(hostStateText({ ...booking, status: 'cancelled', cancellation: null })).toBe('Cancelled.');
  });

  it('says where a booking stands', () => {
    expect(hostStateText(booking)).toMatch(/^This booking request waits for a decision\./);
    expect(hostStateText({ ...booking, past: true })).toBe('This booking was not confirmed before it started.');
    expect(hostStateText({ ...booking, status: 'confirmed' })).toBe('This booking is confirmed.');
    expect(hostStateText({ ...booking, status: 'confirmed', past: true })).toBe('This meeting already took place.');
  });

  it("shows the guest's time beside the host's, with the guest's date when it differs", () => {
    expect(formatHostTime(booking.startTime, booking.endTime, 'Europe/Berlin', 'America/New_York')).toBe(
      '3:00 PM - 3:30 PM (Europe/Berlin)',
    );
    const late = { start: '2026-03-10T03:00:00.000Z', end: '2026-03-10T03:30:00.000Z' };
    expect(formatHostTime(late.start, late.end, 'Europe/Berlin', 'America/New_York')).toBe(
      '4:00 AM - 4:30 AM, Tuesday Mar 10 (Europe/Berlin)',
    );
  });

  it('shows "Booking not found" for 404 and a malformed id, an error with retry otherwise', () => {
    expect(isNotFound(new ApiError(404, 'Booking not found.'))).toBe(true);
    expect(isNotFound(new ApiError(400, 'Booking not found.'))).toBe(true);
    expect(isNotFound(new ApiError(500, 'Internal error'))).toBe(false);
    expect(isNotFound(new Error('boom'))).toBe(false);
  });
});

describe('where the meeting takes place, on the host booking page (issue 30)', () => {
  it('offers the link to join an online meeting until it is cancelled', () => {
    expect(hostPlaceView(booking)).toEqual({
      text: 'Google Meet',
      join: { label: 'Google Meet', url: 'https://meet.google.com/abc-defg-hij' },
      guestPhone: null,
    });
    expect(hostPlaceView({ ...booking, status: 'cancelled' })).toEqual({
      text: 'Google Meet: https://meet.google.com/abc-defg-hij',
      join: null,
      guestPhone: null,
    });
  });

  it("gives the guest's number when the host calls, to call it from the page", () => {
    const place = meetingPlace({ locationType: 'phone', phoneCaller: 'host' }, { guestPhone: '+1 (555) 010-0100' });
    expect(hostPlaceView({ ...booking, place })).toEqual({
      text: 'Phone call: the host calls the guest at',
      join: null,
      guestPhone: '+1 (555) 010-0100',
    });
    expect(telHref('+1 (555) 010-0100')).toBe('tel:+15550100100');
    const guestsCall = meetingPlace({ locationType: 'phone', locationDetail: '+1 555 010 0100' });
    expect(hostPlaceView({ ...booking, place: guestsCall })).toEqual({
      text: 'Phone call: call +1 555 010 0100',
      join: null,
      guestPhone: null,
    });
  });

  it('shows the address of an in-person meeting, and the kept text of a booking whose event is gone', () => {
    const place = meetingPlace({ locationType: 'in-person', locationDetail: '12 Main Street' });
    expect(hostPlaceView({ ...booking, place })?.text).toBe('12 Main Street');
    expect(hostPlaceView({ ...booking, place: null })).toEqual({ text: 'Google Meet', join: null, guestPhone: null });
    expect(hostPlaceView({ ...booking, place: null, location: null })).toBeNull();
  });
});
