import {
  AvailabilityInputError,
  availableDatesForMonth,
  isValidTimeZone,
  teamAvailableDatesForMonth,
  teamTimeSlotsForDate,
  timeSlotsForDate,
  type AvailabilityInput,
  type AvailableDate,
  type BusyInterval,
  type TeamAvailabilityInput,
  type TimeSlot,
} from '#shared/availability/engine';
import { DEFAULT_SETTINGS } from '#shared/constants';
import { DAY_MS } from '#shared/time';
import {
  assertHostPublishes,
  loadBookableEvent,
  resolveEventRef,
  type EventAccessDeps,
} from '#functions/app/common/event-access';
import { readWindowForDates } from '#functions/domain/booking';
import { connectedCalendar } from '#functions/domain/calendar';
import { newEvent } from '#functions/domain/event-defaults';
import { holdsTime } from '#functions/domain/pending';
import type {
  BookingRecord,
  CalendarProviderName,
  DateOverrideRecord,
  EventRecord,
  HostRecord,
} from '#functions/domain/records';
import { splitHosts } from '#functions/domain/team-assignment';
import { CalendarDisconnected, ValidationFailed } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';
import type { CalendarProvider, RecentReads } from '#functions/ports/calendar';
import type { Clock } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';
import type { SettingsRepository } from '#functions/ports/site';

/** What the availability views read: the event, its host's bookings and calendar busy times, recent reads. */
type AvailabilityReadDeps = EventAccessDeps & {
  hosts: HostRepository;
  bookings: BookingLedger;
  calendars: Partial<Record<CalendarProviderName, CalendarProvider>>;
  clock: Clock;
  recentReads: RecentReads;
  settings: SettingsRepository;
};
/** The time slots and available dates use cases: those reads, and the settings for the service's default hours. */
export type AvailabilityDeps = AvailabilityReadDeps & { settings: SettingsRepository };

/** The guest's zone, checked: an unknown name such as PST or Mars/Olympus is a 400 with the name echoed. */
export function guestZone(timezone: string | undefined): string {
  const zone = timezone ?? 'UTC';
  if (!isValidTimeZone(zone))
    throw new ValidationFailed(`Unknown time zone: ${zone}`, [
      { path: 'timezone', message: `Unknown time zone: ${zone}` },
    ]);
  return zone;
}

/**
 * Bookings that keep the host busy at `now`: confirmed ones and requests that have not expired (cancelled ones, and a
 * request past its `pendingExpiresAt`, free their time even before the expiry timer marks it; domain/pending.ts).
 */
export function activeBookings(bookings: readonly BookingRecord[], now: Date): BookingRecord[] {
  return bookings.filter((booking) => holdsTime(booking, now));
}

/** The engine's input: the event's rules, its overrides, the host's busy time and booking starts, and now. */
export function availabilityInput(
  event: EventRecord,
  overrides: readonly DateOverrideRecord[],
  bookings: readonly BookingRecord[],
  calendarBusy: readonly BusyInterval[],
  now: Date,
): AvailabilityInput {
  const active = activeBookings(bookings, now);
  return {
    event,
    overrides,
    busy: [
      ...active.map((b) => ({ start: Date.parse(b.blockedStart), end: Date.parse(b.blockedEnd) })),
      ...calendarBusy,
    ],
    bookingStarts: active.map((b) => Date.parse(b.start)),
    now,
  };
}

/**
 * Busy times from the host's connected calendar beyond their bookings: none without a calendar, or when the
 * calendar has just refused the host's access (they are then not connected, and bookings say so). A calendar that
 * cannot be reached fails the whole answer (503): offering times that may be taken would be worse.
 */
async function calendarBusy(deps: AvailabilityReadDeps, host: HostRecord | null, fromDay: string, toDay: string) {
  const provider = connectedCalendar(deps.calendars, host);
  if (!host || !provider) return [];
  try {
    return await provider.busyTimes(
      host,
      Date.parse(`${fromDay}T00:00:00Z`),
      Date.parse(`${toDay}T00:00:00Z`) + DAY_MS,
    );
  } catch (error) {
    if (error instanceof CalendarDisconnected) return [];
    throw error;
  }
}

/** One member of a team event as the engine sees them: their bookings (holds included) and calendar busy times. */
export interface TeamMemberBusy {
  hostId: string;
  role: 'required' | 'pool';
  /** Null when the member cannot be booked at all (gone, or no connected calendar). */
  bookings: BookingRecord[] | null;
  busy: BusyInterval[];
}

/**
 * A team event's engine input (issue 28): the event's rules for every member, each member's busy time. A member who
 * cannot be booked (no account, no connected calendar) is busy all the time.
 */
export function teamAvailabilityInput(
  event: EventRecord,
  overrides: readonly DateOverrideRecord[],
  members: readonly TeamMemberBusy[],
  now: Date,
): TeamAvailabilityInput {
  // A team event without hosts offers nothing.
  if (members.length === 0)
    return { event, overrides, now, members: [{ role: 'required', busy: [ALWAYS], bookingStarts: [] }] };
  return {
    event,
    overrides,
    now,
    members: members.map((member) => {
      if (!member.bookings) return { role: member.role, busy: [ALWAYS], bookingStarts: [] };
      const input = availabilityInput(event, overrides, member.bookings, member.busy, now);
      return { role: member.role, busy: input.busy, bookingStarts: input.bookingStarts };
    }),
  };
}

const ALWAYS: BusyInterval = { start: 0, end: 8.64e15 };

/**
 * A team member's calendar busy times, or null when they cannot be booked: no connected calendar, or one that just
 * refused their access (a personal host is then told so at booking; a team member is simply not free).
 */
export async function memberCalendarBusy(
  deps: { calendars: Partial<Record<CalendarProviderName, CalendarProvider>> },
  host: HostRecord | null | undefined,
  from: number,
  to: number,
  fresh = false,
): Promise<BusyInterval[] | null> {
  const provider = connectedCalendar(deps.calendars, host);
  if (!host || !provider) return null;
  try {
    return await provider.busyTimes(host, from, to, fresh ? { fresh } : undefined);
  } catch (error) {
    if (error instanceof CalendarDisconnected) return null;
    throw error;
  }
}

/**
 * A team event's reads (issue 28), all in parallel: the publishing account (its plans, 1 Query), one BatchGetItem
 * (the settings, the team, every host's profile and calendar), and each host's bookings range (1 Query each): with
 * the event's own Query, 3 + hosts DynamoDB requests. Then the hosts' calendar busy times.
 */
async function loadTeamReads(
  deps: AvailabilityReadDeps,
  event: EventRecord,
  overrides: DateOverrideRecord[],
  fromDay: string,
  toDay: string,
) {
  const { fixed, pool } = splitHosts(event);
  const hosts = [
    ...fixed.map((host) => ({ host, role: 'required' as const })),
    ...pool.map((host) => ({ host, role: 'pool' as const })),
  ];
  const [publisher, context, ...reads] = await Promise.all([
    deps.hosts.get(event.userId),
    deps.hosts.teamContext({ teamId: event.teamId!, hostIds: hosts.map(({ host }) => host.userId) }),
    ...hosts.map(({ host }) => deps.bookings.read(host.userId, fromDay, toDay)),
  ]);
  assertHostPublishes(publisher, deps.clock.now(), deps.config.billing !== null);
  if (context.settings?.availableForBookings === false) {
    const closed = event.availabilityRanges.map((range) => ({ ...range, active: false }));
    return { event: { ...event, availabilityRanges: closed }, overrides: [], members: [] as TeamMemberBusy[] };
  }
  const from = Date.parse(`${fromDay}T00:00:00Z`);
  const to = Date.parse(`${toDay}T00:00:00Z`) + DAY_MS;
  const members = await Promise.all(
    hosts.map(async ({ host, role }, index): Promise<TeamMemberBusy> => {
      const busy = await memberCalendarBusy(deps, context.hosts.get(host.userId), from, to);
      return { hostId: host.userId, role, bookings: busy ? reads[index]!.bookings : null, busy: busy ?? [] };
    }),
  );
  return { event, overrides, members };
}

/**
 * What the engine needs around a span of guest dates: the event with its overrides (404/403), and the host's
 * bookings and calendar busy times; with bookings paused by the admin, an event without hours. Recent identical reads are reused unless `fresh`; `now` is always current.
 */
async function loadInput(
  deps: AvailabilityReadDeps,
  eventRef: number | string,
  firstDate: string,
  lastDate: string,
  fresh: boolean,
) {
  const { fromDay, toDay } = readWindowForDates(firstDate, lastDate);
  const load = async (): Promise<Loaded> => {
    const { event, overrides } = await loadBookableEvent(deps, await resolveEventRef(deps, eventRef));
    if (event.teamId) return { kind: 'team', ...(await loadTeamReads(deps, event, overrides, fromDay, toDay)) };
    const [host, { bookings }, settings] = await Promise.all([
      deps.hosts.get(event.userId),
      deps.bookings.read(event.userId, fromDay, toDay),
      deps.settings.get(),
    ]);
    assertHostPublishes(host, deps.clock.now(), deps.config.billing !== null);
    // The admin's "Available for Bookings" off pauses every booking page: no day has hours then (issue 17).
    if (settings?.availableForBookings === false) {
      const closed = event.availabilityRanges.map((range) => ({ ...range, active: false }));
      return { kind: 'personal', event: { ...event, availabilityRanges: closed }, overrides: [], bookings, busy: [] };
    }
    return { kind: 'personal', event, overrides, bookings, busy: await calendarBusy(deps, host, fromDay, toDay) };
  };
  if (fresh) deps.recentReads.clear();
  const loaded = await deps.recentReads.getOrLoad(`availability:${eventRef}:${fromDay}:${toDay}`, load);
  const now = deps.clock.now();
  if (loaded.kind === 'team') {
    const { event, overrides, members } = loaded;
    // Bookings paused: no member and no hours, so no slot.
    const input = teamAvailabilityInput(event, overrides, members, now);
    return { event, input: { team: input } as const };
  }
  const { event, overrides, bookings, busy } = loaded;
  return { event, input: { personal: availabilityInput(event, overrides, bookings, busy, now) } as const };
}

type Loaded =
  | { kind: 'team'; event: EventRecord; overrides: DateOverrideRecord[]; members: TeamMemberBusy[] }
  | {
      kind: 'personal';
      event: EventRecord;
      overrides: DateOverrideRecord[];
      bookings: BookingRecord[];
      busy: BusyInterval[];
    };

/** The engine's input of a personal event, or of a team event. */
type EngineInput =
  { personal: AvailabilityInput; team?: undefined } | { team: TeamAvailabilityInput; personal?: undefined };

function domainErrorsAsValidation<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof AvailabilityInputError) throw new ValidationFailed(error.message);
    throw error;
  }
}

/**
 * The free slots starting on one date in the guest's zone.
 * Input: event id or slug, date (yyyy-MM-dd), guest zone (default UTC), forceRefresh. Output: slots, the host's zone, the
 * event settings.
 * Primary course: check the zone; load the event with its overrides (404/403); read the host and their bookings
 * around the date (one query) and calendar busy times, or reuse the same reads of the last seconds unless
 * forceRefresh; let the availability engine list the slots as of now.
 */
export async function getTimeSlots(
  deps: AvailabilityDeps,
  query: {
    eventId?: number | string;
    date: string;
    timezone?: string;
    forceRefresh?: 'true' | 'false';
    includeUnavailable?: 'true' | 'false';
  },
): Promise<{ timeSlots: TimeSlot[]; timezone: string; eventSettings: { duration: number; timezone: string } }> {
  const zone = guestZone(query.timezone);
  const { event, input } =
    query.eventId === undefined
      ? await defaultHoursInput(deps)
      : await loadInput(deps, query.eventId, query.date, query.date, query.forceRefresh === 'true');
  const includeUnavailable = query.includeUnavailable === 'true';
  const slotQuery = { date: query.date, guestTimeZone: zone, includeUnavailable };
  const timeSlots = domainErrorsAsValidation(() =>
    input.team ? teamTimeSlotsForDate(input.team, slotQuery) : timeSlotsForDate(input.personal, slotQuery),
  );
  return { timeSlots, timezone: event.timeZone, eventSettings: { duration: event.duration, timezone: event.timeZone } };
}

/** The service's default hours when no event is named (as /hourly-debug shows them: 9am–5pm Eastern). */
export const DEFAULT_HOURS = { timeZone: 'America/New_York', startTime: '09:00', endTime: '17:00' } as const;

/**
 * The engine's input without an event: every day 9am–5pm Eastern, slots of the admin's meeting duration with the
 * break after each (the admin's settings), none when bookings are switched off; no host, so
 * nothing is booked.
 */
async function defaultHoursInput(deps: AvailabilityDeps) {
  const settings = { ...DEFAULT_SETTINGS, ...(await deps.settings.get()) };
  const now = deps.clock.now();
  const event: EventRecord = {
    ...newEvent(
      {
        userId: '',
        slug: 'default-hours',
        title: 'Default hours',
        duration: settings.meetingDuration,
        bufferAfter: settings.breakBetweenMeetings,
        timeZone: DEFAULT_HOURS.timeZone,
        availabilityRanges: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          dayOfWeek,
          active: settings.availableForBookings,
          startTime: DEFAULT_HOURS.startTime,
          endTime: DEFAULT_HOURS.endTime,
        })),
      },
      now,
    ),
    id: 0,
  };
  return { event, input: { personal: availabilityInput(event, [], [], [], now) } as EngineInput };
}

/**
 * Every day of a month in the guest's zone with whether it has a free slot, computed in one pass.
 * Input: event id or slug (optional: without it, the service's default hours), year, month (1–12), guest zone
 * (default UTC). Output: `{ availableDates }`.
 * Primary course: as for time slots, with the month's bookings read in one query (or reused from the last seconds).
 */
export async function getAvailableDates(
  deps: AvailabilityDeps,
  query: { eventId?: number | string; year: number; month: number; timezone?: string },
): Promise<{ availableDates: AvailableDate[] }> {
  const zone = guestZone(query.timezone);
  const first = `${query.year}-${String(query.month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(query.year, query.month, 0)).toISOString().slice(0, 10);
  const { input } =
    query.eventId === undefined
      ? await defaultHoursInput(deps)
      : await loadInput(deps, query.eventId, first, last, false);
  const monthQuery = { year: query.year, month: query.month, guestTimeZone: zone };
  const availableDates = domainErrorsAsValidation(() =>
    input.team
      ? teamAvailableDatesForMonth(input.team, monthQuery)
      : availableDatesForMonth(input.personal, monthQuery),
  );
  return { availableDates };
}
