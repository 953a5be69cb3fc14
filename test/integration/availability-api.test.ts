import { beforeAll, describe, expect, it } from 'vitest';

import { CALENDAR_DATE_MESSAGE } from '#shared/api/schemas/common';
import { DEFAULT_SETTINGS } from '#shared/constants';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import {
  bookingApi,
  bookingFixtures,
  bookingRequest,
  countingApi,
  unique,
  weeklyHours,
} from '#test/support/booking-fixtures';
import { integrationConfig } from '#test/support/local-stack';

/**
 * The read side of the public booking API (docs/api.md): GET /api/events/public/{slug},
 * GET /api/available-dates, GET /api/time-slots, through the route table against DynamoDB Local, with the clock
 * fixed at Monday 2026-03-02 12:00 UTC (07:00 in New York).
 */

const config = integrationConfig();
const fixtures = bookingFixtures(config);
const api = bookingApi(config);

const NOT_FOUND = { message: 'Event not found.', code: 'NOT_FOUND' };
const INACTIVE = { message: 'This event has been deactivated', isInactive: true, code: 'FORBIDDEN' };
const validation = (message: string) => ({ message, code: 'VALIDATION_FAILED' });

/** A New York host (09:00–18:00 Mon–Fri, 30 minutes, no buffers) shared by the read-only tests of this file. */
let host: HostRecord;
let event: EventRecord;
let inactive: EventRecord;

beforeAll(async () => {
  host = await fixtures.host({ name: 'Jordan Avery', photoUrl: 'https://img.example.com/jordan.png' });
  event = await fixtures.eventType(host.id, {
    title: 'Intro Call',
    description: 'A first conversation.',
    duration: 30,
    timeZone: 'America/New_York',
    color: '#2563EB',
    customCss: '.secret { color: red }',
    themeColor: '#111111',
    secondaryColor: '#222222',
    bufferBefore: 5,
    bufferAfter: 10,
    eventPhotoUrl: 'https://img.example.com/intro.png',
    guestLogoUrl: 'https://img.example.com/logo.png',
    showGuestLogo: false,
    bookingTheme: 'dark',
    locationType: 'phone',
    location: 'Phone call',
  });
  inactive = await fixtures.eventType(host.id, { active: false });
});

/** Dates of a month with their weekday, for expectations. */
function daysOf(year: number, month: number): { date: string; weekday: number }[] {
  const days: { date: string; weekday: number }[] = [];
  for (
    let d = new Date(Date.UTC(year, month - 1, 1));
    d.getUTCMonth() === month - 1;
    d = new Date(d.getTime() + 86_400_000)
  ) {
    days.push({ date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() });
  }
  return days;
}

/** 30-minute slots from `first` to `last` (HH:MM, inclusive) on `date` at a fixed offset. */
function slotsAt(date: string, first: string, last: string, offset: string, durationMinutes = 30) {
  const slots: { start: string; end: string; available: boolean }[] = [];
  const [fh, fm] = first.split(':').map(Number) as [number, number];
  const [lh, lm] = last.split(':').map(Number) as [number, number];
  for (let minute = fh * 60 + fm; minute <= lh * 60 + lm; minute += durationMinutes) {
    const wall = (m: number) => {
      const instant = new Date(Date.parse(`${date}T00:00:00Z`) + m * 60_000).toISOString();
      return `${instant.slice(0, 19)}${offset}`;
    };
    slots.push({ start: wall(minute), end: wall(minute + durationMinutes), available: true });
  }
  return slots;
}

describe('GET /api/events/public/{eventSlug}', () => {
  it('answers exactly the public fields, with the host name and photo, and nothing internal', async () => {
    const result = await api.publicEvent(event.slug);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      id: event.id,
      userId: host.id,
      title: 'Intro Call',
      slug: event.slug,
      description: 'A first conversation.',
      duration: 30,
      location: 'Phone call',
      color: '#2563EB',
      timeZone: 'America/New_York',
      eventPhotoUrl: 'https://img.example.com/intro.png',
      showEventPhoto: true,
      showGuestLogo: false,
      guestLogoUrl: 'https://img.example.com/logo.png',
      hostName: 'Jordan Avery',
      hostPhotoUrl: 'https://img.example.com/jordan.png',
      showHostPhoto: true,
      bookingTheme: 'dark',
      // The editor's design fields (issue 6): the page scopes the CSS to its container.
      themeColor: '#111111',
      secondaryColor: '#222222',
      customCss: '.secret { color: red }',
      // The host has a calendar connected: the page offers its calendar (issue 13, item 14).
      acceptingBookings: true,
      // How far ahead the calendar may go, so it can say so (issue 15, item 6).
      advanceBookingDays: event.advanceBookingDays,
      // The admin has not paused bookings (issue 17).
      bookingsPaused: false,
      // A personal event: no team, scheduling type or team hosts (issue 28).
      team: null,
      schedulingType: null,
      hosts: null,
      // Where the meeting takes place, before any booking (issue 30): a phone call the guest makes, no number given.
      place: { type: 'phone', label: 'Phone call', text: 'Phone call', url: null, phone: null, online: false },
      asksForPhone: false,
    });
    // No stored attribute leaks: not at the top, where the item's own would be ("type" is also the place's kind).
    for (const internal of ['availabilityRanges', 'bufferBefore', 'maxBookingsPerDay', 'pk', 'sk', 'type', 'active']) {
      expect(Object.keys(result.body as object)).not.toContain(internal);
      if (internal !== 'type') expect(result.text).not.toContain(`"${internal}"`);
    }
  });

  it('answers 404 for an unknown slug', async () => {
    expect(await api.publicEvent(`missing-${unique()}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await api.publicEvent(`missing-${unique()}`)).body).toEqual(NOT_FOUND);
  });

  it('answers 403 with isInactive for a deactivated event', async () => {
    const result = await api.publicEvent(inactive.slug);
    expect(result.status).toBe(403);
    expect(result.body).toEqual(INACTIVE);
  });
});

describe('GET /api/available-dates', () => {
  const query = (fields: Record<string, string> = {}) => ({
    year: '2026',
    month: '3',
    eventId: String(event.id),
    ...fields,
  });

  it('lists every day of the month once; days with slots are the host weekdays from today on (guest in the host zone)', async () => {
    const result = await api.availableDates(query({ timezone: 'America/New_York' }));
    expect(result.status).toBe(200);
    const expected = daysOf(2026, 3).map(({ date, weekday }) => ({
      date,
      // Today (Mon 2 March, 07:00 local) still has slots from 09:00; 1 March is a Sunday.
      hasTimeSlots: weekday >= 1 && weekday <= 5 && date >= '2026-03-02',
    }));
    expect(result.body).toEqual({ availableDates: expected });
    expect(new Set((result.body.availableDates as { date: string }[]).map((d) => d.date)).size).toBe(31);
  });

  it('groups dates in UTC when no zone is given (09:00–18:00 EDT is 13:00–22:00 UTC, same weekdays)', async () => {
    const result = await api.availableDates(query({ month: '4' }));
    expect(result.status).toBe(200);
    expect(result.body.availableDates).toEqual(
      daysOf(2026, 4).map(({ date, weekday }) => ({ date, hasTimeSlots: weekday >= 1 && weekday <= 5 })),
    );
  });

  it('shifts dates for a guest zone far from the host (Kiritimati, UTC+14: Monday in New York is Tuesday there)', async () => {
    const result = await api.availableDates(query({ month: '4', timezone: 'Pacific/Kiritimati' }));
    expect(result.status).toBe(200);
    expect(result.body.availableDates).toEqual(
      daysOf(2026, 4).map(({ date, weekday }) => ({ date, hasTimeSlots: weekday >= 2 && weekday <= 6 })),
    );
  });

  it('marks a blocked date (override available: false) as having no slots, and the advance window ends the listing', async () => {
    const own = await fixtures.eventType(host.id, { advanceBookingDays: 10 });
    await fixtures.override(own.id, '2026-03-04', false);
    const result = await api.availableDates({
      year: '2026',
      month: '3',
      eventId: String(own.id),
      timezone: 'America/New_York',
    });
    expect(result.status).toBe(200);
    const withSlots = (result.body.availableDates as { date: string; hasTimeSlots: boolean }[])
      .filter((d) => d.hasTimeSlots)
      .map((d) => d.date);
    // Today + 10 days = 12 March is the last bookable host date.
    expect(withSlots).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
  });

  const bad: [string, Record<string, string>, string][] = [
    ['month 13', { month: '13' }, 'Month must be a number from 1 to 12.'],
    ['month 0', { month: '0' }, 'Month must be a number from 1 to 12.'],
    ['a month that is not a number', { month: 'march' }, 'Month must be a number from 1 to 12.'],
    ['year 1999', { year: '1999' }, 'Year must be between 2000 and 2100.'],
    ['year 2101', { year: '2101' }, 'Year must be between 2000 and 2100.'],
    [
      'an eventId that is neither an id nor a slug',
      { eventId: 'Intro Call!' },
      'eventId must be an event id or an event slug.',
    ],
    ['the zone PST', { timezone: 'PST' }, 'Unknown time zone: PST'],
    ['the zone Mars/Olympus', { timezone: 'Mars/Olympus' }, 'Unknown time zone: Mars/Olympus'],
  ];
  for (const [label, fields, message] of bad) {
    it(`answers 400 for ${label}`, async () => {
      const result = await api.availableDates(query(fields));
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject(validation(message));
    });
  }

  it('without eventId (it is optional), marks the days of the default hours: every day from today on', async () => {
    // Other test files may change the settings meanwhile: read them just before.
    const settings = { ...DEFAULT_SETTINGS, ...(await fixtures.deps.settings.get()) };
    const result = await api.availableDates({ year: '2026', month: '3' });
    expect(result.status).toBe(200);
    const { availableDates } = result.body as { availableDates: { date: string; hasTimeSlots: boolean }[] };
    expect(availableDates.map((d) => d.date)).toHaveLength(31);
    const free = availableDates.filter((d) => d.hasTimeSlots).map((d) => d.date);
    if (!settings.availableForBookings) return expect(free).toEqual([]);
    // The clock is Monday 2026-03-02 07:00 in New York: 9am–5pm Eastern is still ahead today, 1 March is past, and
    // the default window is 60 days.
    expect(free[0]).toBe('2026-03-02');
    expect(free).toHaveLength(30);
  });

  it('accepts the event slug for eventId, with the same answer as the id (the page asks in parallel with the event)', async () => {
    const byId = await api.availableDates(query({ timezone: 'Europe/Berlin' }));
    const bySlug = await api.availableDates(query({ timezone: 'Europe/Berlin', eventId: event.slug }));
    expect(bySlug).toEqual(byId);
    expect(await api.availableDates(query({ eventId: `missing-${unique()}` }))).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await api.availableDates(query({ eventId: inactive.slug }))).toMatchObject({ status: 403, body: INACTIVE });
  });

  it('answers 404 for an unknown event and 403 with isInactive for a deactivated one', async () => {
    expect(await api.availableDates(query({ eventId: '987654321' }))).toMatchObject({ status: 404, body: NOT_FOUND });
    const result = await api.availableDates(query({ eventId: String(inactive.id) }));
    expect(result.status).toBe(403);
    expect(result.body).toEqual(INACTIVE);
  });

  it('stays within the request budget (≤ 4 DynamoDB requests)', async () => {
    const { count } = countingApi(config);
    const { result, commands } = await count((a) => a.availableDates(query({ timezone: 'Europe/Berlin' })));
    expect(result.status).toBe(200);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.length).toBeLessThanOrEqual(4);
    // Reads only: the event with its overrides, the host, the host's bookings, the admin's settings (measured: 3 Queries and a
    // GetItem).
    expect(commands.every((name) => /^(Get|Query|BatchGet)/.test(name))).toBe(true);
  });
});

describe('GET /api/time-slots', () => {
  const query = (fields: Record<string, string> = {}) => ({ date: '2026-03-03', eventId: String(event.id), ...fields });

  it("converts the host's hours into the guest's zone (09:00–18:00 EST = 15:00–24:00 CET)", async () => {
    const result = await api.timeSlots(query({ timezone: 'Europe/Berlin' }));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      timeSlots: slotsAt('2026-03-03', '15:00', '23:30', '+01:00'),
      timezone: 'America/New_York',
      eventSettings: { duration: 30, timezone: 'America/New_York' },
    });
    const slots = result.body.timeSlots as { start: string }[];
    expect(slots).toHaveLength(18);
    expect(slots.at(-1)).toEqual({
      start: '2026-03-03T23:30:00+01:00',
      end: '2026-03-04T00:00:00+01:00',
      available: true,
    });
  });

  it("lists the host's own wall-clock hours for a guest in the host's zone, and UTC when no zone is given", async () => {
    const local = await api.timeSlots(query({ timezone: 'America/New_York' }));
    expect(local.status).toBe(200);
    expect(local.body.timeSlots).toEqual(slotsAt('2026-03-03', '09:00', '17:30', '-05:00'));
    const utc = await api.timeSlots(query());
    expect(utc.status).toBe(200);
    expect(utc.body.timeSlots).toEqual(slotsAt('2026-03-03', '14:00', '22:30', '+00:00'));
  });

  it('lists only slots after now on today (07:00 in New York) and nothing on a weekend', async () => {
    const today = await api.timeSlots(query({ date: '2026-03-02', timezone: 'America/New_York' }));
    expect(today.body.timeSlots).toEqual(slotsAt('2026-03-02', '09:00', '17:30', '-05:00'));
    const sunday = await api.timeSlots(query({ date: '2026-03-01', timezone: 'America/New_York' }));
    expect(sunday).toMatchObject({ status: 200, body: { timeSlots: [] } });
    const saturday = await api.timeSlots(query({ date: '2026-03-07', timezone: 'America/New_York' }));
    expect(saturday).toMatchObject({ status: 200, body: { timeSlots: [] } });
  });

  it('removes the slots an existing booking and both events’ buffers block', async () => {
    const own = await fixtures.host();
    // 30 minutes with 5 before and 10 after.
    const slotsEvent = await fixtures.eventType(own.id, { bufferBefore: 5, bufferAfter: 10 });
    // Another event type of the same host: 60 minutes with 15 after; booked 11:00–12:00, it blocks 11:00–12:15.
    const other = await fixtures.eventType(own.id, { duration: 60, bufferAfter: 15 });
    const booked = await api.book(bookingRequest(other, '2026-03-03T11:00:00-05:00'), {});
    expect(booked.status).toBe(201);

    const result = await api.timeSlots({
      date: '2026-03-03',
      eventId: String(slotsEvent.id),
      timezone: 'America/New_York',
    });
    expect(result.status).toBe(200);
    const starts = (result.body.timeSlots as { start: string }[]).map((s) => s.start.slice(11, 16));
    // 10:30 needs until 11:10 (buffer after) → taken; 12:00 needs from 11:55 → taken; 12:30 needs from 12:25 → free.
    const expected = slotsAt('2026-03-03', '09:00', '17:30', '-05:00')
      .map((s) => s.start.slice(11, 16))
      .filter((t) => !['10:30', '11:00', '11:30', '12:00'].includes(t));
    expect(starts).toEqual(expected);
  });

  it('lists nothing on a blocked date and the override hours on a date with replaced hours', async () => {
    const own = await fixtures.eventType(host.id);
    await fixtures.override(own.id, '2026-03-04', false);
    await fixtures.override(own.id, '2026-03-05', true, '13:00', '15:00');
    const blocked = await api.timeSlots({ date: '2026-03-04', eventId: String(own.id), timezone: 'America/New_York' });
    expect(blocked).toMatchObject({ status: 200, body: { timeSlots: [], timezone: 'America/New_York' } });
    const replaced = await api.timeSlots({ date: '2026-03-05', eventId: String(own.id), timezone: 'America/New_York' });
    expect(replaced.body.timeSlots).toEqual(slotsAt('2026-03-05', '13:00', '14:30', '-05:00'));
  });

  it('uses the event zone and duration of a host elsewhere (Asia/Kolkata, 45 minutes, 10:00–12:00 Tuesdays)', async () => {
    const own = await fixtures.eventType(host.id, {
      timeZone: 'Asia/Kolkata',
      duration: 45,
      availabilityRanges: weeklyHours('10:00', '12:00', [2]),
    });
    const result = await api.timeSlots({ date: '2026-03-03', eventId: String(own.id), timezone: 'Europe/Berlin' });
    expect(result.body).toEqual({
      // 10:00 and 10:45 IST (+05:30) = 05:30 and 06:15 CET; 11:30 would end after 12:00.
      timeSlots: [
        { start: '2026-03-03T05:30:00+01:00', end: '2026-03-03T06:15:00+01:00', available: true },
        { start: '2026-03-03T06:15:00+01:00', end: '2026-03-03T07:00:00+01:00', available: true },
      ],
      timezone: 'Asia/Kolkata',
      eventSettings: { duration: 45, timezone: 'Asia/Kolkata' },
    });
  });

  it('keeps 09:00–18:00 wall clock on the day New York springs forward (8 March), for a host open every day', async () => {
    const own = await fixtures.eventType(host.id, {
      availabilityRanges: weeklyHours('09:00', '18:00', [0, 1, 2, 3, 4, 5, 6]),
    });
    const result = await api.timeSlots({ date: '2026-03-08', eventId: String(own.id), timezone: 'America/New_York' });
    expect(result.body.timeSlots).toEqual(slotsAt('2026-03-08', '09:00', '17:30', '-04:00'));
    // The day before is still standard time.
    const before = await api.timeSlots({ date: '2026-03-07', eventId: String(own.id), timezone: 'America/New_York' });
    expect(before.body.timeSlots).toEqual(slotsAt('2026-03-07', '09:00', '17:30', '-05:00'));
    // Berlin (still CET) sees the 6-hour difference become 5: 15:00–24:00 CET on the 7th, 14:00–23:00 on the 8th.
    const berlin = await api.timeSlots({ date: '2026-03-08', eventId: String(own.id), timezone: 'Europe/Berlin' });
    expect(berlin.body.timeSlots).toEqual(slotsAt('2026-03-08', '14:00', '22:30', '+01:00'));
  });

  it('accepts forceRefresh=true (and false) with the same answer', async () => {
    const plain = await api.timeSlots(query({ timezone: 'Europe/Berlin' }));
    expect(await api.timeSlots(query({ timezone: 'Europe/Berlin', forceRefresh: 'true' }))).toEqual(plain);
    expect(await api.timeSlots(query({ timezone: 'Europe/Berlin', forceRefresh: 'false' }))).toEqual(plain);
  });

  const bad: [string, Record<string, string>, string][] = [
    ['a malformed date 2026-3-1', { date: '2026-3-1' }, 'Date must be in the format yyyy-MM-dd.'],
    [
      'a date that does not exist, 2026-02-30',
      { date: '2026-02-30' },
      'Date must be a real calendar date (yyyy-MM-dd) between 2000 and 2100.',
    ],
    [
      'a date past 2100, 9999-12-31',
      { date: '9999-12-31' },
      'Date must be a real calendar date (yyyy-MM-dd) between 2000 and 2100.',
    ],
    ['forceRefresh=yes', { forceRefresh: 'yes' }, 'forceRefresh must be true or false.'],
    ['the zone PST', { timezone: 'PST' }, 'Unknown time zone: PST'],
    ['the zone Mars/Olympus', { timezone: 'Mars/Olympus' }, 'Unknown time zone: Mars/Olympus'],
    ['an eventId of 0', { eventId: '0' }, 'eventId must be a positive whole number.'],
    ['an eventId with capitals', { eventId: 'Intro-Call' }, 'eventId must be an event id or an event slug.'],
  ];
  for (const [label, fields, message] of bad) {
    it(`answers 400 for ${label}`, async () => {
      const result = await api.timeSlots(query(fields));
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject(validation(message));
    });
  }

  it('takes date={iso} as the hourly debug view sends it, its calendar date as written', async () => {
    const iso = await api.timeSlots(query({ date: '2026-03-03T00:00:00.000Z', timezone: 'Asia/Tokyo' }));
    expect(iso.status).toBe(200);
    expect(iso).toEqual(await api.timeSlots(query({ date: '2026-03-03', timezone: 'Asia/Tokyo' })));
    expect(await api.timeSlots(query({ date: '2027-02-29T00:00:00.000Z' }))).toMatchObject({
      status: 400,
      body: validation(CALENDAR_DATE_MESSAGE),
    });
    expect(await api.timeSlots(query({ date: '3 March 2026' }))).toMatchObject({
      status: 400,
      body: validation('Date must be in the format yyyy-MM-dd.'),
    });
  });

  it('answers 400 when date is missing', async () => {
    expect(await api.timeSlots({ eventId: String(event.id) })).toMatchObject({
      status: 400,
      body: validation('date is required.'),
    });
  });

  it('without eventId, lists the default hours: 9am–5pm Eastern in slots of the admin meeting duration (/hourly-debug)', async () => {
    // Other test files may change the settings meanwhile: read them just before.
    const settings = { ...DEFAULT_SETTINGS, ...(await fixtures.deps.settings.get()) };
    const result = await api.timeSlots({ date: '2026-03-03', timezone: 'UTC' });
    expect(result.status).toBe(200);
    const body = result.body as {
      timeSlots: { start: string; end: string }[];
      timezone: string;
      eventSettings: unknown;
    };
    expect(body.timezone).toBe('America/New_York');
    expect(body.eventSettings).toEqual({ duration: settings.meetingDuration, timezone: 'America/New_York' });
    if (!settings.availableForBookings) return expect(body.timeSlots).toEqual([]);
    expect(body.timeSlots.length).toBeGreaterThan(0);
    // 2026-03-03 is before DST: 09:00–17:00 EST is 14:00–22:00 UTC.
    expect(Date.parse(body.timeSlots[0]!.start)).toBe(Date.parse('2026-03-03T14:00:00Z'));
    for (const slot of body.timeSlots) {
      expect(
        Date.parse(slot.start) >= Date.parse('2026-03-03T14:00:00Z') &&
          Date.parse(slot.end) <= Date.parse('2026-03-03T22:00:00Z'),
        slot.start,
      ).toBe(true);
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(settings.meetingDuration * 60_000);
    }
  });

  it('accepts the event slug for eventId, with the same answer as the id', async () => {
    const byId = await api.timeSlots(query({ timezone: 'Asia/Tokyo' }));
    expect((byId.body as { timeSlots: unknown[] }).timeSlots.length).toBeGreaterThan(0);
    expect(await api.timeSlots(query({ timezone: 'Asia/Tokyo', eventId: event.slug }))).toEqual(byId);
    expect(await api.timeSlots(query({ eventId: `missing-${unique()}` }))).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
  });

  it('stays within the request budget (≤ 5 DynamoDB requests) when asked by slug', async () => {
    const { count } = countingApi(config);
    const { result, commands } = await count((a) =>
      a.timeSlots(query({ timezone: 'Europe/Paris', eventId: event.slug })),
    );
    expect(result.status).toBe(200);
    // The slug's item, the event with its overrides, the host, the host's bookings, and the admin's settings (a
    // paused service offers nothing, issue 17). By id, as the booking page asks, it stays at 4 (the test below).
    expect(commands.length).toBeLessThanOrEqual(5);
  });

  it('answers 404 for an unknown event and 403 with isInactive for a deactivated one', async () => {
    expect(await api.timeSlots(query({ eventId: '987654321' }))).toMatchObject({ status: 404, body: NOT_FOUND });
    const result = await api.timeSlots(query({ eventId: String(inactive.id) }));
    expect(result.status).toBe(403);
    expect(result.body).toEqual(INACTIVE);
  });

  it('stays within the request budget (≤ 4 DynamoDB requests)', async () => {
    const { count } = countingApi(config);
    const { result, commands } = await count((a) => a.timeSlots(query({ timezone: 'Europe/Berlin' })));
    expect(result.status).toBe(200);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.length).toBeLessThanOrEqual(4);
    // Reads only: the event with its overrides, the host, the host's bookings, the admin's settings (measured: 3 Queries and a
    // GetItem).
    expect(commands.every((name) => /^(Get|Query|BatchGet)/.test(name))).toBe(true);
  });
});
