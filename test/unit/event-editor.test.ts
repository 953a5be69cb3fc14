import { describe, expect, it } from 'vitest';

import { eventBody, type DateOverride, type HostEvent } from '#shared/api/schemas/host-events';
import { GOOGLE_MEET_NEEDS_GOOGLE } from '#shared/locations';
import {
  dateExceptionTimesProblem,
  END_TIME_MISSING,
  START_TIME_MISSING,
} from '#frontend/features/event-editor/lib/date-exception.ts';
import { dominantColor, logoAccentColor } from '#frontend/features/event-editor/lib/dominant-color.ts';
import {
  asksLocationDetail,
  errorsByPath,
  formValuesFromEvent,
  isGoogleConnected,
  locationTypeProblem,
  newEventFormValues,
  settingsDefaults,
  switchLocationType,
  toEventBody,
  toggleReminder,
  untouchedDefaults,
} from '#frontend/features/event-editor/lib/event-form.ts';
import {
  EVENT_IMAGE_ACCEPT,
  eventImageProblem,
  eventImageUploadError,
} from '#frontend/features/event-editor/lib/event-image.ts';
import { previewEvent, previewSlots } from '#frontend/features/event-editor/lib/preview.ts';
import { suggestSlug } from '#frontend/features/event-editor/lib/slug.ts';
import { formatClock, HALF_HOURS } from '#frontend/features/event-editor/lib/time-options.ts';
import { ApiError } from '#frontend/lib/api.ts';

/** The event editor's pure rules (new and edit mode, the guest logo, limits and choices). */

describe('suggestSlug', () => {
  it('lower-cases the title and joins its words with single hyphens', () => {
    expect(suggestSlug('Intro Call')).toBe('intro-call');
    // Digits alone would read as an event id.
    expect(suggestSlug('2025')).toBe('2025-event');
    expect(suggestSlug('  30 Minute   Meeting!! ')).toBe('30-minute-meeting');
    expect(suggestSlug('Q&A / Office-Hours')).toBe('q-a-office-hours');
  });

  it('drops accents and characters outside a-z and 0-9', () => {
    expect(suggestSlug('Café Crème Rendez-vous')).toBe('cafe-creme-rendez-vous');
    expect(suggestSlug('Kaffee ☕ mit Jörg')).toBe('kaffee-mit-jorg');
  });

  it('keeps at most 60 characters without a trailing hyphen', () => {
    const slug = suggestSlug(`${'a'.repeat(59)} b c`);
    expect(slug).toBe('a'.repeat(59));
    expect(suggestSlug('word '.repeat(30)).length).toBeLessThanOrEqual(60);
    expect(suggestSlug('word '.repeat(30))).not.toMatch(/-$/);
  });

  it('lengthens short slugs and moves off reserved words', () => {
    expect(suggestSlug('Go')).toBe('go-event');
    expect(suggestSlug('A!')).toBe('a-event');
    expect(suggestSlug('New')).toBe('new-event');
    expect(suggestSlug('Dashboard')).toBe('dashboard-event');
  });

  it('suggests nothing for a title without letters or digits', () => {
    expect(suggestSlug('')).toBe('');
    expect(suggestSlug('!!! ☕')).toBe('');
  });

  it('always suggests a slug the shared schema accepts', () => {
    for (const title of ['Intro Call', 'Go', 'new', 'Ünïcödé Tïtle', `${'x'.repeat(80)}`, '1', 'slug', 'public']) {
      const body = {
        ...toEventBody({
          ...newEventFormValues(),
          title: 'Valid title',
          locationType: 'phone',
          locationDetail: '+1 555 010 0100',
        }),
        slug: suggestSlug(title),
      };
      expect(eventBody.safeParse(body).success, title).toBe(true);
    }
  });
});

const rgba = (...pixels: Array<[number, number, number, number?]>) =>
  pixels.flatMap(([r, g, b, a = 255]) => [r, g, b, a]);

describe('dominantColor', () => {
  it('answers the most common usable colour', () => {
    expect(dominantColor(rgba([200, 30, 30], [200, 30, 30], [20, 120, 220]))).toBe('#C81E1E');
  });

  it('averages the colours of the winning bucket', () => {
    expect(dominantColor(rgba([16, 100, 200], [18, 102, 202], [200, 30, 30]))).toBe('#1165C9');
  });

  it('skips transparent, near-white, near-black and grey pixels', () => {
    const background = Array.from({ length: 10 }, () => [255, 255, 255] as [number, number, number]);
    expect(
      dominantColor(
        rgba(...background, [0, 0, 0], [10, 10, 10], [128, 128, 128], [128, 130, 126], [255, 0, 0, 0], [30, 150, 60]),
      ),
    ).toBe('#1E963C');
  });

  it('answers null when no pixel is usable, and the logo accent falls back to #3B82F6', () => {
    expect(dominantColor([])).toBeNull();
    expect(dominantColor(rgba([255, 255, 255], [0, 0, 0], [120, 120, 120], [10, 200, 10, 20]))).toBeNull();
    expect(logoAccentColor(rgba([255, 255, 255]))).toBe('#3B82F6');
    expect(logoAccentColor(rgba([200, 30, 30]))).toBe('#C81E1E');
  });
});

describe('eventImageProblem', () => {
  const NOT_AN_IMAGE = {
    title: 'Invalid file type',
    description: 'Please choose an image file (PNG, JPEG, GIF or WebP).',
  };

  it('accepts PNG, JPEG, GIF and WebP up to 5 MB, the types the server sniffs', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(eventImageProblem({ type, size: 5 * 1024 * 1024 }), type).toBeNull();
    }
    expect(EVENT_IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp');
  });

  it('refuses every other type, image or not, with the server’s own words', () => {
    for (const type of [
      'image/svg+xml',
      'image/bmp',
      'image/tiff',
      'image/avif',
      'image/heic',
      'image/x-icon',
      'application/pdf',
      'text/plain',
      '',
    ]) {
      expect(eventImageProblem({ type, size: 10 }), type).toEqual(NOT_AN_IMAGE);
    }
  });

  it('refuses larger files with the spec’s message', () => {
    expect(eventImageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'The image file must be less than 5MB in size.',
    });
  });

  it('shows the server’s message for a refused upload (400), the generic one otherwise', () => {
    expect(eventImageUploadError(new ApiError(400, 'Please choose an image file (PNG, JPEG, GIF or WebP).'))).toEqual({
      title: 'Upload failed',
      description: 'Please choose an image file (PNG, JPEG, GIF or WebP).',
    });
    const generic = {
      title: 'Upload failed',
      description: 'There was an error uploading your image. Please try again.',
    };
    expect(eventImageUploadError(new ApiError(500, 'Internal error'))).toEqual(generic);
    expect(eventImageUploadError(new ApiError(0, 'Network error'))).toEqual(generic);
    expect(eventImageUploadError(new ApiError(400, '  '))).toEqual(generic);
    expect(eventImageUploadError(new Error('boom'))).toEqual(generic);
  });
});

const savedEvent: HostEvent = {
  id: 12,
  userId: 'host-1',
  slug: 'deep-dive',
  title: 'Deep Dive',
  description: 'Long talk',
  duration: 75,
  color: '#112233',
  active: true,
  hostPhotoUrl: null,
  location: 'Phone call',
  locationType: 'phone',
  locationDetail: '+1 555 010 0100',
  phoneCaller: 'guest',
  bufferBefore: 5,
  bufferAfter: 10,
  requiresConfirmation: true,
  pendingExpiryHours: 48,
  reminders: [15, 2880],
  remindHost: true,
  meetingType: 'project',
  advanceBookingDays: 30,
  maxBookingsPerDay: 3,
  minimumNoticeAmount: 2,
  minimumNoticeUnit: 'days',
  showHostPhoto: false,
  showEventPhoto: true,
  eventPhotoUrl: '/photos/a.png',
  showGuestLogo: false,
  guestLogoUrl: null,
  themeColor: '#445566',
  secondaryColor: null,
  customCss: '.a { color: red }',
  bookingTheme: 'dark',
  timeZone: 'Europe/Paris',
  availabilityRanges: [{ dayOfWeek: 2, active: true, startTime: '10:00', endTime: '12:00' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  teamSlug: null,
  teamName: null,
  schedulingType: null,
  hosts: null,
  teamRole: null,
};

describe('event form values', () => {
  it("starts a new event from the spec's defaults", () => {
    const values = newEventFormValues();
    expect(values).toMatchObject({
      title: '',
      slug: '',
      description: '',
      duration: '30',
      color: '#EA580C',
      locationType: '',
      bufferBefore: 0,
      bufferAfter: 0,
      advanceBookingDays: '60',
      minimumNoticeAmount: '0',
      minimumNoticeUnit: 'hours',
      showHostPhoto: true,
      showEventPhoto: true,
      showGuestLogo: true,
      bookingTheme: 'light',
      timeZone: 'America/New_York',
    });
    expect(values.availabilityRanges.map((range) => range.active)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(values.availabilityRanges.every((range) => range.startTime === '09:00' && range.endTime === '18:00')).toBe(
      true,
    );
  });

  it('resets to a loaded event in edit mode, a custom duration in the number field', () => {
    const values = formValuesFromEvent(savedEvent);
    expect(values).toMatchObject({
      title: 'Deep Dive',
      duration: '75',
      customDuration: true,
      maxBookingsPerDay: '3',
      bookingTheme: 'dark',
      timeZone: 'Europe/Paris',
    });
    expect(values.availabilityRanges).toHaveLength(7);
    expect(values.availabilityRanges[2]).toEqual({ dayOfWeek: 2, active: true, startTime: '10:00', endTime: '12:00' });
    expect(values.availabilityRanges[1]).toEqual({ dayOfWeek: 1, active: true, startTime: '09:00', endTime: '18:00' });
  });

  it('falls back to a minimum notice of 4 and to the legacy availability when they are missing', () => {
    const legacy = [{ dayOfWeek: 3, active: false, startTime: '08:00', endTime: '09:00' }];
    const values = formValuesFromEvent({
      ...savedEvent,
      minimumNoticeAmount: null,
      availabilityRanges: [],
      availability: legacy,
    });
    expect(values.minimumNoticeAmount).toBe('4');
    expect(values.availabilityRanges[3]).toEqual(legacy[0]);
  });

  it('turns the form into a body the shared schema accepts, blank numbers as the limits say', () => {
    const values = {
      ...newEventFormValues(),
      title: 'Intro Call',
      slug: 'intro-call',
      locationType: 'google-meet' as const,
      advanceBookingDays: ' ',
      maxBookingsPerDay: '',
      minimumNoticeAmount: '',
    };
    const body = toEventBody(values, { active: false });
    expect(body).toMatchObject({
      duration: 30,
      location: 'Google Meet',
      advanceBookingDays: 60,
      maxBookingsPerDay: null,
      minimumNoticeAmount: 0,
      active: false,
    });
    expect(body).not.toHaveProperty('customDuration');
    expect(eventBody.safeParse(body).success).toBe(true);
    expect(eventBody.safeParse(toEventBody(formValuesFromEvent(savedEvent), { id: 12 })).success).toBe(true);
  });

  it('starts a new event as an Initial Consultation, keeps a loaded meeting type and sends it', () => {
    expect(newEventFormValues().meetingType).toBe('consultation');
    expect(formValuesFromEvent(savedEvent).meetingType).toBe('project');
    expect(formValuesFromEvent({ ...savedEvent, meetingType: undefined }).meetingType).toBe('consultation');
    const body = toEventBody({ ...formValuesFromEvent(savedEvent), meetingType: 'followup' });
    expect(body.meetingType).toBe('followup');
    expect(eventBody.parse(body).meetingType).toBe('followup');
  });

  it("starts a new event from the admin's meeting duration and break when the settings are loaded", () => {
    expect(newEventFormValues(null)).toMatchObject({ duration: '30', customDuration: false, bufferAfter: 0 });
    expect(newEventFormValues({ meetingDuration: 45, breakBetweenMeetings: 15 })).toMatchObject({
      duration: '45',
      customDuration: false,
      bufferAfter: 15,
      bufferBefore: 0,
    });
    // A value the editor does not offer is left to the shared default; an unlisted duration is a custom one.
    expect(settingsDefaults({ meetingDuration: 20, breakBetweenMeetings: 7 })).toEqual({
      duration: '20',
      customDuration: true,
    });
  });

  it('fills late settings only into the fields the host has not edited', () => {
    const values = newEventFormValues();
    const late = settingsDefaults({ meetingDuration: 60, breakBetweenMeetings: 10 });
    expect(untouchedDefaults(values, late, new Set())).toEqual({ duration: '60', bufferAfter: 10 });
    expect(untouchedDefaults(values, late, new Set(['bufferAfter']))).toEqual({ duration: '60' });
    // The duration's select and its custom number are one field: choosing "Custom" keeps both.
    expect(untouchedDefaults(values, late, new Set(['customDuration']))).toEqual({ bufferAfter: 10 });
    expect(untouchedDefaults({ ...values, duration: '60', bufferAfter: 10 }, late, new Set())).toEqual({});
  });

  it('starts a new event with reminders a day and an hour before, the host not reminded', () => {
    expect(newEventFormValues()).toMatchObject({ reminders: [1440, 60], remindHost: false });
  });

  it("keeps a loaded event's reminders, and gives an older event without them the defaults", () => {
    expect(formValuesFromEvent(savedEvent)).toMatchObject({ reminders: [2880, 15], remindHost: true });
    expect(formValuesFromEvent({ ...savedEvent, reminders: [], remindHost: false })).toMatchObject({
      reminders: [],
      remindHost: false,
    });
    expect(formValuesFromEvent({ ...savedEvent, reminders: undefined, remindHost: undefined })).toMatchObject({
      reminders: [1440, 60],
      remindHost: false,
    });
  });

  it('switches single reminders on and off, keeping them largest first and each once', () => {
    expect(toggleReminder([1440, 60], 15, true)).toEqual([1440, 60, 15]);
    expect(toggleReminder([1440, 60], 2880, true)).toEqual([2880, 1440, 60]);
    expect(toggleReminder([1440, 60], 60, true)).toEqual([1440, 60]);
    expect(toggleReminder([1440, 60], 1440, false)).toEqual([60]);
    expect(toggleReminder([60], 60, false)).toEqual([]);
  });

  it('sends the reminders sorted with remindHost, and the shared schema takes them', () => {
    const values = {
      ...newEventFormValues(),
      title: 'Intro Call',
      slug: 'intro-call',
      locationType: 'phone' as const,
      locationDetail: '+1 555 010 0100',
      reminders: [60, 15, 2880],
      remindHost: true,
    };
    const body = toEventBody(values);
    expect(body).toMatchObject({ reminders: [2880, 60, 15], remindHost: true });
    const parsed = eventBody.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ reminders: [2880, 60, 15], remindHost: true });
    expect(eventBody.parse(toEventBody({ ...values, reminders: [] })).reminders).toEqual([]);
  });

  it("reports the spec's messages by field path", () => {
    const values = { ...newEventFormValues(), title: 'ab', duration: '4' };
    values.availabilityRanges[1] = { dayOfWeek: 1, active: true, startTime: '10:00', endTime: '09:00' };
    const parsed = eventBody.safeParse(toEventBody(values));
    expect(parsed.success).toBe(false);
    const errors = errorsByPath(parsed.error!.issues);
    expect(errors.title).toBe('Event name must be at least 3 characters.');
    expect(errors.duration).toBe('Duration must be at least 5 minutes.');
    expect(errors.locationType).toBe('Please select a location type.');
    expect(errors['availabilityRanges.1.endTime']).toBe('The end time must be after the start time.');
    expect(errorsByPath(eventBody.safeParse(toEventBody({ ...values, duration: '241' })).error!.issues).duration).toBe(
      'Duration cannot exceed 240 minutes.',
    );
  });
});

describe('the event location (issue 30)', () => {
  const base = { ...newEventFormValues(), title: 'Intro Call', slug: 'intro-call' };
  const messages = (values: typeof base) => {
    const parsed = eventBody.safeParse(toEventBody(values));
    return parsed.success ? {} : errorsByPath(parsed.error.issues);
  };

  it('starts a new event with no location detail, guests calling', () => {
    expect(newEventFormValues()).toMatchObject({ locationType: '', locationDetail: '', phoneCaller: 'guest' });
  });

  it("loads an event's location, and gives an older event without the new fields none", () => {
    expect(formValuesFromEvent(savedEvent)).toMatchObject({
      locationType: 'phone',
      locationDetail: '+1 555 010 0100',
      phoneCaller: 'guest',
    });
    const older = { ...savedEvent, locationType: 'in-person' as const, locationDetail: undefined, phoneCaller: null };
    expect(formValuesFromEvent(older)).toMatchObject({ locationDetail: '', phoneCaller: 'guest' });
  });

  it('sends a video call and Google Meet without a detail, named by their type', () => {
    for (const [locationType, location] of [
      ['video', 'Video call'],
      ['google-meet', 'Google Meet'],
    ] as const) {
      const body = toEventBody({ ...base, locationType, locationDetail: 'left over', phoneCaller: 'host' });
      expect(body).toMatchObject({ locationType, locationDetail: '', phoneCaller: null, location });
      expect(eventBody.safeParse(body).success, locationType).toBe(true);
    }
  });

  it('sends the address of an in-person meeting, trimmed, as the location text', () => {
    const body = toEventBody({ ...base, locationType: 'in-person', locationDetail: '  12 Main Street, Springfield ' });
    expect(body).toMatchObject({
      locationType: 'in-person',
      locationDetail: '12 Main Street, Springfield',
      phoneCaller: null,
      location: '12 Main Street, Springfield',
    });
    expect(eventBody.safeParse(body).success).toBe(true);
    expect(messages({ ...base, locationType: 'in-person', locationDetail: '   ' }).locationDetail).toBe(
      'Please enter the address.',
    );
  });

  it("sends the host's own meeting link, named by its service, and refuses anything but an https:// link", () => {
    const body = toEventBody({ ...base, locationType: 'link', locationDetail: 'https://zoom.us/j/123456789' });
    expect(body).toMatchObject({ locationDetail: 'https://zoom.us/j/123456789', location: 'Zoom' });
    expect(eventBody.safeParse(body).success).toBe(true);
    for (const link of ['', 'zoom.us/j/1', 'http://zoom.us/j/1', 'javascript:alert(1)']) {
      expect(messages({ ...base, locationType: 'link', locationDetail: link }).locationDetail, link).toBe(
        'Please enter a meeting link that starts with https://.',
      );
    }
  });

  it("sends a phone call with who calls whom: the host's number when guests call, none when the host calls", () => {
    const guestsCall = toEventBody({ ...base, locationType: 'phone', locationDetail: '+1 555 010 0100' });
    expect(guestsCall).toMatchObject({
      locationDetail: '+1 555 010 0100',
      phoneCaller: 'guest',
      location: 'Phone call',
    });
    expect(eventBody.safeParse(guestsCall).success).toBe(true);
    expect(messages({ ...base, locationType: 'phone', locationDetail: 'call me' }).locationDetail).toBe(
      'Please enter the phone number guests should call.',
    );
    const hostCalls = toEventBody({ ...base, locationType: 'phone', phoneCaller: 'host', locationDetail: 'typed' });
    expect(hostCalls).toMatchObject({ locationDetail: '', phoneCaller: 'host' });
    expect(eventBody.safeParse(hostCalls).success).toBe(true);
  });

  it('shows the detail field only for the types that need one', () => {
    expect(asksLocationDetail({ locationType: 'in-person', phoneCaller: 'guest' })).toBe(true);
    expect(asksLocationDetail({ locationType: 'link', phoneCaller: 'guest' })).toBe(true);
    expect(asksLocationDetail({ locationType: 'phone', phoneCaller: 'guest' })).toBe(true);
    expect(asksLocationDetail({ locationType: 'phone', phoneCaller: 'host' })).toBe(false);
    expect(asksLocationDetail({ locationType: 'video', phoneCaller: 'guest' })).toBe(false);
    expect(asksLocationDetail({ locationType: 'google-meet', phoneCaller: 'guest' })).toBe(false);
    expect(asksLocationDetail({ locationType: '', phoneCaller: 'guest' })).toBe(false);
  });

  it('keeps what was typed for each type aside while the host switches between types', () => {
    let drafts = {};
    let values = { locationType: 'in-person' as const, locationDetail: '12 Main Street' } as {
      locationType: '' | 'in-person' | 'link' | 'video';
      locationDetail: string;
    };
    const pick = (next: '' | 'in-person' | 'link' | 'video') => {
      const switched = switchLocationType(values, next, drafts);
      drafts = switched.drafts;
      values = switched.changes as typeof values;
      return values;
    };
    // An address never shows up as a meeting link.
    expect(pick('link')).toEqual({ locationType: 'link', locationDetail: '' });
    values = { ...values, locationDetail: 'https://zoom.us/j/1' };
    expect(pick('video')).toEqual({ locationType: 'video', locationDetail: '' });
    expect(pick('in-person')).toEqual({ locationType: 'in-person', locationDetail: '12 Main Street' });
    expect(pick('link')).toEqual({ locationType: 'link', locationDetail: 'https://zoom.us/j/1' });
    expect(pick('')).toEqual({ locationType: '', locationDetail: '' });
  });

  it("refuses Google Meet when the host's calendar is not Google, with the reason", () => {
    const builtin = { connected: true, provider: 'builtin' as const };
    expect(isGoogleConnected(builtin)).toBe(false);
    expect(isGoogleConnected({ connected: false, provider: null })).toBe(false);
    expect(isGoogleConnected({ connected: true, provider: 'google' })).toBe(true);
    expect(isGoogleConnected(undefined)).toBeNull();
    expect(locationTypeProblem({ locationType: 'google-meet' }, false)).toBe(GOOGLE_MEET_NEEDS_GOOGLE);
    expect(locationTypeProblem({ locationType: 'google-meet' }, true)).toBeNull();
    // Not known yet, or a team event (the server checks every host): no verdict here.
    expect(locationTypeProblem({ locationType: 'google-meet' }, null)).toBeNull();
    expect(locationTypeProblem({ locationType: 'video' }, false)).toBeNull();
  });

  it('previews the place as the booking page shows it before a booking: no link, and the phone question', () => {
    const host = { name: 'Jordan Avery', photoUrl: null };
    const link = previewEvent({ ...base, locationType: 'link', locationDetail: 'https://zoom.us/j/1' }, host, 1);
    expect(link).toMatchObject({ location: 'Zoom', place: { type: 'link', label: 'Zoom', url: null, online: true } });
    expect(link.asksForPhone).toBe(false);
    const call = previewEvent({ ...base, locationType: 'phone', phoneCaller: 'host' }, host, 1);
    expect(call).toMatchObject({ location: 'Phone call', asksForPhone: true, place: { type: 'phone', url: null } });
    const address = previewEvent({ ...base, locationType: 'in-person', locationDetail: '12 Main Street' }, host, 1);
    expect(address.place).toMatchObject({ text: '12 Main Street', online: false });
    expect(previewEvent(base, host, 1)).toMatchObject({ location: '' });
    expect(previewEvent(base, host, 1).place).toBeUndefined();
  });
});

describe('working-hours choices and the preview', () => {
  it('offers every 30 minutes across the day', () => {
    expect(HALF_HOURS).toHaveLength(48);
    expect(HALF_HOURS[0]).toBe('00:00');
    expect(HALF_HOURS[19]).toBe('09:30');
    expect(HALF_HOURS[47]).toBe('23:30');
    expect(formatClock('00:00')).toBe('12:00 AM');
    expect(formatClock('13:30')).toBe('1:30 PM');
  });

  it("lays out slots from the day's working hours in the event's zone, stepping by the duration", () => {
    const settings = { ...newEventFormValues(), duration: '45', timeZone: 'Europe/Paris' };
    // 2026-06-02 is a Tuesday; 09:00–18:00 Paris is 07:00–16:00 UTC.
    const slots = previewSlots(settings, [], '2026-06-02', '2026-06-01', new Date('2026-06-01T00:00:00Z'));
    expect(slots[0]).toEqual({ start: '2026-06-02T07:00:00.000Z', end: '2026-06-02T07:45:00.000Z' });
    expect(slots.at(-1)!.end <= '2026-06-02T16:00:00.000Z').toBe(true);
    expect(slots).toHaveLength(12);
  });

  it('leaves out weekends, blocked dates, the minimum notice and days past the booking window', () => {
    const settings = {
      ...newEventFormValues(),
      advanceBookingDays: '3',
      minimumNoticeAmount: '1',
      minimumNoticeUnit: 'days' as const,
    };
    const now = new Date('2026-06-01T14:00:00Z'); // 10:00 in New York, Monday
    const blocked = [{ id: 'o1', eventId: 1, date: '2026-06-03', available: false, startTime: null, endTime: null }];
    expect(previewSlots(settings, [], '2026-06-06', '2026-06-01', now)).toEqual([]); // Saturday
    expect(previewSlots(settings, blocked, '2026-06-03', '2026-06-01', now)).toEqual([]);
    expect(previewSlots(settings, [], '2026-06-05', '2026-06-01', now)).toEqual([]); // beyond 3 days
    expect(previewSlots(settings, [], '2026-06-02', '2026-06-01', now)[0]!.start).toBe('2026-06-02T14:00:00.000Z');
    const custom = [
      { id: 'o2', eventId: 1, date: '2026-06-04', available: true, startTime: '15:00', endTime: '18:00' },
    ];
    expect(previewSlots(settings, custom, '2026-06-04', '2026-06-01', now)).toHaveLength(6);
  });
});

describe('the preview applies date exceptions as the availability engine does', () => {
  // Europe/Paris is UTC+2 in June; 2026-06-02 is a Tuesday, 2026-06-06 a Saturday (off by default).
  const settings = { ...newEventFormValues(), duration: '60', timeZone: 'Europe/Paris' };
  const now = new Date('2026-06-01T00:00:00Z');
  const startsOn = (overrides: DateOverride[], date: string, values = settings) =>
    previewSlots(values, overrides, date, '2026-06-01', now).map((slot) => slot.start.slice(11, 16));
  const override = (
    date: string,
    startTime: string | null,
    endTime: string | null,
    available = true,
  ): DateOverride => ({
    id: `${date}-${startTime}-${endTime}-${available}`,
    eventId: 1,
    date,
    available,
    startTime,
    endTime,
  });
  const regularTuesday = ['07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00'];

  it('replaces the hours when available with both times, even on a weekday that is off', () => {
    expect(startsOn([override('2026-06-02', '12:00', '14:00')], '2026-06-02')).toEqual(['10:00', '11:00']);
    expect(startsOn([override('2026-06-06', '10:00', '12:00')], '2026-06-06')).toEqual(['08:00', '09:00']);
  });

  it('keeps the regular hours when a start or an end is blank (not half of each)', () => {
    for (const [startTime, endTime] of [
      [null, null],
      ['15:00', null],
      [null, '12:00'],
      ['', '12:00'],
      ['15:00', ''],
    ] as const) {
      expect(startsOn([override('2026-06-02', startTime, endTime)], '2026-06-02'), `${startTime}–${endTime}`).toEqual(
        regularTuesday,
      );
    }
  });

  it('stays closed on a weekday that is off when the exception keeps the regular hours', () => {
    for (const [startTime, endTime] of [
      [null, null],
      ['10:00', null],
      [null, '12:00'],
    ] as const) {
      expect(startsOn([override('2026-06-06', startTime, endTime)], '2026-06-06'), `${startTime}–${endTime}`).toEqual(
        [],
      );
    }
    // The weekday's times are ignored while it is off.
    const saturdayOff = settings.availabilityRanges.find((range) => range.dayOfWeek === 6)!;
    expect(saturdayOff.active).toBe(false);
  });

  it('makes several ranges of several exceptions of one date, and lets any unavailable one block it', () => {
    const two = [override('2026-06-02', '09:00', '10:00'), override('2026-06-02', '15:00', '17:00')];
    expect(startsOn(two, '2026-06-02')).toEqual(['07:00', '13:00', '14:00']);
    expect(startsOn([...two, override('2026-06-02', null, null, false)], '2026-06-02')).toEqual([]);
    // A blank-time exception next to one with both times adds nothing: the explicit range replaces the day.
    expect(
      startsOn([override('2026-06-02', '09:00', '10:00'), override('2026-06-02', null, null)], '2026-06-02'),
    ).toEqual(['07:00']);
  });

  it("reads an end of 00:00 as the day's end and gives nothing for an end before the start", () => {
    expect(startsOn([override('2026-06-02', '22:00', '00:00')], '2026-06-02')).toEqual(['20:00', '21:00']);
    expect(startsOn([override('2026-06-02', '14:00', '12:00')], '2026-06-02')).toEqual([]);
  });

  it('gives no slots for an active weekday whose range is empty, with or without an exception', () => {
    const ranges = settings.availabilityRanges.map((range) =>
      range.dayOfWeek === 2 ? { ...range, startTime: '12:00', endTime: '12:00' } : range,
    );
    expect(startsOn([], '2026-06-02', { ...settings, availabilityRanges: ranges })).toEqual([]);
    expect(
      startsOn([override('2026-06-02', null, null)], '2026-06-02', { ...settings, availabilityRanges: ranges }),
    ).toEqual([]);
  });
});

describe('the date exception dialog asks for both times or neither', () => {
  it('accepts both times, neither, or any times when unavailable', () => {
    expect(dateExceptionTimesProblem(true, '10:00', '12:00')).toBeNull();
    expect(dateExceptionTimesProblem(true, '', '')).toBeNull();
    expect(dateExceptionTimesProblem(false, '10:00', '')).toBeNull();
  });

  it('puts a message next to the missing time when only one is chosen', () => {
    expect(dateExceptionTimesProblem(true, '10:00', '')).toEqual({ endTime: END_TIME_MISSING });
    expect(dateExceptionTimesProblem(true, '', '12:00')).toEqual({ startTime: START_TIME_MISSING });
    expect(END_TIME_MISSING).toBe('Choose an end time too, or leave both times blank for the regular hours.');
    expect(START_TIME_MISSING).toBe('Choose a start time too, or leave both times blank for the regular hours.');
  });
});
