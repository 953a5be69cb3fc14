/**
 * Invariants of the availability engine (docs/architecture.md), checked on random events against an independent
 * oracle: date-fns-tz conversions and brute-force walks over the clock, never the engine's own wall-clock code.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  availableDatesForMonth,
  isBookableSlot,
  timeSlotsForDate,
  type AvailabilityInput,
  type AvailabilityRange,
  type DateOverride,
  type NoticeUnit,
  type TimeSlot,
} from '#shared/availability/engine';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Pago Pago (UTC−11) against Kiritimati (UTC+14) puts 25 hours between host and guest clocks. */
const HOST_ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Pago_Pago',
] as const;
const GUEST_ZONES = [...HOST_ZONES, 'Pacific/Auckland', 'Pacific/Kiritimati', 'America/Los_Angeles', 'UTC'] as const;
const DST_DAYS: Readonly<Record<string, readonly string[]>> = {
  'America/New_York': ['2026-03-08', '2026-11-01'],
  'Europe/London': ['2026-03-29', '2026-10-25'],
  'Australia/Sydney': ['2026-04-05', '2026-10-04'],
};
const DURATIONS = [15, 30, 45, 60, 90] as const;
const BUFFERS = [0, 5, 10, 15, 30, 45, 60] as const;

// ---------------------------------------------------------------------------------------------------------------
// Small date helpers for the oracle (UTC date arithmetic on 'yyyy-MM-dd')

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const minutesOf = (time: string) =>
  time === '24:00' ? 1440 : Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeText = (halfHours: number) =>
  halfHours >= 48 ? '24:00' : `${String(Math.floor(halfHours / 2)).padStart(2, '0')}:${halfHours % 2 ? '30' : '00'}`;
const wallFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * 'yyyy-MM-dd HH:mm' on the zone's clock, straight from Intl with a cached formatter (date-fns-tz's
 * formatInTimeZone costs ~60 µs a call, too slow for the thousands of checks here; it still checks every display).
 */
function wallIn(instant: number, zone: string): string {
  let formatter = wallFormatters.get(zone);
  if (formatter === undefined) {
    const options = {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    } as const;
    formatter = new Intl.DateTimeFormat('sv-SE', options);
    wallFormatters.set(zone, formatter);
  }
  return formatter.format(instant);
}
const hostDateOf = (instant: number, zone: string) => wallIn(instant, zone).slice(0, 10);
const isoIn = (instant: number, zone: string) => formatInTimeZone(instant, zone, "yyyy-MM-dd'T'HH:mm:ssxxx");
/** The instant a range boundary happens by date-fns-tz (which maps a wall time in a gap forward past the gap). */
/**
 * The instant a range ends at. A wall time that exists is date-fns-tz's; one the clocks skip (02:00 on a
 * spring-forward night) is the moment the gap ends, the first instant whose wall reading is later, as the
 * specification's walk (expectedStarts) reads it: date-fns-tz alone would answer an hour early there.
 */
function boundaryByDateFns(date: string, time: string, zone: string): number {
  const wall = time === '24:00' ? `${addDays(date, 1)} 00:00` : `${date} ${time}`;
  const guess = fromZonedTime(`${wall.replace(' ', 'T')}:00`, zone).getTime();
  if (wallIn(guess, zone) === wall) return guess;
  let instant = guess - 3 * 60 * MINUTE;
  while (wallIn(instant, zone) < wall) instant += MINUTE;
  return instant;
}

interface OracleRange {
  start: number;
  end: number;
  endTime: string;
}

/** The host's hours on a host date, restated from the specification (override semantics included). */
function hoursOn(input: AvailabilityInput, date: string): OracleRange[] | 'blocked' {
  const overrides = input.overrides.filter((override) => override.date === date);
  if (overrides.some((override) => !override.available)) return 'blocked';
  const explicit = overrides.filter((override) => override.startTime && override.endTime);
  const ranges: { startTime: string; endTime: string }[] =
    explicit.length > 0
      ? explicit.map((override) => ({ startTime: override.startTime!, endTime: override.endTime! }))
      : input.event.availabilityRanges.filter((range) => range.active && range.dayOfWeek === weekdayOf(date));
  return ranges.map(({ startTime, endTime }) => ({ start: minutesOf(startTime), end: minutesOf(endTime), endTime }));
}

const toMs = (value: Date | number) => (value instanceof Date ? value.getTime() : value);

// ---------------------------------------------------------------------------------------------------------------
// Random scenarios

const rangeArb = fc
  .record({
    active: fc.constantFrom(true, true, true, false),
    start: fc.integer({ min: 0, max: 46 }),
    length: fc.integer({ min: 1, max: 48 }),
  })
  .map(({ active, start, length }) => ({
    active,
    startTime: timeText(start),
    endTime: timeText(Math.min(48, start + length)),
  }));

/** Ranges that start or end around the small hours, where every DST transition here happens. */
const nearTransitionRangeArb = fc
  .record({ start: fc.integer({ min: 0, max: 8 }), length: fc.integer({ min: 1, max: 8 }) })
  .map(({ start, length }) => ({ active: true, startTime: timeText(start), endTime: timeText(start + length) }));

const weeklyArb = fc
  .tuple(
    fc.array(rangeArb, { minLength: 7, maxLength: 7 }),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), rangeArb), { maxLength: 2 }),
  )
  .map(([week, extra]): AvailabilityRange[] => [
    ...week.map((range, dayOfWeek) => ({ dayOfWeek, ...range })),
    ...extra.map(([dayOfWeek, range]) => ({ dayOfWeek, ...range })),
  ]);

const noticeArb = fc.oneof(
  fc.record({ unit: fc.constant<NoticeUnit>('minutes'), amount: fc.integer({ min: 0, max: 600 }) }),
  fc.record({ unit: fc.constant<NoticeUnit>('hours'), amount: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ unit: fc.constant<NoticeUnit>('days'), amount: fc.integer({ min: 0, max: 1 }) }),
);

/** Mostly a wide window, sometimes one that ends near the anchor. */
const advanceArb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 6 }), weight: 1 },
  { arbitrary: fc.constant(60), weight: 2 },
);

const anyDayOf2026 = fc.integer({ min: 0, max: 364 }).map((offset) => addDays('2026-01-01', offset));
const anchorDayArb = fc.oneof(fc.constantFrom(...Object.values(DST_DAYS).flat()), anyDayOf2026);

/** Busy intervals near the anchor; starts on a 15-minute grid so touching a slot happens often. */
const busyArb = fc.array(
  fc.record({
    quarter: fc.integer({ min: -2 * 96, max: 2 * 96 }),
    minutes: fc.oneof(fc.constantFrom(15, 30, 45, 60, 90, 120), fc.integer({ min: 1, max: 300 })),
  }),
  { maxLength: 16 },
);

const overridesArb = fc.array(
  fc.record({
    dayShift: fc.integer({ min: -3, max: 3 }),
    available: fc.boolean(),
    start: fc.integer({ min: 0, max: 46 }),
    length: fc.integer({ min: 1, max: 20 }),
    blankEnd: fc.boolean(),
  }),
  { maxLength: 3 },
);

const scenarioArb = fc
  .record({
    hostZone: fc.constantFrom(...HOST_ZONES),
    guestZone: fc.constantFrom(...GUEST_ZONES),
    duration: fc.constantFrom(...DURATIONS),
    availabilityRanges: weeklyArb,
    bufferBefore: fc.constantFrom(...BUFFERS),
    bufferAfter: fc.constantFrom(...BUFFERS),
    notice: noticeArb,
    advanceBookingDays: advanceArb,
    maxBookingsPerDay: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null, freq: 2 }),
    anchorDay: anchorDayArb,
    nowMinutes: fc.integer({ min: -4 * 1440, max: 720 }),
    busy: busyArb,
    bookingMinutes: fc.array(fc.integer({ min: -2 * 1440, max: 2 * 1440 }), { maxLength: 6 }),
    overrides: overridesArb,
  })
  .map((drawn) => {
    const anchor = Date.parse(`${drawn.anchorDay}T12:00:00Z`);
    const overrides: DateOverride[] = drawn.overrides.map((override) => ({
      date: addDays(drawn.anchorDay, override.dayShift),
      available: override.available,
      startTime: override.available ? timeText(override.start) : null,
      endTime:
        override.available && !override.blankEnd ? timeText(Math.min(48, override.start + override.length)) : null,
    }));
    const input: AvailabilityInput = {
      event: {
        duration: drawn.duration,
        timeZone: drawn.hostZone,
        availabilityRanges: drawn.availabilityRanges,
        bufferBefore: drawn.bufferBefore,
        bufferAfter: drawn.bufferAfter,
        minimumNoticeAmount: drawn.notice.amount,
        minimumNoticeUnit: drawn.notice.unit,
        advanceBookingDays: drawn.advanceBookingDays,
        maxBookingsPerDay: drawn.maxBookingsPerDay,
      },
      overrides,
      busy: drawn.busy.map(({ quarter, minutes }) => ({
        start: anchor + quarter * 15 * MINUTE,
        end: new Date(anchor + (quarter * 15 + minutes) * MINUTE),
      })),
      bookingStarts: drawn.bookingMinutes.map((minutes) => anchor + minutes * MINUTE),
      now: anchor + drawn.nowMinutes * MINUTE,
    };
    return { input, anchorDay: drawn.anchorDay, hostZone: drawn.hostZone, guestZone: drawn.guestZone };
  });

// ---------------------------------------------------------------------------------------------------------------
// The oracle: every rule of the specification, checked on one listed slot

/** The rules one listed slot breaks (none, we hope), each named; one `expect` per slot keeps thousands of checks fast. */
function brokenRules(input: AvailabilityInput, slot: TimeSlot, guestDate: string, guestZone: string): string[] {
  const { event } = input;
  const broken: string[] = [];
  const check = (holds: boolean, rule: string) => {
    if (!holds) broken.push(rule);
  };
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  check(slot.available, 'available');
  check(end - start === event.duration * MINUTE, 'lasts the duration');
  // Displayed in the guest's zone (by date-fns-tz), on the requested date.
  check(
    slot.start === isoIn(start, guestZone) && slot.end === isoIn(end, guestZone),
    "shown with the guest zone's offset",
  );
  check(slot.start.slice(0, 10) === guestDate, 'starts on the requested guest date');
  // The slot widened by its own buffers overlaps no busy interval (half-open).
  const from = start - event.bufferBefore * MINUTE;
  const to = end + event.bufferAfter * MINUTE;
  for (const interval of input.busy) {
    const busyStart = toMs(interval.start);
    const busyEnd = toMs(interval.end);
    check(
      !(busyEnd > busyStart && busyStart < to && busyEnd > from),
      `clear of busy ${new Date(busyStart).toISOString()}`,
    );
  }
  // Inside the host's hours, converted back into the host's zone: on a range's grid, ending by its end.
  const zone = event.timeZone;
  const hostDate = hostDateOf(start, zone);
  const wall = wallIn(start, zone).slice(11);
  const hours = hoursOn(input, hostDate);
  const onGrid =
    hours !== 'blocked' &&
    hours.some(
      (range) =>
        minutesOf(wall) >= range.start &&
        (minutesOf(wall) - range.start) % event.duration === 0 &&
        end <= boundaryByDateFns(hostDate, range.endTime, zone),
    );
  check(onGrid, `${hostDate} ${wall} on the grid of ${JSON.stringify(hours)}`);
  // The first occurrence of an ambiguous wall time (every zone here shifts by one hour).
  check(wallIn(start - 60 * MINUTE, zone) !== `${hostDate} ${wall}`, 'first occurrence');
  // Notice, window, daily limit.
  const now = toMs(input.now);
  const noticeUnit = { minutes: MINUTE, hours: 60 * MINUTE, days: DAY }[event.minimumNoticeUnit];
  check(start >= now + event.minimumNoticeAmount * noticeUnit, 'minimum notice');
  check(hostDate <= addDays(hostDateOf(now, zone), event.advanceBookingDays), 'advance window');
  if (event.maxBookingsPerDay !== null && event.maxBookingsPerDay !== undefined) {
    const booked = input.bookingStarts.filter(
      (bookingStart) => hostDateOf(toMs(bookingStart), zone) === hostDate,
    ).length;
    check(booked < event.maxBookingsPerDay, 'daily limit');
  }
  // And the write-time check agrees.
  check(isBookableSlot(input, { start, end }).bookable, 'bookable at write time');
  return broken;
}

/** Start instants of the slots listed for guest dates around a host date whose start falls on that host date. */
function hostDayAsSeenFrom(input: AvailabilityInput, hostDate: string, guestZone: string): string[] {
  const seen: string[] = [];
  for (let shift = -2; shift <= 2; shift += 1) {
    for (const slot of timeSlotsForDate(input, { date: addDays(hostDate, shift), guestTimeZone: guestZone })) {
      const start = Date.parse(slot.start);
      if (hostDateOf(start, input.event.timeZone) === hostDate)
        seen.push(`${new Date(start).toISOString()}/${new Date(Date.parse(slot.end)).toISOString()}`);
    }
  }
  return seen;
}

/**
 * The slot starts of one host date with nothing in the way, by brute force: walk the clock in 15-minute steps
 * (every boundary, duration and DST transition here is a multiple of that), take each wall time the first time it
 * shows, and end a range at the first instant whose wall reading reaches the range's end.
 */
function bruteForceGrid(zone: string, date: string, ranges: readonly OracleRange[], duration: number): number[] {
  const walkFrom = fromZonedTime(`${date}T00:00:00`, zone).getTime() - 3 * 60 * MINUTE;
  const walk: [number, string][] = [];
  for (let instant = walkFrom; instant <= walkFrom + 32 * 60 * MINUTE; instant += 15 * MINUTE)
    walk.push([instant, wallIn(instant, zone)]);
  const starts = new Set<number>();
  for (const range of ranges) {
    const endWall = range.end >= 1440 ? `${addDays(date, 1)} 00:00` : `${date} ${range.endTime}`;
    const rangeEnd = walk.find(([, wall]) => wall >= endWall)![0];
    const seenWalls = new Set<string>();
    for (const [instant, wall] of walk) {
      if (!wall.startsWith(date) || seenWalls.has(wall)) continue;
      seenWalls.add(wall);
      const minute = minutesOf(wall.slice(11));
      if (
        minute >= range.start &&
        minute < range.end &&
        (minute - range.start) % duration === 0 &&
        instant + duration * MINUTE <= rangeEnd
      ) {
        starts.add(instant);
      }
    }
  }
  return [...starts].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------------------------

describe('availability invariants (property-based)', () => {
  it('lists only slots that obey every rule, sorted, each once, and the write-time check accepts them', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: -1, max: 1 }), ({ input, anchorDay, guestZone }, shift) => {
        const guestDate = addDays(anchorDay, shift);
        const list = timeSlotsForDate(input, { date: guestDate, guestTimeZone: guestZone });
        const starts = list.map((slot) => Date.parse(slot.start));
        expect(starts).toEqual([...new Set(starts)].sort((a, b) => a - b));
        for (const slot of list)
          expect({ slot: slot.start, broken: brokenRules(input, slot, guestDate, guestZone) }).toEqual({
            slot: slot.start,
            broken: [],
          });
      }),
      { numRuns: 200 },
    );
  });

  it('lists exactly the instants the write-time check accepts (probing listed starts, their neighbours and random ones)', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.array(fc.integer({ min: -96, max: 96 }), { maxLength: 8 }),
        ({ input, anchorDay }, quarters) => {
          const zone = input.event.timeZone;
          const listed = new Set<number>();
          for (let shift = -1; shift <= 1; shift += 1) {
            for (const slot of timeSlotsForDate(input, { date: addDays(anchorDay, shift), guestTimeZone: zone }))
              listed.add(Date.parse(slot.start));
          }
          const anchor = Date.parse(`${anchorDay}T12:00:00Z`);
          const probes = new Set([...listed].flatMap((start) => [start - 15 * MINUTE, start, start + 15 * MINUTE]));
          for (const quarter of quarters) probes.add(anchor + quarter * 15 * MINUTE);
          const disagreements = [...probes]
            .filter((start) => Math.abs(dayNumber(hostDateOf(start, zone)) - dayNumber(anchorDay)) <= 1) // dates listed above
            .filter(
              (start) =>
                isBookableSlot(input, { start, end: start + input.event.duration * MINUTE }).bookable !==
                listed.has(start),
            )
            .map(
              (start) =>
                `${new Date(start).toISOString()} ${listed.has(start) ? 'listed but refused' : 'accepted but not listed'}`,
            );
          expect(disagreements).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("changes with the guest's zone only which date a slot is filed under, never the set of instants", () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.constantFrom(...GUEST_ZONES),
        ({ input, anchorDay, guestZone, hostZone }, otherZone) => {
          const asHost = hostDayAsSeenFrom(input, anchorDay, hostZone);
          expect(hostDayAsSeenFrom(input, anchorDay, guestZone)).toEqual(asHost);
          expect(hostDayAsSeenFrom(input, anchorDay, otherZone)).toEqual(asHost);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives DST days exactly the slots a brute-force walk of the clock finds', () => {
    const dstScenario = fc.record({
      zone: fc.constantFrom(...Object.keys(DST_DAYS)),
      which: fc.integer({ min: 0, max: 1 }),
      range: fc.oneof(rangeArb, nearTransitionRangeArb).map((range) => ({ ...range, active: true })),
      duration: fc.constantFrom(...DURATIONS),
    });
    fc.assert(
      fc.property(dstScenario, ({ zone, which, range, duration }) => {
        const date = DST_DAYS[zone]![which]!;
        const input: AvailabilityInput = {
          event: {
            duration,
            timeZone: zone,
            availabilityRanges: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, ...range })),
            bufferBefore: 0,
            bufferAfter: 0,
            minimumNoticeAmount: 0,
            minimumNoticeUnit: 'minutes',
            advanceBookingDays: 400,
          },
          overrides: [],
          busy: [],
          bookingStarts: [],
          now: Date.parse('2026-01-01T00:00:00Z'),
        };
        const listed = timeSlotsForDate(input, { date, guestTimeZone: zone }).map((slot) => Date.parse(slot.start));
        const expected = bruteForceGrid(zone, date, hoursOn(input, date) as OracleRange[], duration);
        expect(listed.map((instant) => isoIn(instant, zone))).toEqual(expected.map((instant) => isoIn(instant, zone)));
      }),
      { numRuns: 150 },
    );
  });

  it('agrees between the month view and the day view for every date of the month', () => {
    fc.assert(
      fc.property(scenarioArb, ({ input, anchorDay, guestZone }) => {
        const [year, month] = anchorDay.split('-').map(Number) as [number, number];
        const dates = availableDatesForMonth(input, { year, month, guestTimeZone: guestZone });
        expect(dates.map((entry) => entry.date)).toEqual(
          Array.from({ length: new Date(Date.UTC(year, month, 0)).getUTCDate() }, (_, index) =>
            addDays(`${anchorDay.slice(0, 8)}01`, index),
          ),
        );
        for (const { date, hasTimeSlots } of dates) {
          expect({ date, hasTimeSlots }).toEqual({
            date,
            hasTimeSlots: timeSlotsForDate(input, { date, guestTimeZone: guestZone }).length > 0,
          });
        }
      }),
      { numRuns: 40 },
    );
  });
});
