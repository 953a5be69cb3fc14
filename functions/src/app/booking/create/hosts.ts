import type { Settings } from '#shared/api/schemas/settings';
import { isBookableSlot, type Bookability, type BusyInterval } from '#shared/availability/engine';
import { availabilityInput, memberCalendarBusy } from '#functions/app/booking/availability';
import {
  BOOKINGS_PAUSED,
  hostRefusal,
  LostRace,
  NO_CALENDAR,
  SLOT_TAKEN,
} from '#functions/app/booking/create/refusals';
import type { Days, MovedBy, Slot } from '#functions/app/booking/create/slot';
import { assertHostPublishes } from '#functions/app/common/event-access';
import type { Config } from '#functions/config';
import { connectedCalendar } from '#functions/domain/calendar';
import type {
  BookingRecord,
  CalendarProviderName,
  DateOverrideRecord,
  EventRecord,
  HostRecord,
  TeamRecord,
} from '#functions/domain/records';
import {
  assignPoolMember,
  counterMonth,
  splitHosts,
  type Assignment,
  type PoolCount,
} from '#functions/domain/team-assignment';
import { Conflict, ServiceUnavailable } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';
import type { CalendarProvider } from '#functions/ports/calendar';
import type { Clock } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';
import type { SettingsRepository } from '#functions/ports/site';

/**
 * Resolving a booking's hosts and checking each. A personal event has one host, its owner; a team event (issue 28)
 * its fixed hosts (collective: all of them) and, round-robin, a pool one member of which attends. Each attempt reads
 * every host's bookings and day versions and their calendar's busy times, fresh, and asks the availability engine.
 */

/** What reading and checking the hosts needs. */
export type HostsDeps = {
  hosts: HostRepository;
  settings: SettingsRepository;
  calendars: Partial<Record<CalendarProviderName, CalendarProvider>>;
  clock: Clock;
  config: Config;
} & {
  bookings: Pick<BookingLedger, 'read'>;
};

/** What one attempt checks the hosts against. */
export type AttemptPlan = {
  event: EventRecord;
  overrides: DateOverrideRecord[];
  slot: Slot;
  days: Days;
  now: Date;
  replaced: BookingRecord | null;
};

/** One attempt's view of a host: their record, their calendar, their day versions, whether they can take the time. */
export type HostCheck = {
  userId: string;
  host: HostRecord | null;
  calendar: CalendarProvider | undefined;
  dayVersions: Map<string, number>;
  /** The engine's answer; null when the host cannot be booked at all (no profile or calendar, access refused). */
  check: Bookability | null;
};

/** A host who takes the booking: one whose check said bookable (so with a record and a connected calendar). */
export type BookedHost = HostCheck & { host: HostRecord; calendar: CalendarProvider };

/** One attempt's view of the hosts: the admin's settings, each host's check, the pool's counters, the team. */
export type HostsView = {
  settings: Partial<Settings> | null;
  checks: ReadonlyMap<string, HostCheck>;
  counts: ReadonlyMap<string, PoolCount>;
  team: TeamRecord | null;
};

/** Where a booking's hosts come from: the event's owner, or its team. */
export interface HostSource {
  /** The hosts who always attend (a personal event: its owner), in the event's order. */
  readonly fixed: readonly { userId: string }[];
  /** Round-robin: the pool one of whom attends (empty otherwise). */
  readonly pool: readonly { userId: string; weight: number }[];
  /** A team event's booking: stored under its first host, held by the others, naming its team. */
  readonly team: boolean;
  /** Before the booking a reschedule replaces is read: what is checked once. */
  prepare(): Promise<void>;
  /** One attempt's reads and checks (the refusals of the whole booking: 403, 409, 503). */
  view(plan: AttemptPlan): Promise<HostsView>;
}

export function hostsOf(deps: HostsDeps, event: EventRecord): HostSource {
  return event.teamId ? teamHosts(deps, event) : personalHost(deps, event);
}

/**
 * A personal event's host, read once with the admin's settings before anything else: the host must publish (403)
 * and have a connected calendar (409); the admin's "Available for Bookings" off pauses every booking page (503).
 * Each attempt reads the host's bookings and day versions (one Query) and their calendar's busy times; a calendar
 * that refused the host's access is a 409 as without one.
 */
function personalHost(deps: HostsDeps, event: EventRecord): HostSource {
  let prepared: { host: HostRecord; settings: Partial<Settings> | null } | null = null;
  return {
    fixed: [{ userId: event.userId }],
    pool: [],
    team: false,
    async prepare() {
      const [host, settings] = await Promise.all([deps.hosts.get(event.userId), deps.settings.get()]);
      assertHostPublishes(host, deps.clock.now(), deps.config.billing !== null);
      if (!host || !connectedCalendar(deps.calendars, host)) throw new Conflict(NO_CALENDAR);
      if (settings?.availableForBookings === false) throw new ServiceUnavailable(BOOKINGS_PAUSED);
      prepared = { host, settings };
    },
    async view(plan) {
      const { host, settings } = prepared!;
      const read = await deps.bookings.read(host.id, plan.days.window.fromDay, plan.days.window.toDay);
      const check = await checkHost(deps, plan, host.id, host, read);
      if (!check.check) throw new Conflict(NO_CALENDAR);
      return { settings, checks: new Map([[host.id, check]]), counts: new Map(), team: null };
    },
  };
}

/**
 * A team event's hosts. Each attempt reads, in parallel: the publishing account (the first attempt only: it must
 * publish, 403), ONE BatchGetItem (settings, team, every host's profile and calendar, the pool's round-robin counters
 * of this month) and every host's bookings around the time (1 Query each): 3 + hosts reads, with the
 * Idempotency-Key's GetItem 4 + hosts. A host without a calendar, or whose calendar refused access, is not free.
 */
function teamHosts(deps: HostsDeps, event: EventRecord): HostSource {
  const { fixed, pool } = splitHosts(event);
  const hostIds = [...fixed, ...pool].map((host) => host.userId);
  let publisherChecked = false;
  return {
    fixed,
    pool,
    team: true,
    async prepare() {},
    async view(plan) {
      if (hostIds.length === 0) throw new LostRace(new Conflict(SLOT_TAKEN));
      const { days, now } = plan;
      const counters = { eventId: event.id, month: counterMonth(now), userIds: pool.map((host) => host.userId) };
      const [publisher, context, ...reads] = await Promise.all([
        publisherChecked ? null : deps.hosts.get(event.userId),
        deps.hosts.teamContext({
          teamId: event.teamId!,
          hostIds,
          ...(pool.length ? { counters } : {}),
          consistent: true,
        }),
        ...hostIds.map((hostId) => deps.bookings.read(hostId, days.window.fromDay, days.window.toDay)),
      ]);
      if (!publisherChecked) assertHostPublishes(publisher, now, deps.config.billing !== null);
      publisherChecked = true;
      if (context.settings?.availableForBookings === false) throw new ServiceUnavailable(BOOKINGS_PAUSED);
      const checks = await Promise.all(
        hostIds.map((userId, index) => checkHost(deps, plan, userId, context.hosts.get(userId) ?? null, reads[index]!)),
      );
      return {
        settings: context.settings,
        checks: new Map(checks.map((check) => [check.userId, check])),
        counts: context.counts,
        team: context.team,
      };
    },
  };
}

/**
 * Step 4 for one host: their bookings (a team booking's copies included) and fresh calendar busy times, and the
 * engine's check as of `now`. A reschedule may overlap the time it gives up, and its own calendar event is no conflict.
 */
async function checkHost(
  deps: { calendars: Partial<Record<CalendarProviderName, CalendarProvider>> },
  { event, overrides, slot, days, now, replaced }: AttemptPlan,
  userId: string,
  host: HostRecord | null,
  read: { bookings: BookingRecord[]; dayVersions: Map<string, number> },
): Promise<HostCheck> {
  const calendar = connectedCalendar(deps.calendars, host);
  const from = Date.parse(`${days.window.fromDay}T00:00:00Z`);
  const calendarBusy = await memberCalendarBusy(deps, host, from, days.blocked.end, true);
  if (!host || !calendar || !calendarBusy)
    return { userId, host, calendar, dayVersions: read.dayVersions, check: null };
  const bookings = replaced ? read.bookings.filter((other) => other.id !== replaced.id) : read.bookings;
  const busy =
    replaced && hadEventWith(replaced, userId)
      ? withoutInterval(calendarBusy, Date.parse(replaced.start), Date.parse(replaced.end))
      : calendarBusy;
  const check = isBookableSlot(availabilityInput(event, overrides, bookings, busy, now), {
    start: slot.start,
    end: slot.end,
  });
  return { userId, host, calendar, dayVersions: read.dayVersions, check };
}

/** Whether the replaced booking had an event in this host's calendar: each host of a team booking; a personal one's. */
const hadEventWith = (replaced: BookingRecord, userId: string): boolean =>
  replaced.hostIds ? replaced.hostIds.includes(userId) : Boolean(replaced.calendarEventId);

/** Busy intervals with [from, to) taken out (an interval covering it is split in two). */
function withoutInterval(busy: readonly BusyInterval[], from: number, to: number): BusyInterval[] {
  return busy.flatMap((period) => {
    const start = Number(period.start);
    const end = Number(period.end);
    if (end <= from || start >= to) return [period];
    return [...(start < from ? [{ start, end: from }] : []), ...(end > to ? [{ start: to, end }] : [])];
  });
}

/**
 * The hosts the booking takes, first host first: every fixed host must be free (else the engine's reason, 409 or
 * 422); round-robin, one pool member free by the assignment rule (domain/team-assignment.ts; a reschedule keeps its
 * member when free), else 409.
 */
export function bookedHosts(
  source: HostSource,
  view: HostsView,
  event: EventRecord,
  replaced: BookingRecord | null,
): { hosts: BookedHost[]; assignment: Assignment | null } {
  const checkOf = (userId: string) => view.checks.get(userId)!;
  const reasonOf = ({ check }: HostCheck) => (check && !check.bookable ? check.reason : null);
  const free = (userId: string) => checkOf(userId).check?.bookable === true;
  const blocker = source.fixed.find((host) => !free(host.userId));
  if (blocker) throw hostRefusal(event, reasonOf(checkOf(blocker.userId)));
  let assignment: Assignment | null = null;
  if (source.pool.length) {
    const freeMembers = new Set(source.pool.filter((host) => free(host.userId)).map((host) => host.userId));
    assignment = assignPoolMember(source.pool, freeMembers, view.counts, replaced?.assignment?.userId ?? null);
    if (!assignment) throw hostRefusal(event, reasonOf(checkOf(source.pool[0]!.userId)));
  }
  const fixed = source.fixed.map((host) => host.userId);
  const userIds = assignment ? [assignment.userId, ...fixed] : fixed;
  return { hosts: userIds.map((userId) => checkOf(userId) as BookedHost), assignment };
}

/**
 * Whether the booking waits for the host: the event asks for confirmation (not when the host moves it with their own
 * reschedule link: they chose the time), or the admin turned auto-confirm off (every booking, issue 17).
 */
export function needsConfirmation(
  event: Pick<EventRecord, 'requiresConfirmation'>,
  settings: { autoConfirmBookings?: boolean } | null | undefined,
  movedBy: MovedBy,
): boolean {
  return (event.requiresConfirmation && movedBy !== 'host') || settings?.autoConfirmBookings === false;
}
