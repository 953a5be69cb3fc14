/**
 * The booking page's time-zone list (issue 15 item 5): readable names, current UTC offsets and local times,
 * grouped by region and searchable, on Intl only (no zone data package). Pure functions of a zone list and an
 * instant, so the unit tests pin them; only the picker's lazily loaded list imports this module.
 */

export interface ZoneEntry {
  /** IANA id, e.g. "Europe/Berlin". */
  id: string;
  /** "Europe", "America", … or "Other" (UTC and Etc/ zones). */
  region: string;
  /** The place: "Berlin", "Buenos Aires", "UTC". */
  city: string;
  /** The zone's readable name: "Central European Time". */
  name: string;
  /** "Central European Time — Berlin" */
  label: string;
  /** Minutes east of UTC at the instant given. */
  offsetMinutes: number;
  /** "UTC+01:00" */
  offset: string;
  /** The local time at the instant given: "5:30 PM". */
  time: string;
}

export interface ZoneGroup {
  region: string;
  zones: ZoneEntry[];
}

/** The regions in the order the list shows them; any other first segment sorts after these, then "Other". */
export const REGION_ORDER = [
  'America',
  'Europe',
  'Asia',
  'Africa',
  'Australia',
  'Pacific',
  'Atlantic',
  'Indian',
  'Antarctica',
  'Arctic',
] as const;
export const OTHER_REGION = 'Other';
/** The heading of the group that holds the browser's zone, shown first. */
export const DETECTED_GROUP = 'Your time zone';

const readable = (text: string): string => text.replace(/_/g, ' ');

/** The region of an IANA id: its first segment ("America/Argentina/Salta" → "America"); UTC and Etc/ → "Other". */
export function zoneRegion(id: string): string {
  const slash = id.indexOf('/');
  if (slash < 0) return OTHER_REGION;
  const first = id.slice(0, slash);
  return first === 'Etc' || first === 'SystemV' ? OTHER_REGION : first;
}

/** The place of an IANA id: its last segment, readable ("America/Argentina/Buenos_Aires" → "Buenos Aires"). */
export const zoneCity = (id: string): string => readable(id.slice(id.lastIndexOf('/') + 1));

/** "UTC+01:00", "UTC-03:30", "UTC+00:00". */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** A name Intl made up from the offset ("GMT+03:00", "GMT") rather than a real one. */
const isOffsetName = (name: string): boolean => /^(GMT|UTC)([+-−]\d|$)/.test(name);

const nameFormatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(id: string, style: 'longGeneric' | 'long', instant: Date): Intl.DateTimeFormatPart[] {
  const key = `${style}:${id}`;
  let found = nameFormatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: id,
      timeZoneName: style,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    nameFormatters.set(key, found);
  }
  return found.formatToParts(instant);
}

/**
 * A zone at an instant: its readable name (the generic one, "Central European Time", else the specific one, else
 * "Coordinated Universal Time" for UTC, else the offset), its offset and its wall-clock time. Null for an id the
 * browser does not know.
 */
export function describeZone(id: string, instant: Date): ZoneEntry | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = partsOf(id, 'longGeneric', instant);
  } catch {
    return null;
  }
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const hour = get('hour') % 24;
  const minute = get('minute');
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), hour, minute);
  const offsetMinutes = Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
  let name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  if (!name || isOffsetName(name)) {
    const specific = partsOf(id, 'long', instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
    name = specific && !isOffsetName(specific) ? specific : formatOffset(offsetMinutes);
  }
  const city = zoneCity(id);
  const time = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  return {
    id,
    region: zoneRegion(id),
    city,
    name,
    label: name === city ? name : `${name} — ${city}`,
    offsetMinutes,
    offset: formatOffset(offsetMinutes),
    time,
  };
}

/** Every zone described at the instant (unknown ids are left out). */
export const describeZones = (ids: readonly string[], instant: Date): ZoneEntry[] =>
  ids.map((id) => describeZone(id, instant)).filter((entry): entry is ZoneEntry => entry !== null);

const regionRank = (region: string): number => {
  if (region === OTHER_REGION) return REGION_ORDER.length + 1;
  const index = (REGION_ORDER as readonly string[]).indexOf(region);
  return index < 0 ? REGION_ORDER.length : index;
};

/**
 * The list's groups: the detected zone alone first (when it is among the entries), then the regions in
 * REGION_ORDER, each sorted by offset then place. The detected zone is not repeated in its region.
 */
export function groupZones(entries: readonly ZoneEntry[], detected?: string): ZoneGroup[] {
  const byRegion = new Map<string, ZoneEntry[]>();
  let mine: ZoneEntry | undefined;
  for (const entry of entries) {
    if (entry.id === detected) {
      mine = entry;
      continue;
    }
    const list = byRegion.get(entry.region) ?? [];
    list.push(entry);
    byRegion.set(entry.region, list);
  }
  const groups = [...byRegion.entries()]
    .sort(([a], [b]) => regionRank(a) - regionRank(b) || a.localeCompare(b))
    .map(([region, zones]) => ({
      region,
      zones: zones.sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.city.localeCompare(b.city)),
    }));
  return mine ? [{ region: DETECTED_GROUP, zones: [mine] }, ...groups] : groups;
}

/** Lower case, no accents, underscores and slashes as spaces, the minus sign as a hyphen. */
export const normalizeSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_/]/g, ' ')
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** Everything a search can match: the label, the IANA id, the region and the offset ("utc+1", "gmt+01:00"). */
function haystackOf(entry: ZoneEntry): string {
  const hours = Math.trunc(Math.abs(entry.offsetMinutes) / 60);
  const rest = Math.abs(entry.offsetMinutes) % 60;
  const sign = entry.offsetMinutes < 0 ? '-' : '+';
  const short = `${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
  return normalizeSearch(
    [
      entry.label,
      entry.id,
      entry.region,
      entry.offset,
      `utc${short}`,
      `gmt${short}`,
      entry.offset.replace('UTC', 'GMT'),
    ].join(' | '),
  );
}

/** The entries whose text holds every word of the query (all of them for an empty query), in their order. */
export function searchZones(entries: readonly ZoneEntry[], query: string): ZoneEntry[] {
  const words = normalizeSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = haystackOf(entry);
    return words.every((word) => haystack.includes(word));
  });
}

/** The ids the browser knows, with UTC (which Intl leaves out) and the given zones added when missing. */
export function zoneIds(...extra: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...extra.filter(Boolean)])];
}
