import { describe, expect, it } from 'vitest';

import type { ManagedBooking } from '#shared/api/schemas/bookings';
import { meetingPlace } from '#shared/locations';
import { chromeFor, isHostAreaPath, isPublicBookingPath } from '#frontend/app/layout-rules.ts';
import { BOOKING_STATUS_LABELS } from '#frontend/components/booking-status-badge.tsx';
import {
  bookAgainHref,
  cancellationText,
  loadFailure,
  manageState,
  placeView,
  rescheduleHref,
  stateText,
} from '#frontend/features/manage-booking/lib/manage-view.ts';
import { ApiError } from '#frontend/lib/api.ts';

/** The guest's manage page (/booking/{id}?token=…, issue 16) as pure rules. */

const TOKEN = 'b'.repeat(43);
const booking: ManagedBooking = {
  id: '6f1c2b9e-4d3a-4c5b-9a8e-1f2d3c4b5a69',
  status: 'confirmed',
  eventTitle: 'Intro Call',
  eventSlug: 'intro-call',
  hostName: 'Jordan Avery',
  hostPhotoUrl: '/photos/jordan.jpg',
  startTime: '2026-03-09T09:00:00+01:00',
  endTime: '2026-03-09T09:30:00+01:00',
  duration: 30,
  userTimezone: 'Europe/Berlin',
  location: null,
  place: null,
  name: 'Sam Guest',
  email: 'sam@example.com',
  guests: [],
  additionalInfo: null,
  cancellation: null,
  rescheduled: false,
  past: false,
};
const cancelled = (by: 'guest' | 'host' | 'admin' | 'system', declined = false): ManagedBooking => ({
  ...booking,
  status: 'cancelled',
  cancellation: { by, reason: null, declined },
});

describe('what the manage page offers', () => {
  it('offers Reschedule and Cancel while the booking is ahead, Book again once it is cancelled or over', () => {
    expect(manageState(booking)).toBe('active');
    expect(manageState({ ...booking, status: 'pending' })).toBe('active');
    expect(manageState({ ...booking, past: true })).toBe('past');
    expect(manageState(cancelled('guest'))).toBe('cancelled');
    expect(manageState({ ...cancelled('host'), past: true })).toBe('cancelled');
  });

  it('links Reschedule to the booking page in reschedule mode, Book again to the plain one', () => {
    expect(rescheduleHref(booking, TOKEN)).toBe(`/book/intro-call?reschedule=${booking.id}#token=${TOKEN}`);
    expect(bookAgainHref(booking)).toBe('/book/intro-call');
  });

  it("uses the spec's status labels", () => {
    expect(BOOKING_STATUS_LABELS).toEqual({ confirmed: 'Confirmed', pending: 'Pending', cancelled: 'Cancelled' });
  });
});

describe('what the manage page says', () => {
  it('says who cancelled, that the host declined, or that it was rescheduled', () => {
    expect(cancellationText(cancelled('guest'))).toBe('You cancelled this booking.');
    expect(cancellationText(cancelled('host'))).toBe('Jordan Avery cancelled this booking.');
    expect(cancellationText(cancelled('admin'))).toBe('This booking was cancelled by an administrator.');
    expect(cancellationText(cancelled('system'))).toBe('This booking was cancelled.');
    expect(cancellationText(cancelled('host', true))).toBe('Jordan Avery declined this booking.');
    expect(cancellationText({ ...cancelled('guest'), rescheduled: true })).toMatch(/^This booking was rescheduled\./);
  });

  it('says a past booking took place and a pending one waits for the host', () => {
    expect(stateText({ ...booking, past: true })).toBe('This meeting already took place.');
    expect(stateText({ ...booking, status: 'pending' })).toMatch(/You will receive an e-mail when they do\.$/);
    expect(stateText(booking)).toBe('You are scheduled with Jordan Avery.');
  });

  it('treats any refusal of the link as "not valid", and failures of the network or server as retryable', () => {
    expect(loadFailure(new ApiError(404, 'Booking not found.'))).toBe('invalid');
    expect(loadFailure(new ApiError(400, 'Booking not found.'))).toBe('invalid');
    expect(loadFailure(new ApiError(429, 'Too many requests'))).toBe('failed');
    expect(loadFailure(new ApiError(500, 'Internal error'))).toBe('failed');
    expect(loadFailure(new ApiError(0, 'Network error'))).toBe('failed');
    expect(loadFailure(new Error('boom'))).toBe('failed');
  });
});

describe('where the meeting takes place (issue 30)', () => {
  const room = 'https://meet.jit.si/Meetwise-0123456789abcdef0123456789abcdef';
  const video = meetingPlace({ locationType: 'video' }, { meetingUrl: room });

  it('offers the link to join an online meeting while it is ahead', () => {
    expect(placeView({ ...booking, place: video })).toEqual({
      text: 'Video call',
      join: { label: 'Video call', url: room },
    });
    expect(placeView({ ...booking, status: 'pending', place: video })?.join?.url).toBe(room);
    const zoom = meetingPlace({ locationType: 'link', locationDetail: 'https://zoom.us/j/1' }, {});
    expect(placeView({ ...booking, place: zoom })).toEqual({
      text: 'Zoom',
      join: { label: 'Zoom', url: 'https://zoom.us/j/1' },
    });
  });

  it('shows no link once it is cancelled or over, and the line of a place without one', () => {
    expect(placeView({ ...cancelled('guest'), place: video })).toEqual({ text: `Video call: ${room}`, join: null });
    expect(placeView({ ...booking, past: true, place: video })?.join).toBeNull();
    const address = meetingPlace({ locationType: 'in-person', locationDetail: '12 Main Street' });
    expect(placeView({ ...booking, place: address })).toEqual({ text: '12 Main Street', join: null });
    const call = meetingPlace({ locationType: 'phone', phoneCaller: 'host' }, { guestPhone: '+1 555 010 0100' });
    expect(placeView({ ...booking, place: call })?.text).toBe('Phone call: the host calls +1 555 010 0100');
  });

  it('shows the location text of a booking whose event is gone, and nothing when there is none', () => {
    expect(placeView({ ...booking, location: 'Google Meet' })).toEqual({ text: 'Google Meet', join: null });
    expect(placeView(booking)).toBeNull();
  });
});

describe('chrome of the booking pages of issue 16', () => {
  it('shows the guest manage page with the brand and without Pricing, and counts the host page as console', () => {
    expect(isPublicBookingPath('/booking/abc')).toBe(false);
    expect(chromeFor('/booking/abc')).toMatchObject({ showBrand: true, showThemeToggle: true, showPricing: false });
    expect(isHostAreaPath('/booking/abc')).toBe(false);
    expect(isHostAreaPath('/bookings/abc')).toBe(true);
    expect(chromeFor('/bookings/abc').showPricing).toBe(false);
  });
});
