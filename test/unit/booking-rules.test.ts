/**
 * The pure rules of writing a booking (functions/src/domain/booking.ts): reading the guest's times, the time a
 * booking blocks, the UTC days a booking's transaction locks, and the UTC days its check must read.
 * The lock and read-window rules are what keeps two overlapping bookings from both committing, so they are checked
 * as properties (fast-check) against independent arithmetic, not only on examples.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { BUFFER_OPTIONS, EVENT_DURATION_MAX, MAX_BLOCKED_MINUTES } from '#shared/constants';
import {
  blockedInterval,
  lockDays,
  parseOffsetDateTime,
  readWindow,
  readWindowForDates,
  utcDay,
  utcDaysOf,
  zoneDayOf,
  type Interval,
} from '#functions/domain/booking';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString();

/** Host zones of the availability tests plus the extremes (UTC−12, UTC+14, +13:45) and a +05:45 offset. */
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'UTC',
] as const;
/** Days with a clock change (2026): the host day is 23 or 25 hours long. */
const DST_DAYS: readonly (readonly [string, string])[] = [
  ['America/New_York', '2026-03-08'],
  ['America/New_York', '2026-11-01'],
  ['Europe/London', '2026-03-29'],
  ['Europe/London', '2026-10-25'],
  ['Australia/Sydney', '2026-04-05'],
  ['Australia/Sydney', '2026-10-04'],
  ['Pacific/Auckland', '2026-04-05'],
  ['Pacific/Auckland', '2026-09-27'],
];

// ---------------------------------------------------------------------------------------------------------------
// Generators

const FIRST_DAY = at('2020-01-01T00:00:00Z') / DAY;
const LAST_DAY = at('2035-12-31T00:00:00Z') / DAY;
/** Any millisecond 2020–2035, half of them within three minutes of a UTC midnight (where days split). */
const instantArb = fc.oneof(
  fc.integer({ min: FIRST_DAY * DAY, max: LAST_DAY * DAY }),
  fc
    .tuple(fc.integer({ min: FIRST_DAY, max: LAST_DAY }), fc.integer({ min: -3 * MINUTE, max: 3 * MINUTE }))
    .map(([day, offset]) => day * DAY + offset),
);
/** A positive length in ms: tiny, up to the longest block, or several days. */
const lengthArb = fc.oneof(
  fc.integer({ min: 1, max: 5 }),
  fc.integer({ min: 1, max: MAX_BLOCKED_MINUTES * MINUTE }),
  fc.integer({ min: 1, max: 3 * DAY }),
  fc.constantFrom(MINUTE, HOUR, DAY, DAY + 1, DAY - 1),
);
/** A booking's shape as the API allows it: whole minutes, duration 5–240, buffers from the form's options. */
const shapeArb = fc.record({
  duration: fc.integer({ min: 5, max: EVENT_DURATION_MAX }),
  bufferBefore: fc.constantFrom(...BUFFER_OPTIONS),
  bufferAfter: fc.constantFrom(...BUFFER_OPTIONS),
});
type Shape = { duration: number; bufferBefore: number; bufferAfter: number };
const blockedOf = (start: number, shape: Shape) =>
  blockedInterval(start, start + shape.duration * MINUTE, shape.bufferBefore, shape.bufferAfter);
/** A fraction in [0, 1), to place an instant inside an interval that another generator chose. */
const fractionArb = fc.integer({ min: 0, max: 999_999 }).map((n) => n / 1_000_000);
const inside = (interval: Interval, fraction: number) =>
  interval.start + Math.floor(fraction * (interval.end - interval.start));
/** A host day to pick instants in: any day of any zone, or a clock-change day. */
const hostDayArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(...ZONES), instantArb)
    .map(([zone, instant]) => ({ zone, day: zoneDayOf(instant, zone) as Interval })),
  fc
    .constantFrom(...DST_DAYS)
    .map(([zone, date]) => ({ zone, day: zoneDayOf(fromZonedTime(`${date}T12:00:00`, zone).getTime(), zone) })),
);

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;
const common = (a: readonly string[], b: readonly string[]) => a.filter((day) => b.includes(day));
/** Every UTC date from..to, by independent arithmetic. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = at(`${from}T00:00:00Z`); t <= at(`${to}T00:00:00Z`); t += DAY) dates.push(iso(t).slice(0, 10));
  return dates;
}
/** The UTC date of an instant, by independent arithmetic (floor division, also before 1970). */
const dateOf = (instant: number) => iso(Math.floor(instant / DAY) * DAY).slice(0, 10);

// ---------------------------------------------------------------------------------------------------------------

describe('parseOffsetDateTime', () => {
  const nineInNewYork = at('2026-03-09T13:00:00.000Z');

  it.each([
    ['an offset', '2026-03-09T09:00:00-04:00', nineInNewYork],
    ['Z', '2026-03-09T13:00:00Z', nineInNewYork],
    ['a positive half-hour offset', '2026-03-09T18:30:00+05:30', nineInNewYork],
    ['a +05:45 offset', '2026-03-09T18:45:00+05:45', nineInNewYork],
    ['UTC+14', '2026-03-10T03:00:00+14:00', nineInNewYork],
    ['milliseconds', '2026-03-09T13:00:00.123Z', nineInNewYork + 123],
    ['one fractional digit', '2026-03-09T09:00:00.5-04:00', nineInNewYork + 500],
    ['no seconds', '2026-03-09T09:00-04:00', nineInNewYork],
    ['no seconds with Z', '2026-03-09T13:00Z', nineInNewYork],
    ['29 February of a leap year', '2028-02-29T10:00:00Z', at('2028-02-29T10:00:00Z')],
    ['the last second of a day', '2026-12-31T23:59:59+00:00', at('2027-01-01T00:00:00Z') - 1000],
  ])('reads a time with %s as the instant it names', (_label, text, instant) => {
    expect(parseOffsetDateTime(text)).toBe(instant);
  });

  it.each([
    ['no offset', '2026-03-09T09:00:00'],
    ['no offset nor seconds', '2026-03-09T09:00'],
    ['a date only', '2026-03-09'],
    ['30 February', '2026-02-30T09:00:00Z'],
    ['29 February of a common year', '2026-02-29T09:00:00Z'],
    ['31 April', '2026-04-31T09:00:00-04:00'],
    ['month 13', '2026-13-01T09:00:00Z'],
    ['month 0', '2026-00-10T09:00:00Z'],
    ['day 0', '2026-03-00T09:00:00Z'],
    ['hour 24', '2026-03-09T24:00:00Z'],
    ['24:00 without seconds', '2026-03-09T24:00-04:00'],
    ['minute 60', '2026-03-09T09:60:00Z'],
    ['second 60', '2026-03-09T09:00:60Z'],
    ['an offset without a colon', '2026-03-09T09:00:00-0400'],
    ['an hour-only offset', '2026-03-09T09:00:00-04'],
    ['an offset of 24 hours', '2026-03-09T09:00:00+24:00'],
    ['a lower-case z', '2026-03-09T13:00:00z'],
    ['a space for T', '2026-03-09 09:00:00-04:00'],
    ['a one-digit hour', '2026-03-09T9:00:00-04:00'],
    ['four fractional digits', '2026-03-09T13:00:00.1234Z'],
    ['surrounding spaces', ' 2026-03-09T13:00:00Z '],
    ['a trailing zone name', '2026-03-09T09:00:00-04:00[America/New_York]'],
    ['garbage', 'next tuesday at nine'],
    ['an epoch number', '1773061200000'],
    ['an empty string', ''],
  ])('refuses %s', (_label, text) => {
    expect(parseOffsetDateTime(text)).toBeNull();
  });

  /** Real offsets, from UTC−12 to UTC+14 with the odd quarter hours. */
  const OFFSETS = [-720, -660, -600, -570, -300, -240, -210, 0, 60, 330, 345, 525, 765, 780, 840] as const;
  const withOffset = (instant: number, offsetMinutes: number, precision: 'minutes' | 'seconds' | 'ms') => {
    const wall = iso(instant + offsetMinutes * MINUTE).slice(
      0,
      precision === 'minutes' ? 16 : precision === 'seconds' ? 19 : 23,
    );
    if (offsetMinutes === 0) return `${wall}Z`;
    const abs = Math.abs(offsetMinutes);
    return `${wall}${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  };

  it('reads back any instant written with any real offset (property)', () => {
    fc.assert(
      fc.property(
        instantArb,
        fc.constantFrom(...OFFSETS),
        fc.constantFrom('minutes', 'seconds', 'ms'),
        (instant, offset, precision) => {
          const text = withOffset(instant, offset, precision);
          const truncated =
            precision === 'minutes'
              ? Math.floor(instant / MINUTE) * MINUTE
              : precision === 'seconds'
                ? Math.floor(instant / 1000) * 1000
                : instant;
          expect(parseOffsetDateTime(text)).toBe(truncated);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('blockedInterval', () => {
  it('widens the meeting by the buffers before and after, in minutes', () => {
    const start = at('2026-03-09T13:00:00Z');
    expect(blockedInterval(start, start + 30 * MINUTE, 15, 10)).toEqual({
      start: at('2026-03-09T12:45:00Z'),
      end: at('2026-03-09T13:40:00Z'),
    });
  });

  it('is the meeting itself without buffers', () => {
    expect(blockedInterval(1_000, 2_000, 0, 0)).toEqual({ start: 1_000, end: 2_000 });
  });

  it('never blocks more than MAX_BLOCKED_MINUTES (the longest event with the largest buffers)', () => {
    expect(MAX_BLOCKED_MINUTES).toBe(240 + 60 + 60);
    fc.assert(
      fc.property(instantArb, shapeArb, (start, shape) => {
        const blocked = blockedOf(start, shape);
        expect(blocked.end - blocked.start).toBe((shape.duration + shape.bufferBefore + shape.bufferAfter) * MINUTE);
        expect(blocked.end - blocked.start).toBeLessThanOrEqual(MAX_BLOCKED_MINUTES * MINUTE);
        expect(blocked.start).toBeLessThanOrEqual(start);
      }),
    );
  });
});

describe('utcDay and utcDaysOf', () => {
  it('names the UTC calendar date of an instant', () => {
    expect(utcDay(at('2026-03-09T00:00:00Z'))).toBe('2026-03-09');
    expect(utcDay(at('2026-03-09T23:59:59.999Z'))).toBe('2026-03-09');
    expect(utcDay(at('2026-03-09T20:00:00-05:00'))).toBe('2026-03-10');
  });

  it.each([
    ['inside one day', '2026-03-09T10:00:00Z', '2026-03-09T11:00:00Z', ['2026-03-09']],
    [
      'ending exactly at midnight (half-open: the next day is not touched)',
      '2026-03-09T23:00:00Z',
      '2026-03-10T00:00:00Z',
      ['2026-03-09'],
    ],
    ['ending one ms after midnight', '2026-03-09T23:00:00Z', '2026-03-10T00:00:00.001Z', ['2026-03-09', '2026-03-10']],
    ['starting exactly at midnight', '2026-03-10T00:00:00Z', '2026-03-10T01:00:00Z', ['2026-03-10']],
    ['across midnight', '2026-03-09T23:30:00Z', '2026-03-10T00:30:00Z', ['2026-03-09', '2026-03-10']],
    ['across the year end', '2026-12-31T23:00:00Z', '2027-01-01T01:00:00Z', ['2026-12-31', '2027-01-01']],
    [
      'across 28 February of a leap year',
      '2028-02-28T22:00:00Z',
      '2028-03-01T02:00:00Z',
      ['2028-02-28', '2028-02-29', '2028-03-01'],
    ],
    ['exactly one whole day', '2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z', ['2026-03-09']],
    ['over 50 hours', '2026-03-09T22:00:00Z', '2026-03-12T00:00:00Z', ['2026-03-09', '2026-03-10', '2026-03-11']],
  ])('an interval %s', (_label, start, end, days) => {
    expect(utcDaysOf({ start: at(start), end: at(end) })).toEqual(days);
  });

  it('gives an empty interval the day of its start', () => {
    expect(utcDaysOf({ start: at('2026-03-09T12:00:00Z'), end: at('2026-03-09T12:00:00Z') })).toEqual(['2026-03-09']);
  });

  it('lists exactly the consecutive dates from the first to the last millisecond (property)', () => {
    fc.assert(
      fc.property(instantArb, lengthArb, fractionArb, (start, length, fraction) => {
        const interval = { start, end: start + length };
        const days = utcDaysOf(interval);
        expect(days).toEqual(datesBetween(dateOf(start), dateOf(interval.end - 1)));
        expect(days).toContain(dateOf(inside(interval, fraction)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('zoneDayOf', () => {
  const hours = (interval: Interval) => (interval.end - interval.start) / HOUR;

  it('is 24 hours from local midnight to local midnight on an ordinary day', () => {
    const day = zoneDayOf(at('2026-03-09T15:00:00Z'), 'America/New_York');
    expect(day).toEqual({ start: at('2026-03-09T04:00:00Z'), end: at('2026-03-10T04:00:00Z') });
  });

  it('is 23 hours on the spring-forward day in New York (2026-03-08)', () => {
    const day = zoneDayOf(at('2026-03-08T12:00:00-04:00'), 'America/New_York');
    expect(day).toEqual({ start: at('2026-03-08T00:00:00-05:00'), end: at('2026-03-09T00:00:00-04:00') });
    expect(hours(day)).toBe(23);
  });

  it('is 25 hours on the fall-back day in New York (2026-11-01), both 01:30s included', () => {
    const day = zoneDayOf(at('2026-11-01T12:00:00-05:00'), 'America/New_York');
    expect(day).toEqual({ start: at('2026-11-01T00:00:00-04:00'), end: at('2026-11-02T00:00:00-05:00') });
    expect(hours(day)).toBe(25);
    for (const ambiguous of ['2026-11-01T01:30:00-04:00', '2026-11-01T01:30:00-05:00']) {
      expect(zoneDayOf(at(ambiguous), 'America/New_York')).toEqual(day);
    }
  });

  it('puts the last millisecond before local midnight on the earlier day', () => {
    const lastMs = at('2026-03-09T00:00:00-04:00') - 1;
    expect(zoneDayOf(lastMs, 'America/New_York')).toEqual({
      start: at('2026-03-08T00:00:00-05:00'),
      end: at('2026-03-09T00:00:00-04:00'),
    });
    expect(zoneDayOf(lastMs + 1, 'America/New_York').start).toBe(lastMs + 1);
  });

  it('follows a half-hour offset: a Kolkata day runs 18:30 to 18:30 UTC', () => {
    const day = zoneDayOf(at('2026-03-09T20:00:00Z'), 'Asia/Kolkata'); // 01:30 on 10 March in Kolkata
    expect(day).toEqual({ start: at('2026-03-09T18:30:00Z'), end: at('2026-03-10T18:30:00Z') });
    expect(utcDaysOf(day)).toEqual(['2026-03-09', '2026-03-10']);
  });

  it('contains the instant and runs from its local midnight to the next one, 23, 24 or 25 hours long (property)', () => {
    fc.assert(
      fc.property(hostDayArb, fractionArb, ({ zone, day: sample }, fraction) => {
        const instant = inside(sample, fraction);
        const day = zoneDayOf(instant, zone);
        expect(day).toEqual(sample);
        expect(day.start).toBeLessThanOrEqual(instant);
        expect(instant).toBeLessThan(day.end);
        const date = formatInTimeZone(instant, zone, 'yyyy-MM-dd');
        expect(formatInTimeZone(day.start, zone, 'yyyy-MM-dd HH:mm:ss.SSS')).toBe(`${date} 00:00:00.000`);
        expect(formatInTimeZone(day.end, zone, 'HH:mm:ss.SSS')).toBe('00:00:00.000');
        expect(formatInTimeZone(day.end - 1, zone, 'yyyy-MM-dd')).toBe(date);
        expect([23, 24, 25]).toContain(hours(day));
      }),
      { numRuns: 300 },
    );
  });
});

describe('lockDays', () => {
  it('locks the UTC days the blocked time touches, sorted and without repeats', () => {
    const blocked = { start: at('2026-03-09T23:30:00Z'), end: at('2026-03-10T00:30:00Z') };
    expect(lockDays(blocked, null)).toEqual(['2026-03-09', '2026-03-10']);
    expect(lockDays({ start: at('2026-03-09T10:00:00Z'), end: at('2026-03-09T10:30:00Z') }, null)).toEqual([
      '2026-03-09',
    ]);
  });

  it('adds every UTC day of the host day when the event has a daily limit', () => {
    // 10:00 in Kolkata is 04:30 UTC; the Kolkata day of 10 March runs 18:30 UTC on the 9th to 18:30 UTC on the 10th.
    const start = at('2026-03-10T10:00:00+05:30');
    const blocked = blockedInterval(start, start + 30 * MINUTE, 0, 0);
    expect(lockDays(blocked, null)).toEqual(['2026-03-10']);
    expect(lockDays(blocked, zoneDayOf(start, 'Asia/Kolkata'))).toEqual(['2026-03-09', '2026-03-10']);
  });

  it('does not make back-to-back bookings across midnight contend (half-open intervals do not overlap)', () => {
    const evening = { start: at('2026-03-09T23:00:00Z'), end: at('2026-03-10T00:00:00Z') };
    const morning = { start: at('2026-03-10T00:00:00Z'), end: at('2026-03-10T01:00:00Z') };
    expect(overlaps(evening, morning)).toBe(false);
    expect(common(lockDays(evening, null), lockDays(morning, null))).toEqual([]);
  });

  // THE safety property: the transaction of each booking checks and bumps the versions of its lock days, so two
  // bookings can only both commit if they lock disjoint days. Overlapping blocked times must therefore share a day.
  it('makes any two overlapping blocked intervals share a lock day (property)', () => {
    fc.assert(
      fc.property(
        instantArb,
        fc.nat(3 * DAY),
        lengthArb,
        fc.nat(3 * DAY),
        lengthArb,
        (shared, beforeA, afterA, beforeB, afterB) => {
          // Every pair of overlapping half-open intervals has a common instant; build the pair around one.
          const a = { start: shared - beforeA, end: shared + afterA };
          const b = { start: shared - beforeB, end: shared + afterB };
          expect(overlaps(a, b)).toBe(true);
          const days = common(lockDays(a, null), lockDays(b, null));
          expect(days).toContain(dateOf(shared));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('makes two overlapping bookings of any shapes share a lock day, with or without daily limits (property)', () => {
    const gridArb = fc.integer({ min: -12 * 12, max: 12 * 12 }).map((fiveMinutes) => fiveMinutes * 5 * MINUTE);
    fc.assert(
      fc.property(
        fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
        gridArb,
        gridArb,
        shapeArb,
        shapeArb,
        fc.constantFrom(...ZONES),
        fc.boolean(),
        fc.boolean(),
        (day, offsetA, offsetB, shapeA, shapeB, zone, limitA, limitB) => {
          // Two bookings on the 5-minute grid within 12 hours of a UTC midnight.
          const startA = day * DAY + offsetA;
          const startB = day * DAY + offsetB;
          const a = blockedOf(startA, shapeA);
          const b = blockedOf(startB, shapeB);
          fc.pre(overlaps(a, b));
          const daysA = lockDays(a, limitA ? zoneDayOf(startA, zone) : null);
          const daysB = lockDays(b, limitB ? zoneDayOf(startB, zone) : null);
          expect(common(daysA, daysB).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 1000 },
    );
  });

  // The daily limit counts the bookings of one host day; bookings racing for the last places of a day must meet on
  // a common version even when their times are hours apart.
  it('makes any two bookings on the same host date share a lock day when the day is locked (property)', () => {
    fc.assert(
      fc.property(hostDayArb, fractionArb, fractionArb, shapeArb, shapeArb, ({ zone, day }, fx, fy, shapeX, shapeY) => {
        const startX = inside(day, fx);
        const startY = inside(day, fy);
        const hostDayX = zoneDayOf(startX, zone);
        const hostDayY = zoneDayOf(startY, zone);
        expect(hostDayX).toEqual(day);
        expect(hostDayY).toEqual(day);
        const daysX = lockDays(blockedOf(startX, shapeX), hostDayX);
        const daysY = lockDays(blockedOf(startY, shapeY), hostDayY);
        expect(common(daysX, daysY).length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('only ever adds days for the host day, and lists each day once in order (property)', () => {
    fc.assert(
      fc.property(instantArb, lengthArb, fc.constantFrom(...ZONES), (start, length, zone) => {
        const blocked = { start, end: start + length };
        const plain = lockDays(blocked, null);
        const withDay = lockDays(blocked, zoneDayOf(start, zone));
        expect(plain).toEqual(utcDaysOf(blocked));
        for (const day of plain) expect(withDay).toContain(day);
        for (const day of utcDaysOf(zoneDayOf(start, zone))) expect(withDay).toContain(day);
        expect(withDay).toEqual([...new Set(withDay)].sort());
      }),
      { numRuns: 300 },
    );
  });
});

describe('readWindow', () => {
  it('reaches back MAX_BLOCKED_MINUTES before the blocked start', () => {
    // 03:00 UTC minus 6 hours is 21:00 UTC the day before.
    const blocked = { start: at('2026-03-09T03:00:00Z'), end: at('2026-03-09T03:30:00Z') };
    expect(readWindow(blocked, null)).toEqual({ fromDay: '2026-03-08', toDay: '2026-03-09' });
    const blockedLater = { start: at('2026-03-09T06:00:00Z'), end: at('2026-03-09T06:30:00Z') };
    expect(readWindow(blockedLater, null)).toEqual({ fromDay: '2026-03-09', toDay: '2026-03-09' });
  });

  it('includes the day of a booking starting MAX_BLOCKED_MINUTES before the blocked start', () => {
    const blocked = { start: at('2026-03-09T02:00:00Z'), end: at('2026-03-09T02:30:00Z') };
    const earliest = blocked.start - MAX_BLOCKED_MINUTES * MINUTE; // 20:00 UTC on the 8th
    const window = readWindow(blocked, null);
    expect(utcDay(earliest)).toBe('2026-03-08');
    expect(window.fromDay <= utcDay(earliest)).toBe(true);
  });

  it('covers the whole host day with a daily limit, even when it spans two UTC dates', () => {
    const start = at('2026-03-10T10:00:00+05:30');
    const hostDay = zoneDayOf(start, 'Asia/Kolkata');
    expect(readWindow(blockedInterval(start, start + 30 * MINUTE, 0, 0), hostDay)).toEqual({
      fromDay: '2026-03-09',
      toDay: '2026-03-10',
    });
    // 17:00 in New York (21:00 UTC): the host day ends 04:00 UTC on the 10th, so the 10th is read too.
    const evening = at('2026-03-09T17:00:00-04:00');
    const eveningBlocked = blockedInterval(evening, evening + 30 * MINUTE, 0, 0);
    expect(readWindow(eveningBlocked, null)).toEqual({ fromDay: '2026-03-09', toDay: '2026-03-09' });
    // 19:00 in New York (23:00 UTC): a booking starting before 00:30 UTC on the 10th may reach back over it.
    const night = at('2026-03-09T19:00:00-04:00');
    expect(readWindow(blockedInterval(night, night + 30 * MINUTE, 0, 0), null)).toEqual({
      fromDay: '2026-03-09',
      toDay: '2026-03-10',
    });
    expect(readWindow(eveningBlocked, zoneDayOf(evening, 'America/New_York'))).toEqual({
      fromDay: '2026-03-09',
      toDay: '2026-03-10',
    });
    // 23:00 in Kolkata (17:30 UTC): the host day began 18:30 UTC the day before, further back than the longest block.
    const late = at('2026-03-10T23:00:00+05:30');
    const lateBlocked = blockedInterval(late, late + 30 * MINUTE, 0, 0);
    expect(readWindow(lateBlocked, null)).toEqual({ fromDay: '2026-03-10', toDay: '2026-03-10' });
    expect(readWindow(lateBlocked, zoneDayOf(late, 'Asia/Kolkata'))).toEqual({
      fromDay: '2026-03-09',
      toDay: '2026-03-10',
    });
  });

  /** A new booking, another booking of the same host whose blocked time overlaps it, and the new one's window. */
  const overlappingPairArb = fc
    .record({
      start: instantArb,
      shape: shapeArb,
      other: shapeArb,
      sharedAt: fractionArb,
      otherAt: fractionArb,
      zone: fc.constantFrom(...ZONES),
      limited: fc.boolean(),
    })
    .map(({ start, shape, other, sharedAt, otherAt, zone, limited }) => {
      const blocked = blockedOf(start, shape);
      const hostDay = limited ? zoneDayOf(start, zone) : null;
      // The other booking's blocked time contains an instant of the new one's: place its block around that instant.
      const shared = inside(blocked, sharedAt);
      const otherLength = (other.duration + other.bufferBefore + other.bufferAfter) * MINUTE;
      const otherBlockedStart = shared - Math.floor(otherAt * otherLength);
      const otherStart = otherBlockedStart + other.bufferBefore * MINUTE;
      return {
        blocked,
        hostDay,
        other,
        otherStart,
        otherBlocked: blockedOf(otherStart, other),
        window: readWindow(blocked, hostDay),
      };
    });

  it('starts early enough for every booking that could overlap, and covers the lock days and the host day (property)', () => {
    fc.assert(
      fc.property(overlappingPairArb, ({ blocked, hostDay, otherStart, otherBlocked, window }) => {
        expect(overlaps(blocked, otherBlocked)).toBe(true);
        // Bookings are stored under the UTC date of their start.
        expect(window.fromDay <= dateOf(otherStart)).toBe(true);
        // The versions the transaction checks must have been read with the bookings.
        for (const day of lockDays(blocked, hostDay)) {
          expect(window.fromDay <= day && day <= window.toDay).toBe(true);
        }
        if (hostDay) {
          expect(window.fromDay <= dateOf(hostDay.start)).toBe(true);
          expect(dateOf(hostDay.end - 1) <= window.toDay).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('ends late enough for every overlapping booking, whatever its buffer before (property)', () => {
    fc.assert(
      fc.property(overlappingPairArb, ({ otherStart, window }) => {
        expect(dateOf(otherStart) <= window.toDay).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  // A regression once found: an existing booking that starts on the next UTC date but whose bufferBefore reaches
  // back over the new booking's end overlaps it; the write-time read must include it (the day versions cannot
  // catch it, since it committed earlier, not concurrently). Sydney, where UTC midnight is 11:00 local.
  it('reads a booking of the next UTC date whose buffer before reaches back over the new one', () => {
    // Sydney, December (UTC+11): new 10:00–10:30 (23:00–23:30 UTC on the 7th); an existing 20-minute booking at
    // 11:20 (00:20 UTC on the 8th) with a 60-minute buffer before blocks from 23:20 UTC on the 7th.
    const newStart = at('2026-12-08T10:00:00+11:00');
    const blocked = blockedInterval(newStart, newStart + 30 * MINUTE, 0, 0);
    const otherStart = at('2026-12-08T11:20:00+11:00');
    expect(overlaps(blocked, blockedInterval(otherStart, otherStart + 20 * MINUTE, 60, 0))).toBe(true);
    expect(utcDay(otherStart) <= readWindow(blocked, null).toDay).toBe(true);
  });
});

describe('readWindowForDates', () => {
  it.each([
    ['one date', '2026-03-09', '2026-03-09', '2026-03-06', '2026-03-12'],
    ['a month', '2026-03-01', '2026-03-31', '2026-02-26', '2026-04-03'],
    ['a month at the year end', '2026-12-01', '2026-12-31', '2026-11-28', '2027-01-03'],
    ['a leap February', '2028-02-01', '2028-02-29', '2028-01-29', '2028-03-03'],
  ])('adds three days on each side of %s', (_label, first, last, fromDay, toDay) => {
    expect(readWindowForDates(first, last)).toEqual({ fromDay, toDay });
  });

  const GUEST_ZONES = [...ZONES, 'America/Los_Angeles', 'Asia/Tokyo'] as const;

  it('covers every booking that can affect a slot on the guest dates, in any guest and host zones (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom(...GUEST_ZONES),
        fc.constantFrom(...ZONES),
        fractionArb,
        fractionArb,
        fractionArb,
        fractionArb,
        shapeArb,
        shapeArb,
        (firstDayNumber, span, guestZone, hostZone, slotDay, slotAt, sharedAt, otherAt, shape, other) => {
          const first = dateOf(firstDayNumber * DAY);
          const last = dateOf((firstDayNumber + span) * DAY);
          const window = readWindowForDates(first, last);
          // A slot starting on one of the guest dates, in the guest's zone.
          const guestDate = dateOf((firstDayNumber + Math.floor(slotDay * (span + 1))) * DAY);
          const guestDay = zoneDayOf(fromZonedTime(`${guestDate}T12:00:00`, guestZone).getTime(), guestZone);
          const slotStart = inside(guestDay, slotAt);
          const blocked = blockedOf(slotStart, shape);
          // Any booking whose blocked time overlaps the slot's.
          const otherLength = (other.duration + other.bufferBefore + other.bufferAfter) * MINUTE;
          const otherStart =
            inside(blocked, sharedAt) - Math.floor(otherAt * otherLength) + other.bufferBefore * MINUTE;
          expect(window.fromDay <= dateOf(otherStart) && dateOf(otherStart) <= window.toDay).toBe(true);
          // Any booking on the slot's host day (daily limit).
          const hostDay = zoneDayOf(slotStart, hostZone);
          for (const instant of [hostDay.start, hostDay.end - 1]) {
            expect(window.fromDay <= dateOf(instant) && dateOf(instant) <= window.toDay).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
