/**
 * The wall-clock helpers under the availability engine, checked against Intl and date-fns-tz in zones with
 * unusual rules: 30- and 45-minute offsets, a 30-minute DST shift, a 2-hour one, transitions at midnight,
 * negative DST, Ramadan suspensions.
 */
import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  boundaryInstantOfWall,
  buildZoneTimeline,
  dateInZone,
  dayOf,
  formatDay,
  formatInstantInZone,
  instantsOfWall,
  isoInZone,
  isValidTimeZone,
  offsetAt,
  offsetFromIntl,
  parseDay,
  parseTimeOfDay,
  wallAt,
  weekdayOf,
  zoneDayInterval,
  type ZoneTimeline,
} from '#shared/availability/wall-clock';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#shared/time';

const ODD_ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Dublin', // negative DST in tzdb: winter is the "daylight" time
  'Australia/Sydney',
  'Australia/Lord_Howe', // 30-minute DST shift
  'Pacific/Chatham', // +12:45 / +13:45
  'Asia/Kathmandu', // +05:45
  'Asia/Kolkata', // +05:30, an alias of Asia/Calcutta in ICU
  'America/St_Johns', // −03:30 with DST
  'America/Santiago', // transitions at midnight
  'America/Havana', // transitions at midnight
  'Africa/Casablanca', // DST suspended for Ramadan
  'Antarctica/Troll', // +00 / +02
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'UTC',
] as const;

const QUARTER_HOUR = 15 * MINUTE_MS;
const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_END = Date.UTC(2027, 0, 1);

function timelinesOf2026(): Map<string, ZoneTimeline> {
  return new Map(ODD_ZONES.map((zone) => [zone, buildZoneTimeline(zone, YEAR_START, YEAR_END)]));
}

/** Every offset change of 2026 by scanning Intl hourly: the hour it happened in and the offset after it. */
function scannedTransitions(zone: string): { after: number; until: number; offset: number }[] {
  const changes: { after: number; until: number; offset: number }[] = [];
  let previous = offsetFromIntl(zone, YEAR_START);
  for (let instant = YEAR_START + HOUR_MS; instant <= YEAR_END; instant += HOUR_MS) {
    const offset = offsetFromIntl(zone, instant);
    if (offset !== previous) changes.push({ after: instant - HOUR_MS, until: instant, offset });
    previous = offset;
  }
  return changes;
}

describe('zone timelines', () => {
  it.each(ODD_ZONES)('finds every transition of 2026 in %s, to the second', (zone) => {
    const timeline = buildZoneTimeline(zone, YEAR_START, YEAR_END);
    const found = timeline.starts.slice(1).map((at, index) => ({ at, offset: timeline.offsets[index + 1]! }));
    const scanned = scannedTransitions(zone);
    expect(found.map(({ offset }) => offset)).toEqual(scanned.map(({ offset }) => offset));
    found.forEach(({ at, offset }, index) => {
      expect(at).toBeGreaterThan(scanned[index]!.after);
      expect(at).toBeLessThanOrEqual(scanned[index]!.until);
      expect(offsetFromIntl(zone, at)).toBe(offset);
      expect(offsetFromIntl(zone, at - 1000)).toBe(timeline.offsets[index]);
    });
  });

  it('has transitions where the zones below are known to have them', () => {
    const count = (zone: string) => buildZoneTimeline(zone, YEAR_START, YEAR_END).starts.length - 1;
    expect(count('America/New_York')).toBe(2);
    expect(count('Australia/Lord_Howe')).toBe(2);
    expect(count('Africa/Casablanca')).toBe(2);
    expect(count('Asia/Kolkata')).toBe(0);
  });

  it('answers the same offset as Intl for any instant, inside the span or outside it', () => {
    const timelines = timelinesOf2026();
    fc.assert(
      fc.property(
        fc.constantFrom(...ODD_ZONES),
        fc.integer({ min: YEAR_START - 30 * DAY_MS, max: YEAR_END + 30 * DAY_MS }),
        (zone, instant) => {
          expect(offsetAt(timelines.get(zone)!, instant)).toBe(offsetFromIntl(zone, instant));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('turns a wall time into every instant showing it: none in a gap, two in an overlap, else one', () => {
    const timelines = timelinesOf2026();
    // Walls near each transition of every zone, and random ones.
    const nearTransitions = ODD_ZONES.flatMap((zone) =>
      timelines
        .get(zone)!
        .starts.slice(1)
        .flatMap((at) =>
          [-150, -90, -60, -45, -30, -15, 0, 15, 30, 45, 60, 90, 150].map(
            (minutes) => [zone, at + minutes * MINUTE_MS] as const,
          ),
        ),
    );
    const checkWall = (zone: string, instantNearby: number) => {
      const timeline = timelines.get(zone)!;
      const wall = Math.floor(wallAt(timeline, instantNearby) / QUARTER_HOUR) * QUARTER_HOUR;
      // Brute force over every offset on the quarter hour from −12:00 to +14:00: which ones does Intl confirm?
      const expected: number[] = [];
      for (let offset = 14 * HOUR_MS; offset >= -12 * HOUR_MS; offset -= QUARTER_HOUR) {
        if (offsetFromIntl(zone, wall - offset) === offset) expected.push(wall - offset);
      }
      expect(instantsOfWall(timeline, wall)).toEqual(expected);
      if (expected.length === 0) {
        // In a gap, a range boundary happens the moment the gap ends: the first instant whose wall reading is later.
        const boundary = boundaryInstantOfWall(timeline, wall);
        expect(boundary + offsetFromIntl(zone, boundary)).toBeGreaterThan(wall);
        expect(boundary - 1000 + offsetFromIntl(zone, boundary - 1000)).toBeLessThan(wall);
      } else {
        expect(boundaryInstantOfWall(timeline, wall)).toBe(expected[0]);
      }
    };
    for (const [zone, instant] of nearTransitions) checkWall(zone, instant);
    fc.assert(
      fc.property(
        fc.constantFrom(...ODD_ZONES),
        fc.integer({ min: YEAR_START + DAY_MS, max: YEAR_END - DAY_MS }),
        checkWall,
      ),
      { numRuns: 200 },
    );
  });

  it('formats ISO 8601 with the offset in force, as date-fns-tz does', () => {
    const timelines = timelinesOf2026();
    fc.assert(
      fc.property(
        fc.constantFrom(...ODD_ZONES),
        fc.integer({ min: YEAR_START / 1000, max: YEAR_END / 1000 }),
        (zone, seconds) => {
          const instant = seconds * 1000;
          expect(formatInstantInZone(timelines.get(zone)!, instant)).toBe(
            formatInTimeZone(instant, zone, "yyyy-MM-dd'T'HH:mm:ssxxx"),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('calendar days and times of day', () => {
  it('parses only real dates in yyyy-MM-dd and formats them back', () => {
    expect(parseDay('1970-01-01')).toBe(0);
    expect(parseDay('2024-02-29')).toBe(dayOf(2024, 2, 29));
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-4-1',
      '26-04-01',
      ' 2026-04-01',
      '2026-04-01\n',
    ]) {
      expect(parseDay(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.integer({ min: dayOf(1900, 1, 1), max: dayOf(9999, 12, 31) }), (day) => {
        expect(parseDay(formatDay(day))).toBe(day);
        expect(weekdayOf(day)).toBe(new Date(day * DAY_MS).getUTCDay());
      }),
      { numRuns: 300 },
    );
  });

  it('counts days across month and year ends', () => {
    expect(formatDay(dayOf(2026, 13, 1))).toBe('2027-01-01');
    expect(formatDay(dayOf(2026, 3, 0))).toBe('2026-02-28');
    expect(dayOf(2026, 3, 1) - dayOf(2026, 2, 1)).toBe(28);
  });

  it('parses HH:MM from 00:00 to 23:59 only', () => {
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('09:30')).toBe(570);
    expect(parseTimeOfDay('23:59')).toBe(1439);
    for (const bad of ['24:00', '9:30', '09:60', '09:30:00', '0930', '', ' 09:30'])
      expect(parseTimeOfDay(bad)).toBeNull();
  });
});

describe('isValidTimeZone', () => {
  it('accepts every zone the runtime lists, and UTC', () => {
    expect(Intl.supportedValuesOf('timeZone').filter((zone) => !isValidTimeZone(zone))).toEqual([]);
    expect(isValidTimeZone('UTC')).toBe(true);
  });

  it('accepts current IANA names that ICU lists under their old spelling', () => {
    for (const zone of [
      'Asia/Kolkata',
      'Asia/Calcutta',
      'Europe/Kyiv',
      'Europe/Kiev',
      'America/Argentina/Buenos_Aires',
      'Etc/UTC',
    ]) {
      expect(isValidTimeZone(zone)).toBe(true);
    }
  });

  it('refuses abbreviations, legacy names and made-up ones, even those Intl accepts', () => {
    for (const zone of [
      'PST',
      'EST',
      'GMT',
      'EST5EDT',
      'US/Eastern',
      'America/new_york',
      'Mars/Olympus',
      'Europe/',
      'Europe/London/',
    ]) {
      expect(isValidTimeZone(zone)).toBe(false);
    }
  });
});

describe('one instant in a zone (dateInZone, isoInZone, zoneDayInterval)', () => {
  const instantArb = fc.integer({ min: YEAR_START - 30 * DAY_MS, max: YEAR_END + 30 * DAY_MS });

  it('reads the date and the ISO time with offset as date-fns-tz does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ODD_ZONES), instantArb, (zone, instant) => {
        expect(dateInZone(zone, instant)).toBe(formatInTimeZone(instant, zone, 'yyyy-MM-dd'));
        expect(isoInZone(zone, instant)).toBe(formatInTimeZone(instant, zone, "yyyy-MM-dd'T'HH:mm:ssxxx"));
      }),
      { numRuns: 2000 },
    );
  });

  it("bounds the zone's day around the instant: its date throughout, another date just outside", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ODD_ZONES), instantArb, (zone, instant) => {
        const day = zoneDayInterval(zone, instant);
        const date = dateInZone(zone, instant);
        expect(day.start).toBeLessThanOrEqual(instant);
        expect(day.end).toBeGreaterThan(instant);
        expect(dateInZone(zone, day.start)).toBe(date);
        expect(dateInZone(zone, day.end - 1000)).toBe(date);
        expect(dateInZone(zone, day.start - 1000)).not.toBe(date);
        expect(dateInZone(zone, day.end)).not.toBe(date);
      }),
      { numRuns: 2000 },
    );
  });
});
