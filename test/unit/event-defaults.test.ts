/**
 * A new event type's defaults (the new-event form's values and its working hours), written out
 * here as the spec states them rather than through the shared constants, so a changed constant shows up.
 */
import { describe, expect, it } from 'vitest';

import { defaultAvailabilityRanges } from '#shared/rules/event-defaults';
import { newEvent } from '#functions/domain/event-defaults';

const now = new Date('2026-03-09T14:15:16.789Z');
const required = { userId: 'host-1', slug: 'intro', title: 'Intro' };

const weekdaysNineToSix = [
  { dayOfWeek: 0, active: false, startTime: '09:00', endTime: '18:00' },
  { dayOfWeek: 1, active: true, startTime: '09:00', endTime: '18:00' },
  { dayOfWeek: 2, active: true, startTime: '09:00', endTime: '18:00' },
  { dayOfWeek: 3, active: true, startTime: '09:00', endTime: '18:00' },
  { dayOfWeek: 4, active: true, startTime: '09:00', endTime: '18:00' },
  { dayOfWeek: 5, active: true, startTime: '09:00', endTime: '18:00' },
  { dayOfWeek: 6, active: false, startTime: '09:00', endTime: '18:00' },
];

describe('defaultAvailabilityRanges', () => {
  it('is Monday to Friday 09:00–18:00 with the weekend off, one range per weekday from Sunday (0)', () => {
    expect(defaultAvailabilityRanges()).toEqual(weekdaysNineToSix);
  });

  it('answers a fresh list each time, so changing one event never changes another', () => {
    const first = defaultAvailabilityRanges();
    first[1]!.startTime = '07:00';
    first.pop();
    expect(defaultAvailabilityRanges()).toEqual(weekdaysNineToSix);
  });
});

describe('newEvent', () => {
  it("gives the spec's defaults under the required fields", () => {
    expect(newEvent(required, now)).toEqual({
      userId: 'host-1',
      slug: 'intro',
      title: 'Intro',
      description: '',
      duration: 30,
      color: '#EA580C',
      active: true,
      // Issue 30: the built-in video call, which needs no calendar.
      location: 'Video call',
      locationType: 'video',
      bufferBefore: 0,
      bufferAfter: 0,
      requiresConfirmation: false,
      advanceBookingDays: 60,
      maxBookingsPerDay: null,
      minimumNoticeAmount: 0,
      minimumNoticeUnit: 'hours',
      showHostPhoto: true,
      showEventPhoto: true,
      eventPhotoUrl: null,
      showGuestLogo: true,
      guestLogoUrl: null,
      themeColor: null,
      secondaryColor: null,
      customCss: '',
      bookingTheme: 'light',
      timeZone: 'America/New_York',
      availabilityRanges: weekdaysNineToSix,
      createdAt: '2026-03-09T14:15:16.789Z',
      updatedAt: '2026-03-09T14:15:16.789Z',
    });
  });

  it('has no id: the repository allocates it', () => {
    expect(newEvent(required, now)).not.toHaveProperty('id');
  });

  it('lets every given field override its default and keeps the others', () => {
    const ranges = [{ dayOfWeek: 0, active: true, startTime: '10:00', endTime: '12:00' }];
    const overrides = {
      description: 'An hour of planning.',
      duration: 60,
      color: '#3B82F6',
      active: false,
      bufferBefore: 15,
      bufferAfter: 10,
      requiresConfirmation: true,
      advanceBookingDays: 14,
      maxBookingsPerDay: 3,
      minimumNoticeAmount: 2,
      minimumNoticeUnit: 'days',
      showHostPhoto: false,
      showEventPhoto: false,
      showGuestLogo: false,
      bookingTheme: 'dark',
      timeZone: 'Asia/Kolkata',
      availabilityRanges: ranges,
    } as const;
    const event = newEvent({ ...required, ...overrides }, now);
    expect(event).toMatchObject({
      ...overrides,
      // untouched defaults
      // Issue 30: the built-in video call, which needs no calendar.
      location: 'Video call',
      locationType: 'video',
      eventPhotoUrl: null,
      customCss: '',
    });
  });

  it('changes only the overridden field', () => {
    const base = newEvent(required, now);
    expect(newEvent({ ...required, duration: 45 }, now)).toEqual({ ...base, duration: 45 });
    expect(newEvent({ ...required, maxBookingsPerDay: 5 }, now)).toEqual({ ...base, maxBookingsPerDay: 5 });
  });

  it.each([
    ['google-meet', 'Google Meet'],
    ['video', 'Video call'],
    ['in-person', 'In-person'],
    ['phone', 'Phone call'],
  ] as const)('describes the location of a %s event as "%s"', (locationType, location) => {
    expect(newEvent({ ...required, locationType }, now)).toMatchObject({ locationType, location });
  });

  it('keeps a location text that is given with its type', () => {
    expect(newEvent({ ...required, locationType: 'in-person', location: '12 Main St, Room 4' }, now)).toMatchObject({
      locationType: 'in-person',
      location: '12 Main St, Room 4',
    });
  });

  it('stamps createdAt and updatedAt with the given clock', () => {
    const later = new Date('2027-01-01T00:00:00.000Z');
    expect(newEvent(required, later)).toMatchObject({
      createdAt: '2027-01-01T00:00:00.000Z',
      updatedAt: '2027-01-01T00:00:00.000Z',
    });
  });

  it('gives each new event its own availability list', () => {
    const a = newEvent(required, now);
    const b = newEvent({ ...required, slug: 'other' }, now);
    expect(a.availabilityRanges).not.toBe(b.availabilityRanges);
    a.availabilityRanges[1]!.active = false;
    expect(b.availabilityRanges[1]!.active).toBe(true);
  });
});
