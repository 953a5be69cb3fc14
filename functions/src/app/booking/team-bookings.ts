import { isBookableSlot } from '#shared/availability/engine';
import { DAY_MS, MINUTE_MS } from '#shared/time';
import { availabilityInput, memberCalendarBusy } from '#functions/app/booking/availability';
import { daysBetween, lockDays, readWindow, utcDay, zoneDayOf, type Interval } from '#functions/domain/booking';
import { calendarAccountOf, calendarSettingsOf, connectedCalendar } from '#functions/domain/calendar';
import { versionOf } from '#functions/domain/notices';
import type { BookingRecord, CalendarProviderName, EventRecord, HostRecord } from '#functions/domain/records';
import { rankPoolMembers, splitHosts } from '#functions/domain/team-assignment';
import { BookingChanged, WriteConflict } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';
import type { CalendarProvider } from '#functions/ports/calendar';
import type { Clock, Logger } from '#functions/ports/core';
import type { EventRepository } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { TeamRepository } from '#functions/ports/teams';

/** What releasing a member's bookings needs: the team's event types, the members, their ledgers and calendars. */
export type ReleaseMemberDeps = {
  teams: TeamRepository;
  events: EventRepository;
  hosts: HostRepository;
  bookings: BookingLedger;
  clock: Clock;
  logger: Logger;
  calendars: Partial<Record<CalendarProviderName, CalendarProvider>>;
};

/** How far ahead a member's bookings are looked for (beyond any event's booking window). */
const LOOK_AHEAD_DAYS = 400;
/** Attempts per booking when another booking takes the new member's day meanwhile. */
const MAX_ATTEMPTS = 3;
/** A reason the engine gives that means the member is taken then (the others concern the event's rules). */
const TAKEN = new Set(['overlaps-busy', 'daily-limit']);

/**
 * A member left a team (removed, left, or their account is being deleted).
 * Input: the team, the member, now. Output: how many of their future bookings of the team's event types went to
 * another member, and how many stay theirs.
 * Primary course:
 * 1. Read the team's event types and the member's bookings from now on (one Query of their range): the active
 *    round-robin bookings of those events that the member was assigned (not as a fixed host) are to be released.
 * 2. For each: read the pool's other members (one BatchGetItem with this month's counters), their bookings around
 *    the time and their calendars' busy times (fresh); rank those free then by the assignment rule.
 * 3. Move the booking to the first of them in one transaction (ledger.reassign: their days locked, the counters
 *    moved, the booking's version bumped, reason 'reassigned'): the stream tells the guest and the new host. A day
 *    that moved on meanwhile: read again (3 attempts). Put the event into the new host's calendar, take it out of
 *    the old one's (best effort: the next sync catches up).
 * Alternative: nobody else free then (or a collective event, or the member is a fixed host): the booking stays
 * theirs to attend.
 * Alternative, the member's account is being deleted (`accountDeleted`): a booking that stays and has other hosts
 * goes on without them (ledger.dropHost: stored under the next host when it was under theirs); one they alone
 * attend goes with their account, as their personal bookings do.
 */
export async function releaseMember(
  deps: ReleaseMemberDeps,
  input: { teamId: string; userId: string; now: Date; accountDeleted?: boolean },
): Promise<{ reassigned: number; kept: number }> {
  const { teamId, userId, now } = input;
  // 1.
  const [events, { bookings }] = await Promise.all([
    deps.events.listByTeam(teamId),
    deps.bookings.read(userId, utcDay(now.getTime()), utcDay(now.getTime() + LOOK_AHEAD_DAYS * DAY_MS)),
  ]);
  const eventsById = new Map(events.map((event) => [event.id, event]));
  const future = bookings.filter(
    (booking) =>
      booking.teamId === teamId && booking.status !== 'cancelled' && Date.parse(booking.start) > now.getTime(),
  );
  let reassigned = 0;
  for (const booking of future) {
    const event = eventsById.get(booking.eventId);
    const releasable =
      event &&
      booking.schedulingType === 'round-robin' &&
      booking.hostId === userId &&
      booking.assignment?.userId === userId;
    if (releasable && (await reassign(deps, booking, event, userId))) reassigned++;
    else if (input.accountDeleted) await goOnWithout(deps, booking, userId);
  }
  return { reassigned, kept: future.length - reassigned };
}

/** A booking its other hosts keep when this one's account goes (read again when it changed meanwhile). */
async function goOnWithout(deps: ReleaseMemberDeps, read: BookingRecord, leaving: string): Promise<void> {
  let booking: BookingRecord | null = read;
  for (let attempt = 1; booking && attempt <= MAX_ATTEMPTS; attempt++) {
    if (booking.status === 'cancelled' || !(booking.hostIds ?? []).some((id) => id !== leaving)) return;
    try {
      await deps.bookings.dropHost(booking, leaving);
      return;
    } catch (error) {
      if (!(error instanceof BookingChanged)) throw error;
      booking = await deps.bookings.findById(read.id);
    }
  }
}

/** Steps 2 and 3 for one booking; answers whether it went to another member. */
async function reassign(
  deps: ReleaseMemberDeps,
  read: BookingRecord,
  event: EventRecord,
  leaving: string,
): Promise<boolean> {
  const pool = splitHosts(event).pool.filter((host) => host.userId !== leaving);
  if (pool.length === 0) return false;
  const fixed = (read.hostIds ?? []).filter((id) => id !== leaving);
  let booking: BookingRecord | null = read;
  for (let attempt = 1; booking && attempt <= MAX_ATTEMPTS; attempt++) {
    const month = booking.createdAt.slice(0, 7);
    const days = blockDays(event, booking);
    const poolIds = pool.map((host) => host.userId).filter((id) => !fixed.includes(id));
    const [context, ...reads] = await Promise.all([
      deps.hosts.teamContext({
        teamId: event.teamId!,
        hostIds: [...poolIds, leaving],
        counters: { eventId: event.id, month, userIds: poolIds },
        consistent: true,
      }),
      ...poolIds.map((id) => deps.bookings.read(id, days.window.fromDay, days.window.toDay)),
    ]);
    const free = new Set<string>();
    await Promise.all(
      poolIds.map(async (id, index) => {
        if (await memberFree(deps, event, booking!, context.hosts.get(id), reads[index]!.bookings, days.blocked))
          free.add(id);
      }),
    );
    const chosen = rankPoolMembers(pool, free, context.counts)[0];
    if (!chosen) return false;
    const member = context.hosts.get(chosen.userId)!;
    const calendar = connectedCalendar(deps.calendars, member);
    const eventId =
      calendar && (member.calendar!.provider === 'builtin' || calendarSettingsOf(member).addToCalendar)
        ? calendar.plannedEventId({ id: booking.id })
        : null;
    const hostIds = [chosen.userId, ...fixed];
    const names = new Map((booking.hostIds ?? []).map((id, index) => [id, booking!.hostNames?.[index] ?? '']));
    names.set(chosen.userId, member.name);
    const to: BookingRecord = {
      ...booking,
      hostId: chosen.userId,
      hostIds,
      hostNames: hostIds.map((id) => names.get(id) ?? ''),
      assignment: { userId: chosen.userId, reason: 'reassigned' },
      version: versionOf(booking) + 1,
      calendarProvider: member.calendar!.provider,
      calendarEventId: eventId,
      calendarAccount: calendarAccountOf(member.calendar),
      calendarPending: null,
    };
    const versions = reads[poolIds.indexOf(chosen.userId)]!.dayVersions;
    const versionOfDay = (day: string) => ({ day, expectedVersion: versions.get(day) ?? 0 });
    try {
      await deps.bookings.reassign({
        from: booking,
        to,
        lockDays: days.lock.map(versionOfDay),
        checkDays: days.read.filter((day) => !days.lock.includes(day)).map(versionOfDay),
      });
    } catch (error) {
      if (error instanceof WriteConflict) continue;
      if (error instanceof BookingChanged) {
        booking = await deps.bookings.findById(booking.id);
        if (!booking || booking.status === 'cancelled' || booking.hostId !== leaving) return false;
        continue;
      }
      throw error;
    }
    await moveCalendarEvent(deps, event, booking, to, context.hosts.get(leaving), member);
    return true;
  }
  return false;
}

/** Whether a member can take the booking's time: connected, and neither their bookings nor calendar overlap it. */
async function memberFree(
  deps: ReleaseMemberDeps,
  event: EventRecord,
  booking: BookingRecord,
  host: HostRecord | undefined,
  bookings: BookingRecord[],
  blocked: Interval,
): Promise<boolean> {
  const busy = await memberCalendarBusy(deps, host, blocked.start - DAY_MS, blocked.end + DAY_MS, true);
  if (!busy) return false;
  const start = Date.parse(booking.start);
  // Judged as of just before the event's notice, so that only being taken counts (not the booking window's rules).
  const noticeMs =
    event.minimumNoticeAmount * { minutes: 1, hours: 60, days: 1440 }[event.minimumNoticeUnit] * MINUTE_MS;
  const others = bookings.filter((other) => other.id !== booking.id);
  const check = isBookableSlot(availabilityInput(event, [], others, busy, new Date(start - noticeMs - MINUTE_MS)), {
    start,
    end: Date.parse(booking.end),
  });
  return check.bookable || !TAKEN.has(check.reason);
}

/** The days the booking's time locks and reads for its new member (as the booking write's). */
function blockDays(event: EventRecord, booking: BookingRecord) {
  const blocked = { start: Date.parse(booking.blockedStart), end: Date.parse(booking.blockedEnd) };
  const hostDay = event.maxBookingsPerDay != null ? zoneDayOf(Date.parse(booking.start), event.timeZone) : null;
  const window = readWindow(blocked, hostDay);
  return { blocked, lock: lockDays(blocked, hostDay), window, read: daysBetween(window.fromDay, window.toDay) };
}

/** The event leaves the old member's calendar and goes into the new one's; failures are logged (the sync retries). */
async function moveCalendarEvent(
  deps: ReleaseMemberDeps,
  event: EventRecord,
  from: BookingRecord,
  to: BookingRecord,
  oldHost: HostRecord | undefined,
  newHost: HostRecord,
): Promise<void> {
  const oldCalendar = connectedCalendar(deps.calendars, oldHost);
  const newCalendar = connectedCalendar(deps.calendars, newHost);
  const log = (error: unknown) =>
    deps.logger.error('Calendar event of a reassigned booking not moved; the next sync catches up', {
      bookingId: to.id,
      error: error instanceof Error ? error.message : String(error),
    });
  if (oldHost && oldCalendar?.createsEvents && from.calendarEventId && from.status === 'confirmed') {
    await oldCalendar.deleteEvent(oldHost, from).catch(log);
  }
  if (newCalendar?.createsEvents && to.calendarEventId && to.status === 'confirmed') {
    await newCalendar.createEvent(newHost, to, event).catch(log);
  }
}
