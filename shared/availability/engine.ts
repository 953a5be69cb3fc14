/**
 * The availability engine: which times a guest may book with a host. PURE: no I/O, no clock (`now` is an input),
 * no environment; the same input always gives the same answer.
 *
 * One pipeline serves all three entry points, so the month view, the day view and the write-time check can never
 * disagree:
 * 1. validate and normalize the input once (busy intervals sorted and merged, booking starts counted per host day);
 * 2. lay out the candidate grid of each host day in the event's zone: from the start of each working range, step by
 *    the duration in WALL-CLOCK time (09:00, 09:30 … stays 09:00, 09:30 on DST days); a wall time that does not
 *    exist (spring-forward gap) is skipped, an ambiguous one (fall-back overlap) is taken once, at its first
 *    occurrence; the whole slot, `duration` minutes of real time, must end by the range's end;
 * 3. drop candidates by timing (past, minimum notice, advance window) and capacity (daily limit; the NEW slot
 *    widened by its own buffers, `[start − bufferBefore, end + bufferAfter)`, must not overlap a busy interval;
 *    intervals are half-open, so touching is not overlapping);
 * 4. file each survivor under the date of its start in the guest's zone.
 *
 * Decisions where the specification is silent:
 * - Busy intervals are taken as given: the caller has already widened each existing booking by that booking's own
 *   buffers. Intervals with end ≤ start are ignored.
 * - The daily limit counts `bookingStarts` (starts of the bookings the caller says count, normally the host's
 *   confirmed and pending ones) per host date in the event's zone; a host day with ≥ maxBookingsPerDay of them
 *   offers nothing. null/undefined means no limit; 0 closes every day.
 * - Minimum notice: a slot needs start ≥ now + notice; 'days' are 24-hour periods, not calendar days.
 * - Advance window: a slot's start must fall on a host date ≤ (host date of `now`) + advanceBookingDays; with 60
 *   and today 2026-03-02 the last bookable host date is 2026-05-01.
 * - An end time of '00:00' or '24:00' means midnight at the end of the day ('00:00'–'00:00' is the whole day); any
 *   other end ≤ start gives an empty range (no overnight ranges). A range boundary that falls in a spring-forward
 *   gap is the moment the gap ends; an ambiguous one is its first occurrence.
 * - Several active ranges of one weekday each get their own grid; a start listed by two ranges appears once.
 * - Overrides of one date: any `available: false` blocks the host day; otherwise the available ones with both
 *   times replace the weekday's hours (several make several ranges); available with a blank end (or a blank
 *   start) means the weekday's regular hours.
 * - Slot times are ISO 8601 with the guest zone's offset at that instant (end may differ from start across DST),
 *   '+00:00' rather than 'Z' for UTC, so the page can show them without further conversion.
 */

import { echo, InvalidAvailabilityInput, InvalidTimeZone } from '#shared/availability/errors';
import {
  boundaryInstantOfWall,
  buildZoneTimeline,
  dayAt,
  dayOf,
  firstInstantOfWall,
  formatDay,
  formatInstantInZone,
  isValidTimeZone,
  offsetFromIntl,
  parseDay,
  parseTimeOfDay,
  wallOf,
  weekdayOf,
  type ZoneTimeline,
} from '#shared/availability/wall-clock';
import { DAY_MS, HOUR_MS, MINUTE_MS, MINUTES_PER_DAY } from '#shared/time';

export { isValidTimeZone } from '#shared/availability/wall-clock';
export { AvailabilityInputError, InvalidAvailabilityInput, InvalidTimeZone } from '#shared/availability/errors';

// ---------------------------------------------------------------------------------------------------------------
// Public types

/** A moment: a Date or epoch milliseconds. */
export type Instant = Date | number;
export type NoticeUnit = 'minutes' | 'hours' | 'days';

/** A working-hours range: times are 'HH:MM' wall clock in the event's zone. */
export interface AvailabilityRange {
  dayOfWeek: number;
  active: boolean;
  startTime: string;
  endTime: string;
}

/** The fields of an event type the engine reads (an Event entity fits as it is). */
export interface EventAvailabilityRules {
  duration: number;
  timeZone: string;
  availabilityRanges: readonly AvailabilityRange[];
  bufferBefore: number;
  bufferAfter: number;
  minimumNoticeAmount: number;
  minimumNoticeUnit: NoticeUnit;
  advanceBookingDays: number;
  maxBookingsPerDay?: number | null;
}

/** A date override: `date` is 'yyyy-MM-dd' in the host's (event's) zone. */
export interface DateOverride {
  date: string;
  available: boolean;
  startTime?: string | null;
  endTime?: string | null;
}

/** A time the host cannot take, half-open [start, end). */
export interface BusyInterval {
  start: Instant;
  end: Instant;
}

export interface AvailabilityInput {
  event: EventAvailabilityRules;
  overrides: readonly DateOverride[];
  /** Existing bookings (already widened by their own buffers) and calendar busy times. */
  busy: readonly BusyInterval[];
  /** Starts of the host's bookings that count toward maxBookingsPerDay; counted per host date here. */
  bookingStarts: readonly Instant[];
  now: Instant;
}

/** A time slot, as GET /api/time-slots answers it (getTimeSlots in docs/api.md). */
export interface TimeSlot {
  start: string;
  end: string;
  /** Always true in the booking listings; false only for slots listed with `includeUnavailable` (/hourly-debug). */
  available: boolean;
}

/** A day of GET /api/available-dates's answer (getAvailableDates in docs/api.md). */
export interface AvailableDate {
  date: string;
  hasTimeSlots: boolean;
}

export type UnbookableReason =
  | 'wrong-duration'
  | 'in-past'
  | 'inside-notice'
  | 'beyond-window'
  | 'blocked-date'
  | 'outside-hours'
  | 'off-grid'
  | 'daily-limit'
  | 'overlaps-busy';

export type Bookability = { bookable: true } | { bookable: false; reason: UnbookableReason };

// ---------------------------------------------------------------------------------------------------------------
// Public entry points

/** The bookable slots whose start falls on `date` ('yyyy-MM-dd') in the guest's zone, sorted by start. */
export function timeSlotsForDate(
  input: AvailabilityInput,
  query: { date: string; guestTimeZone: string; includeUnavailable?: boolean },
): TimeSlot[] {
  const schedule = normalizeInput(input);
  const guestZone = requireTimeZone(query.guestTimeZone);
  const day = requireDay(query.date, 'date');
  const { slots, guest } = bookableSlotsOnGuestDays(schedule, guestZone, day, day, query.includeUnavailable === true);
  return slots.map((slot) => ({
    start: formatInstantInZone(guest, slot.start),
    end: formatInstantInZone(guest, slot.end),
    available: slot.available,
  }));
}

/** Every date of the month (in the guest's zone) and whether it has a slot, from one pass over the month's slots. */
export function availableDatesForMonth(
  input: AvailabilityInput,
  query: { year: number; month: number; guestTimeZone: string },
): AvailableDate[] {
  const schedule = normalizeInput(input);
  const guestZone = requireTimeZone(query.guestTimeZone);
  const year = requireInteger(query.year, 'year', 1900, 9999);
  const month = requireInteger(query.month, 'month', 1, 12);
  const firstDay = dayOf(year, month, 1);
  const lastDay = dayOf(year, month + 1, 1) - 1;
  const { slots } = bookableSlotsOnGuestDays(schedule, guestZone, firstDay, lastDay);
  const daysWithSlots = new Set(slots.map((slot) => slot.guestDay));
  const dates: AvailableDate[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    dates.push({ date: formatDay(day), hasTimeSlots: daysWithSlots.has(day) });
  }
  return dates;
}

/**
 * Re-checks one requested slot against the same rules as the listings, for the booking write. Reasons are checked
 * in this order: wrong-duration, in-past, inside-notice, beyond-window, blocked-date, outside-hours, off-grid,
 * daily-limit, overlaps-busy. (The guest's zone plays no part: it only changes how a slot is displayed.)
 */
export function isBookableSlot(input: AvailabilityInput, slot: { start: Instant; end: Instant }): Bookability {
  const schedule = normalizeInput(input);
  const start = toEpoch(slot.start, 'slot.start');
  const end = toEpoch(slot.end, 'slot.end');
  if (end - start !== schedule.durationMs) return refused('wrong-duration');
  const hostDay = Math.floor((start + offsetFromIntl(schedule.hostZone, start)) / DAY_MS);
  const pass = openPass(schedule, hostDay, hostDay);
  const reason =
    timingViolation(pass, start, hostDay) ??
    placementViolation(pass, start, end, hostDay) ??
    capacityViolation(pass, { start, end, hostDay });
  return reason === null ? { bookable: true } : refused(reason);
}

function refused(reason: UnbookableReason): Bookability {
  return { bookable: false, reason };
}

/**
 * A team event (issue 28): the event's rules apply to every member, each with their own busy time and booking starts.
 * A slot is offered when every `required` member is free and, if there is a pool, at least one `pool` member is
 * (collective: all required, no pool; round-robin: the fixed hosts required, the others the pool). The grid and the
 * timing rules are laid out once for all members; only capacity (daily limit, busy) is checked per member.
 */
export interface TeamAvailabilityInput {
  event: EventAvailabilityRules;
  overrides: readonly DateOverride[];
  now: Instant;
  members: readonly { busy: readonly BusyInterval[]; bookingStarts: readonly Instant[]; role: 'required' | 'pool' }[];
}

/** timeSlotsForDate for a team event: the slots when the team can be booked. */
export function teamTimeSlotsForDate(
  input: TeamAvailabilityInput,
  query: { date: string; guestTimeZone: string; includeUnavailable?: boolean },
): TimeSlot[] {
  const team = normalizeTeam(input);
  const guestZone = requireTimeZone(query.guestTimeZone);
  const day = requireDay(query.date, 'date');
  const { slots, guest } = bookableSlotsOnGuestDays(
    team.schedule,
    guestZone,
    day,
    day,
    query.includeUnavailable === true,
    team.capacityFree,
  );
  return slots.map((slot) => ({
    start: formatInstantInZone(guest, slot.start),
    end: formatInstantInZone(guest, slot.end),
    available: slot.available,
  }));
}

/** availableDatesForMonth for a team event. */
export function teamAvailableDatesForMonth(
  input: TeamAvailabilityInput,
  query: { year: number; month: number; guestTimeZone: string },
): AvailableDate[] {
  const team = normalizeTeam(input);
  const guestZone = requireTimeZone(query.guestTimeZone);
  const year = requireInteger(query.year, 'year', 1900, 9999);
  const month = requireInteger(query.month, 'month', 1, 12);
  const firstDay = dayOf(year, month, 1);
  const lastDay = dayOf(year, month + 1, 1) - 1;
  const { slots } = bookableSlotsOnGuestDays(team.schedule, guestZone, firstDay, lastDay, false, team.capacityFree);
  const daysWithSlots = new Set(slots.map((slot) => slot.guestDay));
  const dates: AvailableDate[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    dates.push({ date: formatDay(day), hasTimeSlots: daysWithSlots.has(day) });
  }
  return dates;
}

/** The shared schedule (no busy time) and the per-member capacity test over a pass of it. */
function normalizeTeam(input: TeamAvailabilityInput): {
  schedule: Schedule;
  capacityFree: (pass: Pass, candidate: Candidate) => boolean;
} {
  const schedule = normalizeInput({
    event: input.event,
    overrides: input.overrides,
    now: input.now,
    busy: [],
    bookingStarts: [],
  });
  const members = input.members.map((member, index) => ({
    role: member.role,
    schedule: {
      ...schedule,
      busy: mergeBusy(member.busy),
      bookingStarts: member.bookingStarts.map((start, at) => toEpoch(start, `members[${index}].bookingStarts[${at}]`)),
    } satisfies Schedule,
  }));
  const hasPool = members.some((member) => member.role === 'pool');
  // Per pass (one per call), each member's daily counts on the pass's timeline, computed once.
  let passes: { pass: Pass; members: { role: 'required' | 'pool'; pass: Pass }[] } | null = null;
  const capacityFree = (pass: Pass, candidate: Candidate) => {
    if (passes?.pass !== pass) {
      passes = {
        pass,
        members: members.map((member) => ({
          role: member.role,
          pass: {
            ...pass,
            schedule: member.schedule,
            bookingsPerDay:
              member.schedule.maxBookingsPerDay === null ? new Map() : countBookingsPerDay(member.schedule, pass.host),
          },
        })),
      };
    }
    let poolFree = !hasPool;
    for (const member of passes.members) {
      const free = capacityViolation(member.pass, candidate) === null;
      if (member.role === 'required' && !free) return false;
      if (member.role === 'pool' && free) poolFree = true;
    }
    return poolFree;
  };
  return { schedule, capacityFree };
}

// ---------------------------------------------------------------------------------------------------------------
// Normalized input

/** A working range in minutes since the host day's midnight; endMinute 1440 is the next midnight. */
interface WorkingRange {
  readonly startMinute: number;
  readonly endMinute: number;
}

type DayHours = { readonly blocked: true } | { readonly blocked: false; readonly ranges: readonly WorkingRange[] };

/** Busy intervals sorted and merged into disjoint ones, so one binary search answers "does this overlap any?". */
interface MergedIntervals {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

interface Schedule {
  readonly hostZone: string;
  readonly durationMinutes: number;
  readonly durationMs: number;
  readonly bufferBeforeMs: number;
  readonly bufferAfterMs: number;
  readonly noticeMs: number;
  readonly advanceBookingDays: number;
  readonly maxBookingsPerDay: number | null;
  /** Index = dayOfWeek (0 = Sunday): that weekday's active ranges. */
  readonly weeklyRanges: readonly (readonly WorkingRange[])[];
  /** Host day number → hours replacing the weekday's; days without an entry keep regular hours. */
  readonly overrideHours: ReadonlyMap<number, DayHours>;
  readonly busy: MergedIntervals;
  readonly bookingStarts: readonly number[];
  readonly now: number;
}

const NOTICE_UNIT_MS: Readonly<Record<NoticeUnit, number>> = { minutes: MINUTE_MS, hours: HOUR_MS, days: DAY_MS };

/** Validates everything the engine relies on and puts it in the shape the passes use. */
function normalizeInput(input: AvailabilityInput): Schedule {
  const { event } = input;
  const durationMinutes = requireInteger(event.duration, 'event.duration', 1, MINUTES_PER_DAY);
  return {
    hostZone: requireTimeZone(event.timeZone),
    durationMinutes,
    durationMs: durationMinutes * MINUTE_MS,
    bufferBeforeMs: requireInteger(event.bufferBefore, 'event.bufferBefore', 0, MINUTES_PER_DAY) * MINUTE_MS,
    bufferAfterMs: requireInteger(event.bufferAfter, 'event.bufferAfter', 0, MINUTES_PER_DAY) * MINUTE_MS,
    noticeMs: noticeMs(event.minimumNoticeAmount, event.minimumNoticeUnit),
    advanceBookingDays: requireInteger(
      event.advanceBookingDays,
      'event.advanceBookingDays',
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    maxBookingsPerDay:
      event.maxBookingsPerDay === null || event.maxBookingsPerDay === undefined
        ? null
        : requireInteger(event.maxBookingsPerDay, 'event.maxBookingsPerDay', 0, Number.MAX_SAFE_INTEGER),
    weeklyRanges: weeklyRangesOf(event.availabilityRanges),
    overrideHours: overrideHoursByDay(input.overrides),
    busy: mergeBusy(input.busy),
    bookingStarts: input.bookingStarts.map((start, index) => toEpoch(start, `bookingStarts[${index}]`)),
    now: toEpoch(input.now, 'now'),
  };
}

function noticeMs(amount: number, unit: NoticeUnit): number {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    throw new InvalidAvailabilityInput(
      'event.minimumNoticeAmount',
      `Invalid event.minimumNoticeAmount: ${echo(amount)}`,
    );
  }
  const unitMs = Object.hasOwn(NOTICE_UNIT_MS, unit) ? NOTICE_UNIT_MS[unit] : undefined;
  if (unitMs === undefined) {
    throw new InvalidAvailabilityInput('event.minimumNoticeUnit', `Invalid event.minimumNoticeUnit: ${echo(unit)}`);
  }
  return amount * unitMs;
}

/** Active ranges grouped by weekday; inactive ones are still validated so bad data is noticed, not silently kept. */
function weeklyRangesOf(ranges: readonly AvailabilityRange[]): WorkingRange[][] {
  const byWeekday: WorkingRange[][] = [[], [], [], [], [], [], []];
  ranges.forEach((range, index) => {
    const field = `event.availabilityRanges[${index}]`;
    const weekday = requireInteger(range.dayOfWeek, `${field}.dayOfWeek`, 0, 6);
    const hours = workingRangeOf(range.startTime, range.endTime, field);
    if (range.active) byWeekday[weekday]!.push(hours);
  });
  return byWeekday;
}

/** 'HH:MM'–'HH:MM' as minutes; an end of '00:00' or '24:00' is the next midnight. */
function workingRangeOf(startTime: string, endTime: string, field: string): WorkingRange {
  const startMinute = parseTimeOfDay(startTime);
  if (startMinute === null)
    throw new InvalidAvailabilityInput(`${field}.startTime`, `Invalid time: ${echo(startTime)}`);
  const endMinute = endTime === '24:00' ? MINUTES_PER_DAY : parseTimeOfDay(endTime);
  if (endMinute === null) throw new InvalidAvailabilityInput(`${field}.endTime`, `Invalid time: ${echo(endTime)}`);
  return { startMinute, endMinute: endMinute === 0 ? MINUTES_PER_DAY : endMinute };
}

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** Overrides folded per host day: blocked wins; else explicit hours replace the weekday's; else regular hours. */
function overrideHoursByDay(overrides: readonly DateOverride[]): Map<number, DayHours> {
  const blockedDays = new Set<number>();
  const explicitRanges = new Map<number, WorkingRange[]>();
  overrides.forEach((override, index) => {
    const field = `overrides[${index}]`;
    const day = requireDay(override.date, `${field}.date`);
    if (!override.available) blockedDays.add(day);
    else if (!isBlank(override.startTime) && !isBlank(override.endTime)) {
      const range = workingRangeOf(override.startTime!, override.endTime!, field);
      explicitRanges.set(day, [...(explicitRanges.get(day) ?? []), range]);
    }
  });
  const hours = new Map<number, DayHours>();
  for (const [day, ranges] of explicitRanges) hours.set(day, { blocked: false, ranges });
  for (const day of blockedDays) hours.set(day, { blocked: true });
  return hours;
}

/** Sorted, merged busy intervals; touching ones merge too, which gives the same answers for half-open overlap. */
function mergeBusy(busy: readonly BusyInterval[]): MergedIntervals {
  const intervals = busy
    .map((interval, index) => [
      toEpoch(interval.start, `busy[${index}].start`),
      toEpoch(interval.end, `busy[${index}].end`),
    ])
    .filter(([start, end]) => end! > start!)
    .sort((a, b) => a[0]! - b[0]!);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [start, end] of intervals) {
    const last = ends.length - 1;
    if (last >= 0 && start! <= ends[last]!) ends[last] = Math.max(ends[last]!, end!);
    else {
      starts.push(start!);
      ends.push(end!);
    }
  }
  return { starts, ends };
}

// ---------------------------------------------------------------------------------------------------------------
// Validation helpers

function requireTimeZone(zone: string): string {
  if (!isValidTimeZone(zone)) throw new InvalidTimeZone(zone);
  return zone;
}

function requireDay(text: string, field: string): number {
  const day = parseDay(text);
  if (day === null) throw new InvalidAvailabilityInput(field, `Invalid date: ${echo(text)} (expected yyyy-MM-dd)`);
  return day;
}

function requireInteger(value: number, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`;
    throw new InvalidAvailabilityInput(field, `Invalid ${field}: ${echo(value)} (expected ${range})`);
  }
  return value;
}

/** Epoch ms of a Date or number; NaN, Infinity and invalid Dates are refused rather than silently matching nothing. */
function toEpoch(value: Instant, field: string): number {
  const epoch = value instanceof Date ? value.getTime() : value;
  if (typeof epoch !== 'number' || !Number.isFinite(epoch)) {
    throw new InvalidAvailabilityInput(field, `Invalid instant for ${field}: ${echo(value)}`);
  }
  return epoch;
}

// ---------------------------------------------------------------------------------------------------------------
// A pass over a span of host days

/** UTC offsets run from −12 to +14 hours, so one guest date meets host dates at most 2 days either side. */
const MAX_DAY_SHIFT = 2;

interface Pass {
  readonly schedule: Schedule;
  /** The event zone's offsets, covering every instant of the pass's host days with a day to spare. */
  readonly host: ZoneTimeline;
  /** Host date of `now`: the advance window counts from it. */
  readonly hostToday: number;
  /** Host day → bookings counted toward the daily limit (only filled when there is a limit). */
  readonly bookingsPerDay: ReadonlyMap<number, number>;
}

/** Everything per-day checks need for host days [firstDay, lastDay], computed once. */
function openPass(schedule: Schedule, firstDay: number, lastDay: number): Pass {
  const host = buildZoneTimeline(schedule.hostZone, (firstDay - 1) * DAY_MS, (lastDay + 2) * DAY_MS);
  return {
    schedule,
    host,
    hostToday: dayAt(host, schedule.now),
    bookingsPerDay: schedule.maxBookingsPerDay === null ? new Map() : countBookingsPerDay(schedule, host),
  };
}

/** Booking starts per host date, for the instants the timeline covers (others are on days outside the pass). */
function countBookingsPerDay(schedule: Schedule, host: ZoneTimeline): Map<number, number> {
  const counts = new Map<number, number>();
  for (const start of schedule.bookingStarts) {
    if (start < host.from || start > host.to) continue;
    const day = dayAt(host, start);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly hostDay: number;
}

/** The host's hours on a day: an override if one applies, else the weekday's active ranges. */
function hoursOn(schedule: Schedule, day: number): DayHours {
  return schedule.overrideHours.get(day) ?? { blocked: false, ranges: schedule.weeklyRanges[weekdayOf(day)] ?? [] };
}

/** The wall-clock grid of one host day as instants, per the rules in this file's header (no timing/capacity yet). */
function gridOfHostDay(pass: Pass, day: number): Candidate[] {
  const hours = hoursOn(pass.schedule, day);
  if (hours.blocked) return [];
  const { durationMinutes, durationMs } = pass.schedule;
  const candidates: Candidate[] = [];
  for (const range of hours.ranges) {
    const rangeEnd = boundaryInstantOfWall(pass.host, wallOf(day, range.endMinute));
    for (let minute = range.startMinute; minute < range.endMinute; minute += durationMinutes) {
      const start = firstInstantOfWall(pass.host, wallOf(day, minute));
      if (start === null) continue; // skipped by a spring-forward gap
      const end = start + durationMs;
      if (end > rangeEnd) break; // later wall starts only end later
      candidates.push({ start, end, hostDay: day });
    }
  }
  return candidates;
}

/** Past, notice and window: the rules that depend only on when the slot is. */
function timingViolation(pass: Pass, start: number, hostDay: number): UnbookableReason | null {
  const { now, noticeMs, advanceBookingDays } = pass.schedule;
  if (start < now) return 'in-past';
  if (start < now + noticeMs) return 'inside-notice';
  if (hostDay > pass.hostToday + advanceBookingDays) return 'beyond-window';
  return null;
}

/** Whether the host can take one more booking then: the daily limit, then the busy list. */
function capacityViolation(pass: Pass, candidate: Candidate): UnbookableReason | null {
  const { maxBookingsPerDay, bufferBeforeMs, bufferAfterMs, busy } = pass.schedule;
  if (maxBookingsPerDay !== null && (pass.bookingsPerDay.get(candidate.hostDay) ?? 0) >= maxBookingsPerDay) {
    return 'daily-limit';
  }
  if (overlapsAny(busy, candidate.start - bufferBeforeMs, candidate.end + bufferAfterMs)) return 'overlaps-busy';
  return null;
}

/** Half-open overlap with the merged list: find the first interval ending after `from`; it overlaps iff it starts before `to`. */
function overlapsAny(busy: MergedIntervals, from: number, to: number): boolean {
  let low = 0;
  let high = busy.ends.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (busy.ends[middle]! <= from) low = middle + 1;
    else high = middle;
  }
  return low < busy.starts.length && busy.starts[low]! < to;
}

/** For the write-time check only: whether a requested slot sits on the grid of its host day, and if not, why. */
function placementViolation(pass: Pass, start: number, end: number, hostDay: number): UnbookableReason | null {
  const hours = hoursOn(pass.schedule, hostDay);
  if (hours.blocked) return 'blocked-date';
  if (gridOfHostDay(pass, hostDay).some((candidate) => candidate.start === start)) return null;
  const insideHours = hours.ranges.some(
    (range) =>
      start >= boundaryInstantOfWall(pass.host, wallOf(hostDay, range.startMinute)) &&
      end <= boundaryInstantOfWall(pass.host, wallOf(hostDay, range.endMinute)),
  );
  return insideHours ? 'off-grid' : 'outside-hours';
}

interface GuestSlot {
  readonly start: number;
  readonly end: number;
  /** The date of the start in the guest's zone. */
  readonly guestDay: number;
  /** False only for the grid's slots a rule drops, listed on request (the /hourly-debug view). */
  readonly available: boolean;
}

/**
 * Bookable slots starting on guest dates [firstDay, lastDay], sorted by start: ONE pass over the covering host days
 * (days before host-today or beyond the window are skipped whole, which the per-slot rules would refuse anyway).
 */
function bookableSlotsOnGuestDays(
  schedule: Schedule,
  guestZone: string,
  firstDay: number,
  lastDay: number,
  includeUnavailable = false,
  capacityFree: (pass: Pass, candidate: Candidate) => boolean = (pass, candidate) =>
    capacityViolation(pass, candidate) === null,
): { slots: GuestSlot[]; guest: ZoneTimeline } {
  const pass = openPass(schedule, firstDay - MAX_DAY_SHIFT, lastDay + MAX_DAY_SHIFT);
  const guest =
    guestZone === schedule.hostZone ? pass.host : buildZoneTimeline(guestZone, pass.host.from, pass.host.to);
  // The past and the days beyond the advance window have no bookable slot; listing the unavailable ones too, every
  // day of the span is laid out and those slots come back marked unavailable.
  const fromHostDay = includeUnavailable
    ? firstDay - MAX_DAY_SHIFT
    : Math.max(firstDay - MAX_DAY_SHIFT, pass.hostToday);
  const toHostDay = includeUnavailable
    ? lastDay + MAX_DAY_SHIFT
    : Math.min(lastDay + MAX_DAY_SHIFT, pass.hostToday + schedule.advanceBookingDays);
  const slots: GuestSlot[] = [];
  for (let hostDay = fromHostDay; hostDay <= toHostDay; hostDay += 1) {
    for (const candidate of gridOfHostDay(pass, hostDay)) {
      const available = timingViolation(pass, candidate.start, hostDay) === null && capacityFree(pass, candidate);
      if (!available && !includeUnavailable) continue;
      const guestDay = dayAt(guest, candidate.start);
      if (guestDay >= firstDay && guestDay <= lastDay)
        slots.push({ start: candidate.start, end: candidate.end, guestDay, available });
    }
  }
  return { slots: sortedWithoutRepeats(slots), guest };
}

/** Sorted by start; a start produced by two overlapping ranges is listed once. */
function sortedWithoutRepeats(slots: GuestSlot[]): GuestSlot[] {
  slots.sort((a, b) => a.start - b.start);
  return slots.filter((slot, index) => index === 0 || slot.start !== slots[index - 1]!.start);
}
