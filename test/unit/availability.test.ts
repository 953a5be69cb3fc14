import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';

import {
  availableDatesForMonth,
  InvalidAvailabilityInput,
  InvalidTimeZone,
  isBookableSlot,
  isValidTimeZone,
  timeSlotsForDate,
  type AvailabilityInput,
  type AvailabilityRange,
  type EventAvailabilityRules,
  type TimeSlot,
} from '#shared/availability/engine';

const NY = 'America/New_York';
const MINUTE = 60_000;

/** Weekly ranges: the given weekdays active with the same hours, the others inactive. */
function weekly(
  startTime: string,
  endTime: string,
  activeDays: readonly number[] = [1, 2, 3, 4, 5],
): AvailabilityRange[] {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    active: activeDays.includes(dayOfWeek),
    startTime,
    endTime,
  }));
}
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

function event(changes: Partial<EventAvailabilityRules> = {}): EventAvailabilityRules {
  return {
    duration: 30,
    timeZone: NY,
    availabilityRanges: weekly('09:00', '17:00'),
    bufferBefore: 0,
    bufferAfter: 0,
    minimumNoticeAmount: 0,
    minimumNoticeUnit: 'hours',
    advanceBookingDays: 60,
    maxBookingsPerDay: null,
    ...changes,
  };
}

/** Fixed clock: Monday 2026-03-02 08:00 in New York (EST, −05:00). */
const NOW = Date.parse('2026-03-02T08:00:00-05:00');

function input(
  changes: Partial<Omit<AvailabilityInput, 'event'>> & { event?: Partial<EventAvailabilityRules> } = {},
): AvailabilityInput {
  return { overrides: [], busy: [], bookingStarts: [], now: NOW, ...changes, event: event(changes.event) };
}

/** Busy interval from two ISO strings. */
function busy(start: string, end: string) {
  return { start: new Date(start), end: Date.parse(end) };
}

function slots(given: AvailabilityInput, date: string, guestTimeZone = NY): TimeSlot[] {
  return timeSlotsForDate(given, { date, guestTimeZone });
}

/** 'HH:MM' of each start as shown (the guest's wall clock). */
function startTimes(list: readonly TimeSlot[]): string[] {
  return list.map((slot) => slot.start.slice(11, 16));
}

describe('a plain weekday', () => {
  it('steps by the duration from the start of the range and ends by its end', () => {
    const list = slots(input(), '2026-03-03');
    expect(list).toHaveLength(16);
    expect(list[0]).toEqual({ start: '2026-03-03T09:00:00-05:00', end: '2026-03-03T09:30:00-05:00', available: true });
    expect(list.at(-1)).toEqual({
      start: '2026-03-03T16:30:00-05:00',
      end: '2026-03-03T17:00:00-05:00',
      available: true,
    });
    const starts = list.map((slot) => Date.parse(slot.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('drops the tail that would run past the end of the range', () => {
    const list = slots(input({ event: { duration: 45 } }), '2026-03-03');
    expect(startTimes(list)).toEqual([
      '09:00',
      '09:45',
      '10:30',
      '11:15',
      '12:00',
      '12:45',
      '13:30',
      '14:15',
      '15:00',
      '15:45',
    ]);
  });

  it('gives each of several ranges of a weekday its own grid, listing a shared start once', () => {
    const ranges = [...weekly('09:00', '12:00'), { dayOfWeek: 2, active: true, startTime: '13:00', endTime: '15:00' }];
    expect(startTimes(slots(input({ event: { availabilityRanges: ranges, duration: 60 } }), '2026-03-03'))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '14:00',
    ]);
    const overlapping = [
      ...weekly('09:00', '12:00'),
      { dayOfWeek: 2, active: true, startTime: '10:00', endTime: '13:00' },
    ];
    expect(
      startTimes(slots(input({ event: { availabilityRanges: overlapping, duration: 60 } }), '2026-03-03')),
    ).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });

  it("reads an end of '00:00' or '24:00' as midnight at the end of the day", () => {
    for (const endTime of ['00:00', '24:00']) {
      const list = slots(
        input({ event: { availabilityRanges: weekly('22:00', endTime), duration: 60 } }),
        '2026-03-03',
      );
      expect(list.map((slot) => slot.end)).toEqual(['2026-03-03T23:00:00-05:00', '2026-03-04T00:00:00-05:00']);
    }
  });

  it('offers nothing on an inactive weekend and says so in the month view', () => {
    expect(slots(input(), '2026-03-07')).toEqual([]);
    expect(slots(input(), '2026-03-08')).toEqual([]);
    const month = availableDatesForMonth(input(), { year: 2026, month: 3, guestTimeZone: NY });
    expect(month).toHaveLength(31);
    expect(month[0]).toEqual({ date: '2026-03-01', hasTimeSlots: false });
    expect(month.find((entry) => entry.date === '2026-03-03')?.hasTimeSlots).toBe(true);
    expect(month.find((entry) => entry.date === '2026-03-07')?.hasTimeSlots).toBe(false);
  });
});

describe('busy intervals and buffers', () => {
  it("treats the busy list as final: an existing booking's own buffers come already included", () => {
    // A booking 10:00–10:30 whose event has bufferAfter 15 arrives as 10:00–10:45: the 10:30 slot is blocked.
    const widened = input({ busy: [busy('2026-03-03T10:00:00-05:00', '2026-03-03T10:45:00-05:00')] });
    const starts = startTimes(slots(widened, '2026-03-03'));
    expect(starts).toContain('09:30');
    expect(starts).not.toContain('10:00');
    expect(starts).not.toContain('10:30');
    expect(starts).toContain('11:00');
  });

  it('does not count touching as overlapping', () => {
    const plain = input({ busy: [busy('2026-03-03T10:00:00-05:00', '2026-03-03T10:30:00-05:00')] });
    const starts = startTimes(slots(plain, '2026-03-03'));
    expect(starts).toContain('09:30');
    expect(starts).not.toContain('10:00');
    expect(starts).toContain('10:30');
  });

  it("widens the NEW slot by the event's own buffers", () => {
    const booked = [busy('2026-03-03T10:00:00-05:00', '2026-03-03T10:30:00-05:00')];
    const after = startTimes(slots(input({ busy: booked, event: { bufferAfter: 15 } }), '2026-03-03'));
    expect(after).toContain('09:00'); // 09:00–09:30 + 15 ends 09:45
    expect(after).not.toContain('09:30'); // 09:30–10:00 + 15 reaches into the booking
    expect(after).toContain('10:30');
    const before = startTimes(slots(input({ busy: booked, event: { bufferBefore: 15 } }), '2026-03-03'));
    expect(before).toContain('09:30');
    expect(before).not.toContain('10:30'); // 15 before 10:30 is 10:15
    expect(before).toContain('11:00');
    const exact = startTimes(
      slots(input({ busy: booked, event: { bufferBefore: 30, bufferAfter: 30 } }), '2026-03-03'),
    );
    expect(exact).toContain('09:00'); // buffer ends exactly at 10:00: touching
    expect(exact).toContain('11:00'); // buffer starts exactly at 10:30: touching
  });

  it('accepts Dates and epoch ms, in any order, overlapping each other, and ignores empty intervals', () => {
    const list = slots(
      input({
        busy: [
          busy('2026-03-03T15:00:00-05:00', '2026-03-03T16:00:00-05:00'),
          { start: Date.parse('2026-03-03T09:00:00-05:00'), end: Date.parse('2026-03-03T10:00:00-05:00') },
          busy('2026-03-03T09:30:00-05:00', '2026-03-03T11:00:00-05:00'),
          busy('2026-03-03T13:00:00-05:00', '2026-03-03T13:00:00-05:00'),
          busy('2026-03-03T14:00:00-05:00', '2026-03-03T12:00:00-05:00'),
        ],
      }),
      '2026-03-03',
    );
    expect(startTimes(list)).toEqual([
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '16:00',
      '16:30',
    ]);
  });
});

describe('minimum notice and the advance window', () => {
  it('hides slots that have started (now = 10:10)', () => {
    const list = slots(input({ now: Date.parse('2026-03-03T10:10:00-05:00') }), '2026-03-03');
    expect(startTimes(list)[0]).toBe('10:30');
  });

  it.each([
    ['minutes', 90, '09:30'],
    ['minutes', 60, '09:00'], // exactly now + notice is allowed
    ['hours', 3, '11:00'],
    ['hours', 2.5, '10:30'],
  ] as const)('with %s notice of %d, the first slot at 08:00 is %s', (unit, amount, first) => {
    const given = input({
      now: Date.parse('2026-03-03T08:00:00-05:00'),
      event: { minimumNoticeUnit: unit, minimumNoticeAmount: amount },
    });
    expect(startTimes(slots(given, '2026-03-03'))[0]).toBe(first);
  });

  it("counts notice in 'days' as 24-hour periods", () => {
    const given = input({
      now: Date.parse('2026-03-03T10:00:00-05:00'),
      event: { minimumNoticeUnit: 'days', minimumNoticeAmount: 1 },
    });
    expect(slots(given, '2026-03-03')).toEqual([]);
    expect(startTimes(slots(given, '2026-03-04'))[0]).toBe('10:00');
    expect(slots(given, '2026-03-05')).toHaveLength(16);
  });

  it('opens host dates up to and including host-today + advanceBookingDays', () => {
    const given = input({ now: Date.parse('2026-03-03T08:00:00-05:00'), event: { advanceBookingDays: 9 } });
    expect(slots(given, '2026-03-12')).toHaveLength(16); // today + 9
    expect(slots(given, '2026-03-13')).toEqual([]); // today + 10
  });

  it("counts the window from the host's date of now, not the UTC date", () => {
    // 23:30 in New York is already the 4th in UTC; the host's today is still the 3rd.
    const given = input({ now: Date.parse('2026-03-03T23:30:00-05:00'), event: { advanceBookingDays: 1 } });
    expect(slots(given, '2026-03-04')).toHaveLength(16);
    expect(slots(given, '2026-03-05')).toEqual([]);
  });

  it('with advanceBookingDays 0 offers only the rest of today', () => {
    const given = input({ now: Date.parse('2026-03-03T12:00:00-05:00'), event: { advanceBookingDays: 0 } });
    expect(startTimes(slots(given, '2026-03-03'))[0]).toBe('12:00');
    expect(slots(given, '2026-03-04')).toEqual([]);
  });
});

describe('maxBookingsPerDay', () => {
  const twoOnTuesday = [Date.parse('2026-03-03T11:00:00-05:00'), new Date('2026-03-03T14:00:00-05:00')];

  it('closes a host day that has reached the limit and leaves others open', () => {
    const given = input({
      event: { maxBookingsPerDay: 2 },
      bookingStarts: [...twoOnTuesday, Date.parse('2026-03-04T10:00:00-05:00')],
    });
    expect(slots(given, '2026-03-03')).toEqual([]);
    expect(slots(given, '2026-03-04')).toHaveLength(16);
    const month = availableDatesForMonth(given, { year: 2026, month: 3, guestTimeZone: NY });
    expect(month.find((entry) => entry.date === '2026-03-03')?.hasTimeSlots).toBe(false);
    expect(month.find((entry) => entry.date === '2026-03-04')?.hasTimeSlots).toBe(true);
  });

  it("counts bookings per host date in the event's zone", () => {
    // 22:00 in New York on the 3rd is the 4th in UTC: it counts for the 3rd.
    const given = input({
      event: { maxBookingsPerDay: 2 },
      bookingStarts: [twoOnTuesday[0]!, Date.parse('2026-03-04T03:00:00Z')],
    });
    expect(slots(given, '2026-03-03')).toEqual([]);
    expect(slots(given, '2026-03-04')).toHaveLength(16);
  });

  it('closes every day with a limit of 0', () => {
    expect(slots(input({ event: { maxBookingsPerDay: 0 } }), '2026-03-03')).toEqual([]);
  });

  it('means no limit when null or missing', () => {
    const { maxBookingsPerDay: _dropped, ...withoutLimit } = event();
    expect(slots({ ...input({ bookingStarts: twoOnTuesday }), event: withoutLimit }, '2026-03-03')).toHaveLength(16);
    expect(
      slots(input({ bookingStarts: twoOnTuesday, event: { maxBookingsPerDay: null } }), '2026-03-03'),
    ).toHaveLength(16);
    expect(slots(input({ bookingStarts: twoOnTuesday, event: { maxBookingsPerDay: 3 } }), '2026-03-03')).toHaveLength(
      16,
    );
  });
});

describe('date overrides', () => {
  it('blocks the whole host day when unavailable', () => {
    const given = input({ overrides: [{ date: '2026-03-03', available: false, startTime: null, endTime: null }] });
    expect(slots(given, '2026-03-03')).toEqual([]);
    expect(slots(given, '2026-03-04')).toHaveLength(16);
  });

  it('replaces the hours when available with both times, even on an inactive weekday', () => {
    const given = input({
      overrides: [
        { date: '2026-03-03', available: true, startTime: '12:00', endTime: '14:00' },
        { date: '2026-03-07', available: true, startTime: '10:00', endTime: '11:00' },
      ],
    });
    expect(startTimes(slots(given, '2026-03-03'))).toEqual(['12:00', '12:30', '13:00', '13:30']);
    expect(startTimes(slots(given, '2026-03-07'))).toEqual(['10:00', '10:30']);
  });

  it("keeps the weekday's regular hours when the end time is blank", () => {
    for (const endTime of [null, undefined, '']) {
      const given = input({ overrides: [{ date: '2026-03-03', available: true, startTime: '12:00', endTime }] });
      expect(slots(given, '2026-03-03')).toHaveLength(16);
    }
  });

  it('lets a blocking override win over an available one for the same date', () => {
    const given = input({
      overrides: [
        { date: '2026-03-03', available: true, startTime: '12:00', endTime: '14:00' },
        { date: '2026-03-03', available: false },
      ],
    });
    expect(slots(given, '2026-03-03')).toEqual([]);
  });
});

describe('daylight saving time (wall-clock hours stay put)', () => {
  const everyDay = (startTime: string, endTime: string, changes: Partial<EventAvailabilityRules> = {}) =>
    input({
      now: Date.parse('2026-01-01T00:00:00Z'),
      event: { availabilityRanges: weekly(startTime, endTime, EVERY_DAY), advanceBookingDays: 400, ...changes },
    });

  it.each([
    [NY, '2026-03-08', '-04:00'],
    [NY, '2026-11-01', '-05:00'],
    ['Europe/London', '2026-03-29', '+01:00'],
    ['Europe/London', '2026-10-25', '+00:00'],
    ['Australia/Sydney', '2026-04-05', '+10:00'],
    ['Australia/Sydney', '2026-10-04', '+11:00'],
  ])('%s on %s keeps 09:00–17:00 local: 16 slots at %s', (zone, date, offset) => {
    const list = slots(everyDay('09:00', '17:00', { timeZone: zone }), date, zone);
    expect(list).toHaveLength(16);
    expect(list[0]?.start).toBe(`${date}T09:00:00${offset}`);
    expect(list.at(-1)?.end).toBe(`${date}T17:00:00${offset}`);
  });

  it('skips wall times in the spring-forward gap (New York, 01:00–04:00 on 2026-03-08)', () => {
    const list = slots(everyDay('01:00', '04:00'), '2026-03-08');
    expect(list.map((slot) => [slot.start.slice(11), slot.end.slice(11)])).toEqual([
      ['01:00:00-05:00', '01:30:00-05:00'],
      ['01:30:00-05:00', '03:00:00-04:00'],
      ['03:00:00-04:00', '03:30:00-04:00'],
      ['03:30:00-04:00', '04:00:00-04:00'],
    ]);
    expect(startTimes(slots(everyDay('01:00', '04:00', { duration: 60 }), '2026-03-08'))).toEqual(['01:00', '03:00']);
  });

  it('keeps the whole slot inside the range when the gap shortens it (45 minutes, 00:00–03:00)', () => {
    // 01:30 EST + 45 min is 03:15 EDT, past the 03:00 close, although 01:30 + 0:45 "reads" 02:15.
    expect(startTimes(slots(everyDay('00:00', '03:00', { duration: 45 }), '2026-03-08'))).toEqual(['00:00', '00:45']);
  });

  it('puts a range boundary that falls in the gap at the moment the gap ends (03:00 EDT)', () => {
    // 01:30 EST + 60 min is 03:30 EDT: past a close at "02:30", which happens at 03:00 EDT.
    expect(startTimes(slots(everyDay('00:30', '02:30', { duration: 60 }), '2026-03-08'))).toEqual(['00:30']);
    // A range opening at "02:30" opens at 03:00 EDT; its grid still steps from 02:30 (skipped), so 03:30 is the first slot.
    const fromGap = everyDay('02:30', '05:00', { duration: 60 });
    expect(startTimes(slots(fromGap, '2026-03-08'))).toEqual(['03:30']);
    const at = (iso: string) => ({ start: Date.parse(iso), end: Date.parse(iso) + 60 * MINUTE });
    expect(isBookableSlot(fromGap, at('2026-03-08T03:00:00-04:00'))).toEqual({ bookable: false, reason: 'off-grid' });
    expect(isBookableSlot(fromGap, at('2026-03-08T01:30:00-05:00'))).toEqual({
      bookable: false,
      reason: 'outside-hours',
    });
  });

  it('yields one slot per wall time in the fall-back overlap, at its first occurrence (New York, 2026-11-01)', () => {
    const list = slots(everyDay('00:00', '03:00'), '2026-11-01');
    expect(list.map((slot) => slot.start.slice(11))).toEqual([
      '00:00:00-04:00',
      '00:30:00-04:00',
      '01:00:00-04:00',
      '01:30:00-04:00',
      '02:00:00-05:00',
      '02:30:00-05:00',
    ]);
    expect(list[3]?.end).toBe('2026-11-01T01:00:00-05:00'); // 30 real minutes after 01:30 EDT
  });

  it('handles the gap and the overlap in London and Sydney too', () => {
    const london = (date: string) =>
      startTimes(slots(everyDay('00:00', '03:00', { timeZone: 'Europe/London' }), date, 'Europe/London'));
    expect(london('2026-03-29')).toEqual(['00:00', '00:30', '02:00', '02:30']);
    expect(london('2026-10-25')).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30']);
    const sydney = (date: string) =>
      slots(everyDay('01:00', '04:00', { timeZone: 'Australia/Sydney' }), date, 'Australia/Sydney');
    expect(sydney('2026-10-04').map((slot) => slot.start.slice(11))).toEqual([
      '01:00:00+10:00',
      '01:30:00+10:00',
      '03:00:00+11:00',
      '03:30:00+11:00',
    ]);
    expect(sydney('2026-04-05').map((slot) => slot.start.slice(11))).toEqual([
      '01:00:00+11:00',
      '01:30:00+11:00',
      '02:00:00+11:00',
      '02:30:00+11:00',
      '03:00:00+10:00',
      '03:30:00+10:00',
    ]);
  });

  it('refuses the second occurrence of an ambiguous time as off the grid', () => {
    const given = everyDay('00:00', '03:00');
    const first = Date.parse('2026-11-01T01:00:00-04:00');
    const second = Date.parse('2026-11-01T01:00:00-05:00');
    expect(isBookableSlot(given, { start: first, end: first + 30 * MINUTE })).toEqual({ bookable: true });
    expect(isBookableSlot(given, { start: second, end: second + 30 * MINUTE })).toEqual({
      bookable: false,
      reason: 'off-grid',
    });
  });
});

describe("the guest's zone", () => {
  const fromSunday = (changes: Partial<EventAvailabilityRules> = {}) =>
    input({ now: Date.parse('2026-03-01T00:00:00Z'), event: changes });

  it('shows a 09:00 New York slot in winter at 19:30 in Kolkata (half-hour offset)', () => {
    const list = slots(fromSunday(), '2026-03-03', 'Asia/Kolkata');
    expect(list.map((slot) => slot.start)).toContain('2026-03-03T19:30:00+05:30');
    expect(list.find((slot) => slot.start === '2026-03-03T19:30:00+05:30')?.end).toBe('2026-03-03T20:00:00+05:30');
    // Kolkata's 3rd holds Monday's afternoon (13:30–16:30 EST = 00:00–03:00 IST) and Tuesday's morning (09:00–13:00 EST).
    expect(startTimes(list)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
      '23:00',
      '23:30',
    ]);
  });

  it('splits one New York day across two dates for a guest in Auckland, losing and duplicating nothing', () => {
    const early = fromSunday({ availabilityRanges: weekly('04:00', '08:00') });
    const third = slots(early, '2026-03-03', 'Pacific/Auckland');
    const fourth = slots(early, '2026-03-04', 'Pacific/Auckland');
    // Each Auckland date holds the end of one New York day (06:00–07:30 EST) and the start of the next (04:00–05:30).
    expect(startTimes(third)).toEqual(['00:00', '00:30', '01:00', '01:30', '22:00', '22:30', '23:00', '23:30']);
    expect(startTimes(fourth)).toEqual(['00:00', '00:30', '01:00', '01:30', '22:00', '22:30', '23:00', '23:30']);
    const tuesdayInNewYork = slots(early, '2026-03-03', NY).map((slot) => Date.parse(slot.start));
    const seenFromAuckland = [...third.slice(4), ...fourth.slice(0, 4)].map((slot) => Date.parse(slot.start));
    expect(seenFromAuckland).toEqual(tuesdayInNewYork);
  });

  it('files a whole New York day under the next date for a guest in Kiritimati (UTC+14)', () => {
    const list = slots(fromSunday(), '2026-03-04', 'Pacific/Kiritimati');
    expect(list).toHaveLength(16);
    expect(list[0]?.start).toBe('2026-03-04T04:00:00+14:00'); // Tuesday 09:00 EST
  });

  it('keeps the month view and the day view in agreement across zones and months', () => {
    const given = input({
      now: Date.parse('2026-02-20T12:00:00Z'),
      event: {
        availabilityRanges: weekly('06:00', '20:00', [1, 2, 4, 5, 6]),
        duration: 45,
        bufferAfter: 15,
        advanceBookingDays: 300,
      },
      overrides: [
        { date: '2026-03-10', available: false },
        { date: '2026-03-11', available: true, startTime: '23:00', endTime: '24:00' },
      ],
      busy: [
        busy('2026-03-12T00:00:00Z', '2026-03-13T18:00:00Z'),
        busy('2026-11-02T10:00:00Z', '2026-11-20T00:00:00Z'),
      ],
    });
    for (const guestTimeZone of [
      'Pacific/Kiritimati',
      'Pacific/Auckland',
      'Asia/Kolkata',
      'Europe/London',
      NY,
      'UTC',
    ]) {
      for (const [year, month] of [
        [2026, 2],
        [2026, 3],
        [2026, 10],
        [2026, 11],
      ] as const) {
        for (const { date, hasTimeSlots } of availableDatesForMonth(given, { year, month, guestTimeZone })) {
          expect({ guestTimeZone, date, hasTimeSlots }).toEqual({
            guestTimeZone,
            date,
            hasTimeSlots: slots(given, date, guestTimeZone).length > 0,
          });
        }
      }
    }
  });

  it('reaches host days two dates away when the clocks are 25 hours apart (Pago Pago host, Kiritimati guest)', () => {
    const lateNight = input({
      now: Date.parse('2026-03-01T00:00:00Z'),
      event: { timeZone: 'Pacific/Pago_Pago', availabilityRanges: weekly('23:00', '24:00', EVERY_DAY) },
    });
    // 23:00 on the 3rd in Pago Pago (UTC−11) is 00:00 on the 5th in Kiritimati (UTC+14).
    const list = slots(lateNight, '2026-03-05', 'Pacific/Kiritimati');
    expect(list.map((slot) => slot.start)).toEqual(['2026-03-05T00:00:00+14:00', '2026-03-05T00:30:00+14:00']);
    expect(formatInTimeZone(Date.parse(list[0]!.start), 'Pacific/Pago_Pago', 'yyyy-MM-dd HH:mm')).toBe(
      '2026-03-03 23:00',
    );
    const month = availableDatesForMonth(lateNight, { year: 2026, month: 3, guestTimeZone: 'Pacific/Kiritimati' });
    expect(month.find((entry) => entry.date === '2026-03-05')?.hasTimeSlots).toBe(true);
  });

  it("displays every slot with the guest zone's own offset", () => {
    for (const zone of ['Asia/Kolkata', 'Pacific/Auckland', 'Europe/London', 'UTC']) {
      for (const slot of slots(fromSunday(), '2026-03-04', zone)) {
        expect(slot.start).toBe(formatInTimeZone(Date.parse(slot.start), zone, "yyyy-MM-dd'T'HH:mm:ssxxx"));
        expect(slot.end).toBe(formatInTimeZone(Date.parse(slot.end), zone, "yyyy-MM-dd'T'HH:mm:ssxxx"));
      }
    }
  });
});

describe('isBookableSlot (the write-time re-check)', () => {
  const at = (iso: string, minutes = 30) => ({ start: new Date(iso), end: Date.parse(iso) + minutes * MINUTE });
  const reason = (given: AvailabilityInput, slot: { start: Date | number; end: Date | number }) => {
    const verdict = isBookableSlot(given, slot);
    return verdict.bookable ? 'bookable' : verdict.reason;
  };

  it('accepts a listed slot', () => {
    expect(isBookableSlot(input(), at('2026-03-03T10:00:00-05:00'))).toEqual({ bookable: true });
  });

  it.each([
    ['wrong-duration', input(), at('2026-03-03T10:00:00-05:00', 45)],
    ['in-past', input({ now: Date.parse('2026-03-03T10:05:00-05:00') }), at('2026-03-03T10:00:00-05:00')],
    [
      'inside-notice',
      input({ event: { minimumNoticeAmount: 1, minimumNoticeUnit: 'days' } }),
      at('2026-03-03T07:30:00-05:00'),
    ],
    ['beyond-window', input({ event: { advanceBookingDays: 1 } }), at('2026-03-04T10:00:00-05:00')],
    ['blocked-date', input({ overrides: [{ date: '2026-03-03', available: false }] }), at('2026-03-03T10:00:00-05:00')],
    ['outside-hours', input(), at('2026-03-03T08:30:00-05:00')],
    ['outside-hours', input(), at('2026-03-03T16:45:00-05:00')], // would end 17:15
    ['outside-hours', input(), at('2026-03-07T10:00:00-05:00')], // Saturday
    ['off-grid', input(), at('2026-03-03T10:15:00-05:00')],
    [
      'daily-limit',
      input({ event: { maxBookingsPerDay: 1 }, bookingStarts: [Date.parse('2026-03-03T15:00:00-05:00')] }),
      at('2026-03-03T10:00:00-05:00'),
    ],
    [
      'overlaps-busy',
      input({ busy: [busy('2026-03-03T10:20:00-05:00', '2026-03-03T10:40:00-05:00')] }),
      at('2026-03-03T10:00:00-05:00'),
    ],
    [
      'overlaps-busy',
      input({ event: { bufferBefore: 15 }, busy: [busy('2026-03-03T09:30:00-05:00', '2026-03-03T09:50:00-05:00')] }),
      at('2026-03-03T10:00:00-05:00'),
    ],
  ])('answers %s', (expected, given, slot) => {
    expect(reason(given, slot)).toBe(expected);
  });

  it('agrees with the listing for every 15-minute start of a week', () => {
    const given = input({
      now: Date.parse('2026-03-03T10:10:00-05:00'),
      event: { duration: 45, bufferBefore: 10, minimumNoticeAmount: 2, advanceBookingDays: 4, maxBookingsPerDay: 1 },
      bookingStarts: [Date.parse('2026-03-05T12:00:00-05:00')],
      busy: [busy('2026-03-04T11:00:00-05:00', '2026-03-04T13:00:00-05:00')],
      overrides: [{ date: '2026-03-06', available: true, startTime: '13:00', endTime: '15:30' }],
    });
    const listed = new Set<number>();
    for (const date of [
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]) {
      for (const slot of slots(given, date)) listed.add(Date.parse(slot.start));
    }
    expect(listed.size).toBeGreaterThan(10);
    for (
      let start = Date.parse('2026-03-02T00:00:00-05:00');
      start < Date.parse('2026-03-10T00:00:00-05:00');
      start += 15 * MINUTE
    ) {
      expect({
        start: new Date(start),
        bookable: isBookableSlot(given, { start, end: start + 45 * MINUTE }).bookable,
      }).toEqual({
        start: new Date(start),
        bookable: listed.has(start),
      });
    }
  });
});

describe('input validation', () => {
  it.each(['PST', 'EST', 'EST5EDT', 'US/Eastern', 'Mars/Olympus', 'america/new_york', '', 'Europe/Nowhere'])(
    'refuses the zone %j for the guest and for the event',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(false);
      expect(() => slots(input(), '2026-03-03', zone)).toThrow(new InvalidTimeZone(zone));
      expect(() => slots(input({ event: { timeZone: zone } }), '2026-03-03')).toThrow(InvalidTimeZone);
      expect(() => availableDatesForMonth(input(), { year: 2026, month: 3, guestTimeZone: zone })).toThrow(
        `Unknown time zone: ${zone}`,
      );
    },
  );

  it('says which zone it did not know', () => {
    expect(() => slots(input(), '2026-03-03', 'PST')).toThrow('Unknown time zone: PST');
    expect(() => slots(input(), '2026-03-03', 'Mars/Olympus')).toThrow('Unknown time zone: Mars/Olympus');
  });

  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Etc/UTC', 'Pacific/Kiritimati'])(
    'accepts the zone %s',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(true);
    },
  );

  it.each([
    [{ year: 2026, month: 13 }, 'month', 'Invalid month: 13 (expected a whole number from 1 to 12)'],
    [{ year: 2026, month: 0 }, 'month', 'Invalid month: 0 (expected a whole number from 1 to 12)'],
    [{ year: 2026, month: 2.5 }, 'month', 'Invalid month: 2.5 (expected a whole number from 1 to 12)'],
    [{ year: 99999, month: 1 }, 'year', 'Invalid year: 99999 (expected a whole number from 1900 to 9999)'],
  ])('refuses the month %j', (query, field, message) => {
    expect(() => availableDatesForMonth(input(), { ...query, guestTimeZone: NY })).toThrow(
      new InvalidAvailabilityInput(field, message),
    );
  });

  it.each(['2026-02-30', '2026-3-8', '20260308', '2026-03-08T00:00', 'tomorrow', ''])('refuses the date %j', (date) => {
    expect(() => slots(input(), date)).toThrow(`Invalid date: ${date} (expected yyyy-MM-dd)`);
  });

  it('refuses malformed event rules, overrides and instants with the field named', () => {
    const field = (given: AvailabilityInput) => {
      try {
        slots(given, '2026-03-03');
        return 'accepted';
      } catch (error) {
        return error instanceof InvalidAvailabilityInput ? error.field : String(error);
      }
    };
    expect(field(input({ event: { duration: 0 } }))).toBe('event.duration');
    expect(field(input({ event: { bufferAfter: -5 } }))).toBe('event.bufferAfter');
    expect(field(input({ event: { minimumNoticeAmount: Number.NaN } }))).toBe('event.minimumNoticeAmount');
    expect(field(input({ event: { minimumNoticeUnit: 'weeks' as 'days' } }))).toBe('event.minimumNoticeUnit');
    expect(field(input({ event: { advanceBookingDays: -1 } }))).toBe('event.advanceBookingDays');
    expect(field(input({ event: { maxBookingsPerDay: 1.5 } }))).toBe('event.maxBookingsPerDay');
    expect(field(input({ event: { availabilityRanges: weekly('9:00', '17:00') } }))).toBe(
      'event.availabilityRanges[0].startTime',
    );
    expect(field(input({ event: { availabilityRanges: weekly('09:00', '25:00') } }))).toBe(
      'event.availabilityRanges[0].endTime',
    );
    expect(
      field(
        input({
          event: { availabilityRanges: [{ dayOfWeek: 7, active: true, startTime: '09:00', endTime: '17:00' }] },
        }),
      ),
    ).toBe('event.availabilityRanges[0].dayOfWeek');
    expect(field(input({ overrides: [{ date: '03/03/2026', available: false }] }))).toBe('overrides[0].date');
    expect(
      field(input({ overrides: [{ date: '2026-03-03', available: true, startTime: '12:00', endTime: '1pm' }] })),
    ).toBe('overrides[0].endTime');
    expect(field(input({ now: new Date('not a date') }))).toBe('now');
    expect(field(input({ busy: [{ start: 0, end: Number.POSITIVE_INFINITY }] }))).toBe('busy[0].end');
    expect(field(input({ bookingStarts: [Number.NaN] }))).toBe('bookingStarts[0]');
  });

  it('shortens a very long echoed value', () => {
    const zone = 'X'.repeat(500);
    expect(() => slots(input(), '2026-03-03', zone)).toThrow(`Unknown time zone: ${'X'.repeat(64)}…`);
  });
});

describe('timeSlotsForDate with includeUnavailable (the /hourly-debug view)', () => {
  const listed = (given: AvailabilityInput, date: string) =>
    timeSlotsForDate(given, { date, guestTimeZone: NY, includeUnavailable: true }).map(
      (slot) => `${slot.start.slice(11, 16)} ${slot.available ? 'free' : 'taken'}`,
    );

  it('lists every working-hours slot, marking the booked, too-soon and past ones unavailable', () => {
    // Monday 08:00 now; two hours' notice; 10:00–10:30 booked; hours 09:00–11:00.
    const given = input({
      event: { availabilityRanges: weekly('09:00', '11:00'), minimumNoticeAmount: 2 },
      busy: [busy('2026-03-02T10:00:00-05:00', '2026-03-02T10:30:00-05:00')],
    });
    expect(listed(given, '2026-03-02')).toEqual(['09:00 taken', '09:30 taken', '10:00 taken', '10:30 free']);
    // The listings a guest gets are unchanged: only the free one.
    expect(startTimes(slots(given, '2026-03-02'))).toEqual(['10:30']);
  });

  it('marks the slots of a past day and of a day beyond the advance window unavailable instead of dropping the day', () => {
    const given = input({ event: { availabilityRanges: weekly('09:00', '10:00'), advanceBookingDays: 2 } });
    expect(listed(given, '2026-02-27')).toEqual(['09:00 taken', '09:30 taken']);
    expect(listed(given, '2026-03-06')).toEqual(['09:00 taken', '09:30 taken']);
    expect(listed(given, '2026-03-03')).toEqual(['09:00 free', '09:30 free']);
    // A weekend day has no working hours: nothing is listed (outside hours).
    expect(listed(given, '2026-03-07')).toEqual([]);
  });
});
