/**
 * Wall-clock arithmetic in IANA time zones, fast enough for a month of slots in a few milliseconds.
 *
 * Intl is the only source of truth for offsets, but asking it once per slot is too slow (date-fns-tz's
 * `fromZonedTime` costs ≈ 30 µs, a month has ~600 candidate slots and a 5 ms budget). So Intl is asked only to
 * build a {@link ZoneTimeline}: the zone's UTC offset as a step function over a bounded span of instants, sampled
 * every 12 hours with each change located to the second by bisection. Every conversion after that is arithmetic.
 *
 * Vocabulary:
 * - instant: epoch milliseconds (a real moment);
 * - wall: a local date and time encoded as if it were UTC epoch ms (`Date.UTC(y, m - 1, d, h, min)`), so that
 *   calendar arithmetic on it is integer arithmetic; `instant + offset = wall`;
 * - day: a calendar date as a whole number of days since 1970-01-01 (`Math.floor(wall / DAY_MS)`).
 */

import { DAY_MS, HOUR_MS, MINUTE_MS } from '#shared/time';

// ---------------------------------------------------------------------------------------------------------------
// Zone names

/** Areas of the IANA database; a valid name is `Area/Location`, which keeps out 'PST', 'EST5EDT', 'US/Eastern'. */
const IANA_REGION_NAME =
  /^(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)(?:\/[A-Z][A-Za-z0-9_+-]*)+$/;

let supportedZones: ReadonlySet<string> | undefined;
/** Only names found valid are remembered, so a stream of made-up names cannot grow the cache. */
const knownValidZones = new Set<string>(['UTC']);

/** The zones this runtime lists, read once (the list is fixed for the life of the process). */
function supportedTimeZones(): ReadonlySet<string> {
  supportedZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return supportedZones;
}

/** The runtime's canonical name for a zone, or null if Intl refuses it. */
function canonicalZoneName(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * Whether `zone` is an IANA zone this runtime can compute with: 'UTC', a name `Intl.supportedValuesOf('timeZone')`
 * lists, or an `Area/Location` alias of one of those. The alias rule exists because ICU lists the old canonical
 * names (Node 20 lists 'Asia/Calcutta' but not 'Asia/Kolkata', 'Europe/Kiev' but not 'Europe/Kyiv'). Legacy
 * abbreviations ('PST', 'EST', 'EST5EDT', 'US/Eastern'), which Intl silently accepts, are refused.
 */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== 'string') return false;
  if (knownValidZones.has(zone)) return true;
  const valid = supportedTimeZones().has(zone) || isAliasOfSupportedZone(zone);
  if (valid) knownValidZones.add(zone);
  return valid;
}

/** An `Area/Location` name that Intl resolves to a listed zone or to UTC (e.g. 'Asia/Kolkata', 'Etc/UTC'). */
function isAliasOfSupportedZone(zone: string): boolean {
  if (!IANA_REGION_NAME.test(zone)) return false;
  const canonical = canonicalZoneName(zone);
  return canonical !== null && (canonical === 'UTC' || supportedTimeZones().has(canonical));
}

// ---------------------------------------------------------------------------------------------------------------
// Offsets straight from Intl (the slow path)

/** One formatter per zone: creating one costs far more than using it. Keys are validated zones only. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `format()` (≈3 µs) is used rather than `formatToParts()` (≈9 µs); en-US with h23 reads "MM/DD/YYYY, HH:MM:SS". */
const FORMATTED = /^(\d{2})\/(\d{2})\/(\d+), (\d{2}):(\d{2}):(\d{2})$/;
const FORMATTED_LENGTH = 'MM/DD/YYYY, HH:MM:SS'.length;

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Two ASCII digits at `index` as a number (cheaper than slicing or a regex on this hot path). */
function twoDigits(text: string, index: number): number {
  return (text.charCodeAt(index) - 48) * 10 + text.charCodeAt(index + 1) - 48;
}

/** The wall reading of `instant` (to the second) from Intl's text; odd shapes fall back to a regex, then to parts. */
function wallFromIntl(zone: string, instant: number): number {
  const formatter = formatterFor(zone);
  const text = formatter.format(instant);
  if (text.length === FORMATTED_LENGTH && text[2] === '/' && text[10] === ',') {
    const year = twoDigits(text, 6) * 100 + twoDigits(text, 8);
    return Date.UTC(
      year,
      twoDigits(text, 0) - 1,
      twoDigits(text, 3),
      twoDigits(text, 12),
      twoDigits(text, 15),
      twoDigits(text, 18),
    );
  }
  const match = FORMATTED.exec(text);
  if (match !== null) {
    const [, month, day, year, hour, minute, second] = match.map(Number) as number[];
    return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** The zone's UTC offset in ms at `instant`, asked of Intl directly (slow path; prefer {@link offsetAt}). */
export function offsetFromIntl(zone: string, instant: number): number {
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return wallFromIntl(zone, wholeSecond) - wholeSecond;
}

// ---------------------------------------------------------------------------------------------------------------
// Zone timeline: the offset as a step function over a span

/** The zone's offset is sampled this often; two transitions closer than this that cancel out would be missed (none exist). */
const SAMPLE_EVERY_MS = 12 * HOUR_MS;

export interface ZoneTimeline {
  readonly zone: string;
  /** The span the timeline knows; outside it {@link offsetAt} asks Intl. */
  readonly from: number;
  readonly to: number;
  /** `offsets[i]` holds from `starts[i]` (inclusive) until `starts[i + 1]`; `starts[0] === from`. */
  readonly starts: readonly number[];
  readonly offsets: readonly number[];
  /** The offsets that occur, for turning a wall back into instants. */
  readonly distinctOffsets: readonly number[];
}

/** The zone's offsets over [from, to], from two Intl calls a day plus ~16 per transition. */
export function buildZoneTimeline(zone: string, from: number, to: number): ZoneTimeline {
  const start = Math.floor(from / MINUTE_MS) * MINUTE_MS;
  const end = Math.max(start, Math.ceil(to / MINUTE_MS) * MINUTE_MS);
  const starts = [start];
  const offsets = [offsetFromIntl(zone, start)];
  let sampledAt = start;
  let current = offsets[0]!;
  while (sampledAt < end) {
    const next = Math.min(sampledAt + SAMPLE_EVERY_MS, end);
    const sampled = offsetFromIntl(zone, next);
    // Walk every change between the two samples (normally none, at most one).
    let changeSearchFrom = sampledAt;
    while (current !== sampled) {
      const change = firstChangeAfter(zone, changeSearchFrom, next, current);
      starts.push(change.at);
      offsets.push(change.offset);
      current = change.offset;
      changeSearchFrom = change.at;
    }
    sampledAt = next;
  }
  return { zone, from: start, to: end, starts, offsets, distinctOffsets: [...new Set(offsets)] };
}

/**
 * The first whole second in (after, before] whose offset differs from `offset`. Bisects by minutes first (every
 * transition since the 1970s falls on a whole minute), then by seconds only if the minute found is not exact.
 */
function firstChangeAfter(zone: string, after: number, before: number, offset: number): { at: number; offset: number } {
  if (after % MINUTE_MS !== 0) return bisect(zone, Math.floor(after / 1000), Math.ceil(before / 1000), 1000, offset);
  const minute = bisect(zone, after / MINUTE_MS, Math.ceil(before / MINUTE_MS), MINUTE_MS, offset);
  if (offsetFromIntl(zone, minute.at - 1000) === offset) return minute;
  return bisect(zone, minute.at / 1000 - 60, minute.at / 1000, 1000, offset);
}

/** Bisection over whole `unit`s in (low, high]: `offset` holds at `low`, not at `high`; answers the first unit where it no longer holds. */
function bisect(zone: string, low: number, high: number, unit: number, offset: number): { at: number; offset: number } {
  let highOffset = offsetFromIntl(zone, high * unit);
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    const middleOffset = offsetFromIntl(zone, middle * unit);
    if (middleOffset === offset) low = middle;
    else [high, highOffset] = [middle, middleOffset];
  }
  return { at: high * unit, offset: highOffset };
}

/** The zone's offset in ms at `instant`: a lookup inside the span, Intl outside it (always right, only slower). */
export function offsetAt(timeline: ZoneTimeline, instant: number): number {
  if (instant < timeline.from || instant > timeline.to) return offsetFromIntl(timeline.zone, instant);
  const { starts, offsets } = timeline;
  let index = starts.length - 1;
  while (index > 0 && starts[index]! > instant) index -= 1;
  return offsets[index]!;
}

/** The wall clock reading at `instant`. */
export function wallAt(timeline: ZoneTimeline, instant: number): number {
  return instant + offsetAt(timeline, instant);
}

/** The calendar day (days since 1970-01-01) in the zone at `instant`. */
export function dayAt(timeline: ZoneTimeline, instant: number): number {
  return Math.floor(wallAt(timeline, instant) / DAY_MS);
}

/** Every instant whose wall clock reads `wall`, earliest first: none in a spring-forward gap, two in a fall-back overlap. */
export function instantsOfWall(timeline: ZoneTimeline, wall: number): number[] {
  const instants: number[] = [];
  for (const offset of timeline.distinctOffsets) {
    const instant = wall - offset;
    if (offsetAt(timeline, instant) === offset && !instants.includes(instant)) instants.push(instant);
  }
  return instants.sort((a, b) => a - b);
}

/** The first instant reading `wall`, or null when that wall time does not exist (the round-trip check). */
export function firstInstantOfWall(timeline: ZoneTimeline, wall: number): number | null {
  return instantsOfWall(timeline, wall)[0] ?? null;
}

/**
 * The instant a wall-clock boundary (a working range's start or end) happens: its first occurrence, or, for a wall
 * time skipped by a spring-forward gap, the moment the gap ends (the earliest instant the clock has passed it).
 */
export function boundaryInstantOfWall(timeline: ZoneTimeline, wall: number): number {
  const first = firstInstantOfWall(timeline, wall);
  if (first !== null) return first;
  const { starts, offsets } = timeline;
  for (let index = 1; index < starts.length; index += 1) {
    const transition = starts[index]!;
    if (transition + offsets[index - 1]! <= wall && wall < transition + offsets[index]!) return transition;
  }
  return wall - offsetAt(timeline, wall - offsets[0]!); // not reached for walls inside the span
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar days and times of day

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_TEXT = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The day number of a real calendar date 'yyyy-MM-dd', or null ('2026-02-30', '2026-3-8' and '20260308' are not). */
export function parseDay(text: string): number | null {
  const match = typeof text === 'string' ? DATE_TEXT.exec(text) : null;
  if (match === null) return null;
  const [, year, month, day] = match.map(Number) as number[];
  const wall = Date.UTC(year!, month! - 1, day!);
  const date = new Date(wall);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return null;
  return wall / DAY_MS;
}

/** The day number of year/month/day (month 1–12; day may run past the month's end, as with Date.UTC). */
export function dayOf(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // unlike Date.UTC, does not map years 0–99 to 1900–1999
  return Math.floor(date.getTime() / DAY_MS);
}

/** 'yyyy-MM-dd' of a day number. */
export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday; 1970-01-01 (day 0) was a Thursday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Minutes since midnight of 'HH:MM' (00:00–23:59), or null. */
export function parseTimeOfDay(text: string): number | null {
  const match = typeof text === 'string' ? TIME_TEXT.exec(text) : null;
  return match === null ? null : Number(match[1]) * 60 + Number(match[2]);
}

/** The wall value of a day plus minutes since its midnight (1440 is the next midnight). */
export function wallOf(day: number, minutes: number): number {
  return day * DAY_MS + minutes * MINUTE_MS;
}

/** Two digits. */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** '±HH:MM' of an offset in ms (seconds of historical LMT offsets are dropped; no current zone has them). */
function formatOffset(offset: number): string {
  const minutes = Math.trunc(Math.abs(offset) / MINUTE_MS);
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** ISO 8601 with the zone's offset at that instant, as the page displays it: '2026-03-08T09:00:00-04:00'. */
export function formatInstantInZone(timeline: ZoneTimeline, instant: number): string {
  const offset = offsetAt(timeline, instant);
  const local = new Date(instant + offset).toISOString().slice(0, 19);
  return `${local}${formatOffset(offset)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// One instant in a zone (for callers outside the engine's month loop)

/** The widest UTC offsets in use (UTC−12 … UTC+14), with a margin: a timeline over a day plus these covers it. */
const WIDEST_OFFSET_MS = 15 * HOUR_MS;

/** The zone's calendar date 'yyyy-MM-dd' at `instant`. */
export function dateInZone(zone: string, instant: number): string {
  return formatDay(Math.floor((instant + offsetFromIntl(zone, instant)) / DAY_MS));
}

/** `instant` as ISO 8601 with the zone's offset at that moment, seconds included: '2026-03-08T09:00:00-04:00'. */
export function isoInZone(zone: string, instant: number): string {
  return formatInstantInZone(buildZoneTimeline(zone, instant, instant), instant);
}

/**
 * The zone's calendar day that `instant` falls on, as [start, end) instants: from its midnight to the next one (23 or
 * 25 hours on a clock-change day; a midnight skipped by a spring-forward gap is the moment the gap ends).
 */
export function zoneDayInterval(zone: string, instant: number): { start: number; end: number } {
  return zoneDateInterval(zone, Math.floor((instant + offsetFromIntl(zone, instant)) / DAY_MS));
}

/** The zone's calendar day `day` (a day number, see parseDay) as [start, end) instants, as zoneDayInterval. */
export function zoneDateInterval(zone: string, day: number): { start: number; end: number } {
  const timeline = buildZoneTimeline(zone, day * DAY_MS - WIDEST_OFFSET_MS, (day + 1) * DAY_MS + WIDEST_OFFSET_MS);
  return {
    start: boundaryInstantOfWall(timeline, wallOf(day, 0)),
    end: boundaryInstantOfWall(timeline, wallOf(day + 1, 0)),
  };
}
