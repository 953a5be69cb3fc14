import { describe, expect, it } from 'vitest';

import { formatHostTime, formatShortDayIn } from '#frontend/lib/dates.ts';
import {
  describeZone,
  describeZones,
  DETECTED_GROUP,
  formatOffset,
  groupZones,
  normalizeSearch,
  OTHER_REGION,
  searchZones,
  zoneCity,
  zoneIds,
  zoneRegion,
} from '#frontend/lib/time-zone-names.ts';

/**
 * The booking page's time-zone list (issue 15 item 5) and the confirmation's host date (item 7): pure helpers on
 * Intl, at fixed instants (one in northern winter, one in summer).
 */

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('zone names and offsets', () => {
  it('names a zone readably, with its place, offset and local time', () => {
    expect(describeZone('Europe/Berlin', WINTER)).toEqual({
      id: 'Europe/Berlin',
      region: 'Europe',
      city: 'Berlin',
      name: 'Central European Time',
      label: 'Central European Time — Berlin',
      offsetMinutes: 60,
      offset: 'UTC+01:00',
      time: '1:00 PM',
    });
    expect(describeZone('Europe/Berlin', SUMMER)).toMatchObject({ offsetMinutes: 120, offset: 'UTC+02:00' });
    expect(describeZone('America/New_York', WINTER)).toMatchObject({
      label: 'Eastern Time — New York',
      offset: 'UTC-05:00',
      time: '7:00 AM',
    });
    expect(describeZone('Asia/Tokyo', WINTER)).toMatchObject({ offset: 'UTC+09:00', time: '9:00 PM' });
    expect(describeZone('Asia/Kolkata', WINTER)).toMatchObject({ offsetMinutes: 330, offset: 'UTC+05:30' });
    expect(describeZone('America/St_Johns', WINTER)).toMatchObject({ offset: 'UTC-03:30', city: 'St Johns' });
  });

  it('uses a real name where the generic one is only an offset, and the offset as the last resort', () => {
    expect(describeZone('UTC', WINTER)).toMatchObject({
      region: OTHER_REGION,
      name: 'Coordinated Universal Time',
      label: 'Coordinated Universal Time — UTC',
      offset: 'UTC+00:00',
      time: '12:00 PM',
    });
    expect(describeZone('Etc/GMT+5', WINTER)).toMatchObject({ name: 'UTC-05:00', offsetMinutes: -300 });
  });

  it('gives midnight as 12:00 AM and leaves out ids the browser does not know', () => {
    expect(describeZone('UTC', new Date('2026-01-15T00:05:00Z'))?.time).toBe('12:05 AM');
    expect(describeZone('Mars/Olympus_Mons', WINTER)).toBeNull();
    expect(describeZones(['Mars/Olympus_Mons', 'Europe/Paris'], WINTER).map((entry) => entry.id)).toEqual([
      'Europe/Paris',
    ]);
  });

  it('formats offsets and splits ids into region and place', () => {
    expect(formatOffset(0)).toBe('UTC+00:00');
    expect(formatOffset(-210)).toBe('UTC-03:30');
    expect(formatOffset(345)).toBe('UTC+05:45');
    expect(zoneRegion('America/Argentina/Buenos_Aires')).toBe('America');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneRegion('UTC')).toBe(OTHER_REGION);
    expect(zoneRegion('Etc/GMT-3')).toBe(OTHER_REGION);
  });

  it('lists every zone the runtime knows, with UTC and the given zones', () => {
    const ids = zoneIds('Europe/Berlin');
    expect(ids).toContain('UTC');
    expect(ids).toContain('Asia/Tokyo');
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('grouping', () => {
  const entries = describeZones(
    ['Europe/Berlin', 'Asia/Tokyo', 'UTC', 'America/Los_Angeles', 'America/New_York', 'Europe/London'],
    WINTER,
  );

  it('puts the detected zone first, then regions in order, each by offset then place', () => {
    const groups = groupZones(entries, 'Asia/Tokyo');
    expect(groups.map((group) => group.region)).toEqual([DETECTED_GROUP, 'America', 'Europe', OTHER_REGION]);
    expect(groups[0]!.zones.map((zone) => zone.id)).toEqual(['Asia/Tokyo']);
    expect(groups[1]!.zones.map((zone) => zone.id)).toEqual(['America/Los_Angeles', 'America/New_York']);
    expect(groups[2]!.zones.map((zone) => zone.id)).toEqual(['Europe/London', 'Europe/Berlin']);
    // Not repeated in its region.
    expect(groups.flatMap((group) => group.zones).filter((zone) => zone.id === 'Asia/Tokyo')).toHaveLength(1);
  });

  it('has no detected group when the zone is not among the entries', () => {
    expect(groupZones(entries, 'Africa/Lagos')[0]!.region).toBe('America');
    expect(groupZones([], 'Africa/Lagos')).toEqual([]);
  });
});

describe('search', () => {
  const entries = describeZones(zoneIds(), WINTER);
  const ids = (query: string) => searchZones(entries, query).map((entry) => entry.id);

  it('finds a zone by place, name, id, region or offset, ignoring case, accents and underscores', () => {
    expect(ids('berlin')).toEqual(['Europe/Berlin']);
    expect(ids('  BERLIN ')).toEqual(['Europe/Berlin']);
    expect(ids('central european')).toContain('Europe/Berlin');
    expect(ids('new york')).toEqual(['America/New_York']);
    expect(ids('new_york')).toEqual(['America/New_York']);
    expect(ids('America/New_York')).toEqual(['America/New_York']);
    expect(ids('são paulo')).toEqual(['America/Sao_Paulo']);
    expect(ids('utc+9')).toContain('Asia/Tokyo');
    // India's zone is Asia/Kolkata or (older ICU) Asia/Calcutta.
    const india = searchZones(entries, 'UTC+05:30');
    expect(india.length).toBeGreaterThan(0);
    expect(india.every((entry) => entry.offset === 'UTC+05:30')).toBe(true);
    expect(ids('gmt-5')).toContain('America/New_York');
    expect(ids('europe paris')).toEqual(['Europe/Paris']);
  });

  it('answers everything for an empty query and nothing for a foreign one', () => {
    expect(ids('')).toHaveLength(entries.length);
    expect(ids('atlantis')).toEqual([]);
  });

  it('normalizes the query', () => {
    expect(normalizeSearch(' Zürich_Time/x \u22125 ')).toBe('zurich time x -5');
  });
});

describe("the confirmation's host time", () => {
  const start = '2026-11-24T15:00:00Z';
  const end = '2026-11-24T15:30:00Z';

  it('keeps the spec format when the host and the guest are on the same date', () => {
    expect(formatHostTime(start, end, 'America/New_York', 'Europe/Berlin')).toBe(
      '10:00 AM - 10:30 AM (America/New York)',
    );
  });

  it("names the host's date when it differs from the guest's", () => {
    // 00:00 on Wednesday Nov 25 in Tokyo is 10:00 AM on Tuesday Nov 24 in New York.
    expect(formatHostTime(start, end, 'America/New_York', 'Asia/Tokyo')).toBe(
      '10:00 AM - 10:30 AM, Tuesday Nov 24 (America/New York)',
    );
    expect(formatShortDayIn('2026-11-24T23:30:00Z', 'Asia/Tokyo')).toBe('Wednesday Nov 25');
  });
});
