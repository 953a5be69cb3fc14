import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatInTimeZone } from 'date-fns-tz';
import type { CreateBookingBody, CreateBookingResponse } from '#shared/api/schemas/bookings';
import { DEMO_EVENT_ID, IDEMPOTENCY_TTL_HOURS } from '#shared/constants';
import { isBookableSlot, type BusyInterval, type UnbookableReason } from '#shared/availability/engine';
import { blockedInterval, daysBetween, lockDays, parseOffsetDateTime, readWindow, zoneDayOf } from '#functions/domain/booking';
import {
  BookingChanged,
  CalendarDisconnected,
  Conflict,
  Forbidden,
  IdempotencyConflict,
  NotFound,
  Unprocessable,
  ValidationFailed,
  WriteConflict,
  type AppError,
} from '#functions/errors';
import type { Deps } from '#functions/ports';
import type { BookingRecord, EventRecord } from '#functions/domain/records';
import { calendarAccountOf, calendarSettingsOf, connectedCalendar, inConnectedCalendar } from '#functions/domain/calendar';
import { calendarToClean, removeCalendarEvent } from './cancel-booking.ts';
import { availabilityInput, guestZone } from './availability.ts';
import { assertHostPublishes, loadBookableEvent } from './event-access.ts';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import { enforceLimits } from './abuse-limits.ts';

type BookingDeps = Pick<
  Deps,
  'events' | 'hosts' | 'bookings' | 'calendars' | 'clock' | 'ids' | 'logger' | 'recentReads' | 'rateLimiter'
>;

export const SLOT_TAKEN = 'This time slot is no longer available.';
export const NO_CALENDAR = 'Could not confirm booking because the host does not have a calendar connected.';
export const DEMO_BOOKING = 'This is a demo booking and cannot be submitted';
export const RESCHEDULE_NOT_FOUND = 'This booking cannot be rescheduled: it was not found.';
export const RESCHEDULE_GONE = 'This booking was already cancelled or rescheduled.';
/**
 * Attempts at the optimistic write when other bookings of the same host days commit meanwhile. Every lost attempt
 * means another booking of those days committed, so a burst of N guests booking different times of one host day
 * needs up to N attempts for the last of them: the bound must cover a realistic burst (a whole day of slots), or a
 * free time would be refused as taken. The pause between attempts is jittered and capped.
 */
const MAX_ATTEMPTS = 25;
const MAX_PAUSE_MS = 100;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Why a requested time cannot be booked, in the guest's words, with the status the API answers. */
function unbookable(reason: UnbookableReason, event: EventRecord): AppError {
  switch (reason) {
    case 'wrong-duration':
      return new Unprocessable(`endTime must be startTime plus the event's ${event.duration} minutes.`);
    case 'in-past':
      return new Unprocessable('This time has already passed. Please choose another time.');
    case 'inside-notice':
      return new Unprocessable(
        `This time is too soon: the host needs at least ${event.minimumNoticeAmount} ${event.minimumNoticeUnit} notice.`,
      );
    case 'beyond-window':
      return new Unprocessable(`This time is too far ahead: bookings open ${event.advanceBookingDays} days in advance.`);
    case 'off-grid':
      return new Unprocessable('This time is not one of the offered time slots. Please choose a listed time.');
    case 'outside-hours':
      return new Conflict("This time is outside the host's working hours.");
    case 'blocked-date':
      return new Conflict('The host is not available on this date.');
    case 'daily-limit':
      return new Conflict('The host has no more bookings available on this day.');
    case 'overlaps-busy':
      return new Conflict(SLOT_TAKEN);
  }
}

function instantOf(field: 'startTime' | 'endTime', text: string): number {
  const instant = parseOffsetDateTime(text);
  if (instant === null) {
    throw new Unprocessable(`${field} must be an ISO 8601 date and time with a UTC offset, such as 2026-03-09T09:00:00-04:00.`, [
      { path: field, message: 'Expected an ISO 8601 date and time with a UTC offset.' },
    ]);
  }
  return instant;
}

/** What makes two requests "the same" for an Idempotency-Key: the validated booking request. */
function requestHash(input: CreateBookingBody): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Book a slot for a guest.
 * Input: the validated request, and the Idempotency-Key header if any. Output: the confirmation fields (201),
 * with the booking's id and the secret that lets the guest reschedule it.
 * Primary course:
 * 1. With an Idempotency-Key: a stored answer for the same request is replayed; for another request it is a 422.
 * 2. Refuse the demo event (403); read startTime/endTime as instants with offsets (422 otherwise).
 * 3. Load the event (404 unknown, 403 deactivated); count the booking against the guest address's abuse limits
 *    (30 an hour, 6 a day with one host: 429 with Retry-After, nothing written); load the host; without a connected
 *    calendar: 409. A reschedule
 *    names the booking it replaces with the secret token the guest got for it (404 when any part is wrong, 409 when
 *    it was cancelled or rescheduled already); its own time does not count as taken.
 * 4. Read the host's bookings and day versions around the time (one query) and the calendar's busy times, fresh
 *    (a calendar that cannot be reached: 503, never a guess; one that refused the host's access: 409 as without a
 *    calendar); re-check the requested instant with the availability engine (422 / 409 with the reason).
 * 5. Write the booking, bump the versions of the days it touches, check that the other days read have not moved
 *    on, and store the idempotency answer, in one transaction. A version that moved on means another booking of
 *    those days committed: go back to 4.
 *    So of any set of bookings whose blocked times overlap, exactly one commits; the others end with 409 (unless
 *    they carry the Idempotency-Key of the one that committed: a retry sent while its first attempt was being
 *    written gets that attempt's answer).
 *    A reschedule cancels the replaced booking in the same transaction (409 if it changed meanwhile).
 * 6. Reschedule: with "Update on reschedule" the replaced booking's event moves to the new time (same id and Meet
 *    link); otherwise the new booking gets its own event and, with "Delete on cancel", the old one is removed.
 *    Put the booking into the host's calendar unless "Add bookings" is off (the event id was fixed before the
 *    write, so retries never duplicate it); when that fails calendarEventCreated says false and the next sync
 *    makes the event. Answer the confirmation.
 */
export async function createBooking(
  deps: BookingDeps,
  input: CreateBookingBody,
  idempotencyKey: string | undefined,
  clientAddress: string,
): Promise<CreateBookingResponse> {
  let idempotency: { key: string; requestHash: string } | undefined;
  if (idempotencyKey !== undefined) {
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new ValidationFailed('Idempotency-Key must be 1 to 128 letters, digits, ".", "_", ":" or "-".');
    }
    idempotency = { key: `booking:${idempotencyKey}`, requestHash: requestHash(input) };
    const replay = await replayed(deps, idempotency);
    if (replay) return replay;
  }

  if (input.eventId === DEMO_EVENT_ID) throw new Forbidden(DEMO_BOOKING);
  const start = instantOf('startTime', input.startTime);
  const end = instantOf('endTime', input.endTime);
  if (end <= start) throw new Unprocessable('endTime must be after startTime.');
  const userTimezone = guestZone(input.timezone);

  const { event, overrides } = await loadBookableEvent(deps, input.eventId);
  await enforceLimits(deps, [
    { rule: ABUSE_LIMITS.bookingsPerAddress, subject: clientAddress },
    { rule: ABUSE_LIMITS.bookingsPerAddressAndHost, subject: `${clientAddress}:${event.userId}` },
  ]);
  if (end - start !== event.duration * 60_000) throw unbookable('wrong-duration', event);
  const host = await deps.hosts.get(event.userId);
  assertHostPublishes(host, deps.clock.now());
  const calendar = connectedCalendar(deps.calendars, host);
  if (!host || !calendar) throw new Conflict(NO_CALENDAR);

  const blocked = blockedInterval(start, end, event.bufferBefore, event.bufferAfter);
  const hostDay = event.maxBookingsPerDay != null ? zoneDayOf(start, event.timeZone) : null;
  const days = lockDays(blocked, hostDay);
  const window = readWindow(blocked, hostDay);
  const readDays = daysBetween(window.fromDay, window.toDay);
  const id = deps.ids.next();
  const now = deps.clock.now();
  const settings = calendarSettingsOf(host);
  const replaced = input.reschedule ? await bookingToReplace(deps, host.id, event, input.reschedule) : null;
  // "Update on reschedule": the replaced booking's event moves (same id, same Meet link) rather than a new one.
  const moveEvent = replaced !== null && calendar.createsEvents && settings.updateOnReschedule && inConnectedCalendar(host.calendar, replaced);
  // Otherwise its event leaves the calendar as a cancellation's would ("Delete on cancel").
  const removeReplacedEvent = replaced !== null && !moveEvent && calendarToClean(deps, host, replaced) !== null;
  const manageToken = randomBytes(32).toString('base64url');

  const booking: BookingRecord = {
    id,
    hostId: host.id,
    eventId: event.id,
    eventTitle: event.title,
    eventSlug: event.slug,
    name: input.name,
    email: input.email,
    additionalInfo: input.additionalInfo ?? null,
    guests: input.guests,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    blockedStart: new Date(blocked.start).toISOString(),
    blockedEnd: new Date(blocked.end).toISOString(),
    status: event.requiresConfirmation ? 'pending' : 'confirmed',
    guestTimeZone: userTimezone,
    calendarProvider: host.calendar!.provider,
    // Google with "Add bookings to Google Calendar" off: no event is made. The built-in calendar's event is the booking.
    calendarEventId: moveEvent
      ? replaced.calendarEventId
      : host.calendar!.provider !== 'builtin' && !settings.addToCalendar
        ? null
        : calendar.plannedEventId({ id }),
    calendarAccount: calendarAccountOf(host.calendar),
    manageTokenHash: sha256(manageToken),
    createdAt: now.toISOString(),
  };
  const response: CreateBookingResponse = {
    calendarEventCreated: false,
    date: formatInTimeZone(start, userTimezone, 'yyyy-MM-dd'),
    // In the guest's zone with its offset, like the time slots the guest picked from.
    startTime: formatInTimeZone(start, userTimezone, "yyyy-MM-dd'T'HH:mm:ssxxx"),
    eventTitle: event.title,
    eventSlug: event.slug,
    hostName: host.name,
    hostPhotoUrl: host.photoUrl,
    duration: event.duration,
    timezone: event.timeZone,
    userTimezone,
    bookingId: id,
    rescheduleToken: manageToken,
  };

  // The answer stored with the booking assumes the calendar takes the event; corrected below if it does not.
  const expectEvent = calendar.createsEvents && booking.calendarEventId !== null;
  for (let attempt = 1; ; attempt++) {
    const read = await deps.bookings.read(host.id, window.fromDay, window.toDay);
    const { dayVersions } = read;
    // A reschedule may overlap the time it gives up.
    const bookings = replaced ? read.bookings.filter((other) => other.id !== replaced.id) : read.bookings;
    const calendarBusy = await calendar.busyTimes(host, Date.parse(`${window.fromDay}T00:00:00Z`), blocked.end, { fresh: true }).catch((error: unknown) => {
      throw error instanceof CalendarDisconnected ? new Conflict(NO_CALENDAR) : error;
    });
    // The replaced booking's own calendar event is not a conflict for its reschedule.
    const busy = replaced?.calendarEventId ? withoutInterval(calendarBusy, Date.parse(replaced.start), Date.parse(replaced.end)) : calendarBusy;
    const check = isBookableSlot(availabilityInput(event, overrides, bookings, busy, now), { start, end });
    if (!check.bookable) {
      // The booking that took the time may be this very request, sent again with its Idempotency-Key while the
      // first attempt was being written: then its stored answer is the reply, not a refusal.
      if (idempotency && (check.reason === 'overlaps-busy' || check.reason === 'daily-limit')) {
        const replay = await replayed(deps, idempotency);
        if (replay) return replay;
      }
      throw unbookable(check.reason, event);
    }
    try {
      await deps.bookings.commit({
        booking,
        lockDays: days.map((day) => ({ day, expectedVersion: dayVersions.get(day) ?? 0 })),
        checkDays: readDays.filter((day) => !days.includes(day)).map((day) => ({ day, expectedVersion: dayVersions.get(day) ?? 0 })),
        idempotency: idempotency && {
          ...idempotency,
          statusCode: 201,
          response: { ...response, calendarEventCreated: expectEvent },
          expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_HOURS * 3600,
        },
        ...(replaced ? { replaces: { booking: replaced, ...(removeReplacedEvent ? { calendarPending: 'delete' as const } : {}) } } : {}),
      });
      // This process's availability views must not offer the time just taken.
      deps.recentReads.clear();
      calendar.forget(host.id);
      break;
    } catch (error) {
      if (error instanceof IdempotencyConflict && idempotency) {
        const replay = await replayed(deps, idempotency);
        if (replay) return replay;
      }
      if (error instanceof BookingChanged) {
        const replay = idempotency && (await replayed(deps, idempotency));
        if (replay) return replay;
        throw new Conflict(RESCHEDULE_GONE);
      }
      if (!(error instanceof WriteConflict) || attempt >= MAX_ATTEMPTS) {
        if (!(error instanceof WriteConflict)) throw error;
        const replay = idempotency && (await replayed(deps, idempotency));
        if (replay) return replay;
        throw new Conflict(SLOT_TAKEN);
      }
      await pause(5 + Math.random() * Math.min(20 * attempt, MAX_PAUSE_MS));
    }
  }

  if (removeReplacedEvent) await removeCalendarEvent(deps, host, replaced, calendar);
  // A failure is not lost: the next sync (at most 15 minutes on) makes the events its calendar lacks.
  const place = moveEvent ? calendar.moveEvent(host, booking, event) : calendar.createEvent(host, booking, event);
  const calendarEventCreated = await place.catch((error: unknown) => {
    deps.logger.error('Calendar event not created; the next sync makes it', { bookingId: id, error: error instanceof Error ? error.message : String(error) });
    return false;
  });
  const answer = { ...response, calendarEventCreated };
  // The stored answer was written with the booking, before the calendar answered; correct it if the calendar failed.
  if (idempotency && calendarEventCreated !== expectEvent) await deps.bookings.replaceIdempotencyResponse(idempotency.key, answer);
  return answer;
}

/** Busy intervals with [from, to) taken out (an interval covering it is split in two). */
function withoutInterval(busy: readonly BusyInterval[], from: number, to: number): BusyInterval[] {
  return busy.flatMap((period) => {
    const start = Number(period.start);
    const end = Number(period.end);
    if (end <= from || start >= to) return [period];
    return [
      ...(start < from ? [{ start, end: from }] : []),
      ...(end > to ? [{ start: to, end }] : []),
    ];
  });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The booking a reschedule replaces: the same event's, named by id and start, with the secret the guest got for it
 * (404 otherwise, whichever part is wrong); 409 when it was cancelled or rescheduled already.
 */
async function bookingToReplace(
  deps: Pick<Deps, 'bookings'>,
  hostId: string,
  event: EventRecord,
  reference: NonNullable<CreateBookingBody['reschedule']>,
): Promise<BookingRecord> {
  const start = parseOffsetDateTime(reference.startTime);
  const found = start === null ? null : await deps.bookings.find(hostId, new Date(start).toISOString(), reference.bookingId);
  const expected = Buffer.from(found?.manageTokenHash ?? '');
  const given = Buffer.from(sha256(reference.token));
  if (!found || found.eventId !== event.id || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new NotFound(RESCHEDULE_NOT_FOUND);
  }
  if (found.status === 'cancelled') throw new Conflict(RESCHEDULE_GONE);
  return found;
}

async function replayed(
  deps: BookingDeps,
  idempotency: { key: string; requestHash: string },
): Promise<CreateBookingResponse | null> {
  const stored = await deps.bookings.findIdempotency(idempotency.key);
  if (!stored) return null;
  if (stored.requestHash !== idempotency.requestHash) {
    throw new Unprocessable('This Idempotency-Key was already used for a different booking request.');
  }
  return stored.response as CreateBookingResponse;
}
