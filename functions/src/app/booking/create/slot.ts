import type { CreateBookingBody } from '#shared/api/schemas/bookings';
import { DEMO_EVENT_ID } from '#shared/constants';
import { guestZone } from '#functions/app/booking/availability';
import { calendarToClean } from '#functions/app/booking/cancel-booking';
import {
  DEMO_BOOKING,
  PHONE_NEEDED,
  PHONE_NOT_ASKED,
  RESCHEDULE_GONE,
  RESCHEDULE_NOT_FOUND,
  RESCHEDULE_STARTED,
} from '#functions/app/booking/create/refusals';
import { mayReschedule, RESCHEDULE_LIMIT_REACHED } from '#functions/domain/abuse-limits';
import {
  blockedInterval,
  daysBetween,
  lockDays,
  parseOffsetDateTime,
  readWindow,
  zoneDayOf,
  type Interval,
} from '#functions/domain/booking';
import { linkEnd } from '#functions/domain/booking-links';
import { calendarSettingsOf, inConnectedCalendar } from '#functions/domain/calendar';
import { asksForPhone } from '#functions/domain/locations';
import type { BookingRecord, CalendarProviderName, EventRecord, HostRecord } from '#functions/domain/records';
import { Conflict, Forbidden, Gone, NotFound, Unprocessable, ValidationFailed } from '#functions/errors';
import type { BookingLedger, ManageTokens } from '#functions/ports/bookings';
import type { CalendarProvider } from '#functions/ports/calendar';
import type { Clock } from '#functions/ports/core';

/**
 * Planning a booking before any host is read: the requested time as instants, the days it locks and reads, and for a
 * reschedule the booking it replaces, who moves it and what becomes of that booking's calendar event.
 */

/** The requested meeting as instants, and the guest's zone. */
export type Slot = { start: number; end: number; userTimezone: string };
/** The time the booking blocks, the days whose versions it bumps, and the days its check reads (domain/booking.ts). */
export type Days = { blocked: Interval; lock: string[]; window: { fromDay: string; toDay: string }; read: string[] };
/** Who moves the booking a reschedule names (issue 31): its guest or its host; null for a new booking. */
export type MovedBy = 'guest' | 'host' | null;
/**
 * A reschedule's replaced booking and its calendar event: moved to the new time (same id), removed at once after the
 * write ("Delete on cancel"), and the removal owed in the same write (`calendarPending`), whichever apply.
 */
export type Replacement = {
  replaced: BookingRecord;
  moveEvent: boolean;
  removeEvent: boolean;
  calendarPending: 'delete' | null;
};

type ManageTokensDeps = { manageTokens: ManageTokens };
/** What finding the booking a reschedule replaces needs. */
export type ReplacedBookingDeps = ManageTokensDeps & { clock: Clock } & {
  bookings: Pick<BookingLedger, 'find' | 'findById'>;
};

/** Step 2: not the demo event (403); the times as instants with offsets, end after start (422); the guest's zone. */
export function requestedSlot(input: CreateBookingBody): Slot {
  if (input.eventId === DEMO_EVENT_ID) throw new Forbidden(DEMO_BOOKING);
  const start = instantOf('startTime', input.startTime);
  const end = instantOf('endTime', input.endTime);
  if (end <= start) throw new Unprocessable('endTime must be after startTime.');
  return { start, end, userTimezone: guestZone(input.timezone) };
}

function instantOf(field: 'startTime' | 'endTime', text: string): number {
  const instant = parseOffsetDateTime(text);
  if (instant === null) {
    throw new Unprocessable(
      `${field} must be an ISO 8601 date and time with a UTC offset, such as 2026-03-09T09:00:00-04:00.`,
      [{ path: field, message: 'Expected an ISO 8601 date and time with a UTC offset.' }],
    );
  }
  return instant;
}

/**
 * Issue 30: a phone call the host makes needs the guest's number (400 without it; a reschedule keeps the number of the
 * booking it replaces); any other event takes none (400).
 */
export function assertGuestPhone(event: EventRecord, input: CreateBookingBody): void {
  const phone = input.phone?.trim();
  if (asksForPhone(event) && !phone && !input.reschedule)
    throw new ValidationFailed(PHONE_NEEDED, [{ path: 'phone', message: PHONE_NEEDED }]);
  if (!asksForPhone(event) && input.phone !== undefined)
    throw new ValidationFailed(PHONE_NOT_ASKED, [{ path: 'phone', message: PHONE_NOT_ASKED }]);
}

/** The time the meeting blocks with the event's buffers, and the days to lock and to read (a daily limit: the host day). */
export function bookingDays(event: EventRecord, slot: Slot): Days {
  const blocked = blockedInterval(slot.start, slot.end, event.bufferBefore, event.bufferAfter);
  const hostDay = event.maxBookingsPerDay != null ? zoneDayOf(slot.start, event.timeZone) : null;
  const window = readWindow(blocked, hostDay);
  return { blocked, lock: lockDays(blocked, hostDay), window, read: daysBetween(window.fromDay, window.toDay) };
}

/**
 * Who moves the booking a reschedule names: 'guest' or 'host' by the link's token kind (the guest's manage token, or
 * the host's reschedule-only token of the bookings list's "Copy reschedule link"), null for a new booking. A token of
 * neither kind counts as the guest's here and is refused where the replaced booking is read.
 */
export function rescheduler(deps: ManageTokensDeps, reference: CreateBookingBody['reschedule']): MovedBy {
  return reference ? (replacerOf(deps, reference) ?? 'guest') : null;
}

/** The kind of the reschedule's token; null for neither. Both kinds are checked. */
function replacerOf(deps: ManageTokensDeps, reference: NonNullable<CreateBookingBody['reschedule']>): MovedBy {
  const guest = deps.manageTokens.verify('manage', reference.bookingId, reference.token);
  const host = deps.manageTokens.verify('host-reschedule', reference.bookingId, reference.token);
  return guest ? 'guest' : host ? 'host' : null;
}

/**
 * The booking a reschedule replaces: the same event's, named by id and start, with a secret for it (404 otherwise,
 * whichever part is wrong); 410 once its link has no power; 409 when it was cancelled or rescheduled already, has
 * started, or was moved too often. A personal booking is found under its host; a team booking by its id alone (it
 * lives under its first host, which may have changed).
 */
export async function bookingToReplace(
  deps: ReplacedBookingDeps,
  event: EventRecord,
  reference: NonNullable<CreateBookingBody['reschedule']>,
): Promise<BookingRecord> {
  const start = parseOffsetDateTime(reference.startTime);
  const found =
    start === null
      ? null
      : event.teamId
        ? await deps.bookings.findById(reference.bookingId)
        : await deps.bookings.find(event.userId, new Date(start).toISOString(), reference.bookingId);
  if (!found || found.eventId !== event.id || Date.parse(found.start) !== start || !replacerOf(deps, reference)) {
    throw new NotFound(RESCHEDULE_NOT_FOUND);
  }
  const ended = linkEnd(found, deps.clock.now());
  if (ended) throw new Gone(ended);
  if (found.status === 'cancelled') throw new Conflict(RESCHEDULE_GONE);
  if (Date.parse(found.start) <= deps.clock.now().getTime()) throw new Conflict(RESCHEDULE_STARTED);
  if (!mayReschedule(found)) throw new Conflict(RESCHEDULE_LIMIT_REACHED);
  return found;
}

/**
 * What becomes of the replaced booking's calendar event. Only a confirmed booking has one. A personal booking's event
 * moves to the new time with "Update on reschedule" (same id, same Meet link; not when the new time waits for the
 * host's confirmation, which gets its event then); otherwise it leaves the calendar as a cancellation's would ("Delete
 * on cancel": owed in the write, removed right after). A team booking's event, in its first host's calendar, is owed
 * to the calendar sync ("Delete on cancel" permitting): each new team booking has events of its own.
 */
export function replacementOf(
  deps: { calendars: Partial<Record<CalendarProviderName, CalendarProvider>> },
  replaced: BookingRecord,
  firstHost: { host: HostRecord; calendar: CalendarProvider },
  pending: boolean,
  team: boolean,
): Replacement {
  const hadEvent = replaced.status === 'confirmed';
  if (team) {
    const owed = hadEvent && replaced.calendarEventId && replaced.calendarProvider !== 'builtin';
    return { replaced, moveEvent: false, removeEvent: false, calendarPending: owed ? 'delete' : null };
  }
  const { host, calendar } = firstHost;
  const moveEvent =
    hadEvent &&
    !pending &&
    calendar.createsEvents &&
    calendarSettingsOf(host).updateOnReschedule &&
    inConnectedCalendar(host.calendar, replaced);
  const removeEvent = hadEvent && !moveEvent && calendarToClean(deps, host, replaced) !== null;
  return { replaced, moveEvent, removeEvent, calendarPending: removeEvent ? 'delete' : null };
}
