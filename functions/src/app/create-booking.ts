import { createHash } from 'node:crypto';

import type { CreateBookingBody, CreateBookingResponse } from '#shared/api/schemas/bookings';
import { isBookableSlot, type BusyInterval, type UnbookableReason } from '#shared/availability/engine';
import { dateInZone, isoInZone } from '#shared/availability/wall-clock';
import { DEMO_EVENT_ID, IDEMPOTENCY_TTL_HOURS } from '#shared/constants';
import { normalizeEmail } from '#shared/email-address';
import { MAX_PENDING_PER_GUEST } from '#shared/rules/pending';
import { enforceLimits, type RateLimitDeps } from '#functions/app/abuse-limits';
import { availabilityInput, guestZone, memberCalendarBusy } from '#functions/app/availability';
import {
  calendarToClean,
  removeCalendarEvent,
  type CalendarToCleanDeps,
  type RemoveCalendarEventDeps,
} from '#functions/app/cancel-booking';
import { assertHostPublishes, loadBookableEvent, type EventAccessDeps } from '#functions/app/event-access';
import { assertLinkLives } from '#functions/app/manage-booking';
import { newMeetingRoom } from '#functions/app/migrate-locations';
import { bookingLimits, mayReschedule, RESCHEDULE_LIMIT_REACHED, reschedulesOf } from '#functions/domain/abuse-limits';
import {
  blockedInterval,
  daysBetween,
  lockDays,
  parseOffsetDateTime,
  readWindow,
  zoneDayOf,
  type Interval,
} from '#functions/domain/booking';
import {
  calendarAccountOf,
  calendarSettingsOf,
  connectedCalendar,
  inConnectedCalendar,
} from '#functions/domain/calendar';
import { guestList } from '#functions/domain/guest-addresses';
import { allHaveGoogle, asksForPhone, bookingPlace, hasGoogle, meetingUrlFor } from '#functions/domain/locations';
import { icsUidOf, versionOf } from '#functions/domain/notices';
import { freePendingPlace, pendingExpiryHoursOf, requestExpiry } from '#functions/domain/pending';
import type { BookingRecord, DateOverrideRecord, EventRecord, HostRecord } from '#functions/domain/records';
import { assignPoolMember, counterMonth, splitHosts, type Assignment } from '#functions/domain/team-assignment';
import {
  BookingChanged,
  CalendarDisconnected,
  Conflict,
  Forbidden,
  IdempotencyConflict,
  NotFound,
  ServiceUnavailable,
  Unprocessable,
  ValidationFailed,
  WriteConflict,
  type AppError,
} from '#functions/errors';
import type { CalendarProvider, Deps, HoldCalendar, IdempotencyRecord, PendingPlaceClaim } from '#functions/ports';

/** What booking needs: the event, the abuse limits, the host and their calendar, the ledger, ids, recent reads. */
export type CreateBookingDeps = EventAccessDeps &
  RateLimitDeps &
  CalendarToCleanDeps &
  RemoveCalendarEventDeps &
  Pick<Deps, 'hosts' | 'ids' | 'recentReads' | 'metrics' | 'settings' | 'manageTokens'>;

export const SLOT_TAKEN = 'This time slot is no longer available.';
export const NO_CALENDAR = 'Could not confirm booking because the host does not have a calendar connected.';
export const DEMO_BOOKING = 'This is a demo booking and cannot be submitted';
export const RESCHEDULE_NOT_FOUND = 'This booking cannot be rescheduled: it was not found.';
export const RESCHEDULE_GONE = 'This booking was already cancelled or rescheduled.';
export const BOOKINGS_PAUSED = 'Bookings are paused at the moment. Please try again later.';
export const RESCHEDULE_STARTED = 'This booking has already started and can no longer be rescheduled.';
export const PHONE_NEEDED = 'Please enter your phone number.';
export const PHONE_NOT_ASKED = 'This event does not ask for a phone number.';
export const TOO_MANY_PENDING = `You already have ${MAX_PENDING_PER_GUEST} requests waiting for this host to confirm. Please wait for their answer, or cancel one, before asking for another time.`;
/**
 * Attempts at the optimistic write when other bookings of the same host days commit meanwhile. Every lost attempt
 * means another booking of those days committed, so a burst of N guests booking different times of one host day
 * needs up to N attempts for the last of them: the bound must cover a realistic burst (a whole day of slots), or a
 * free time would be refused as taken. The pause between attempts is jittered and capped.
 */
const MAX_ATTEMPTS = 25;
const MAX_PAUSE_MS = 100;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/** An Idempotency-Key as stored (`booking:` + the header) with the hash of the request it came with. */
type Idempotency = Pick<IdempotencyRecord, 'key' | 'requestHash'>;
/** The requested meeting as instants, and the guest's zone. */
type Slot = { start: number; end: number; userTimezone: string };
/**
 * The event booked (with its usable date exceptions), its host and the host's connected calendar, and whether the
 * booking waits for the host's confirmation (the event asks for it, or the admin turned auto-confirm off).
 */
type Target = {
  event: EventRecord;
  overrides: DateOverrideRecord[];
  host: HostRecord;
  calendar: CalendarProvider;
  pending: boolean;
};
/** The time the booking blocks, the days whose versions it bumps, and the days its check reads (domain/booking.ts). */
type Days = { blocked: Interval; lock: string[]; window: { fromDay: string; toDay: string }; read: string[] };
/** A reschedule: the booking it replaces, and whether that booking's calendar event moves or is removed. */
type Reschedule = { replaced: BookingRecord; moveEvent: boolean; removeEvent: boolean };
/** What steps 4 and 5 check and write, all decided before the first attempt. */
type BookingPlan = {
  target: Target;
  slot: Slot;
  days: Days;
  now: Date;
  booking: BookingRecord;
  reschedule: Reschedule | null;
  storedAnswer: (IdempotencyRecord & { expiresAt: number }) | undefined;
};

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
  deps: CreateBookingDeps,
  input: CreateBookingBody,
  idempotencyKey: string | undefined,
  clientAddress: string,
): Promise<CreateBookingResponse> {
  // 1. Also when the booking loses a race that this request's own first attempt may have won.
  return withIdempotency(deps, input, idempotencyKey, async (idempotency) => {
    // 2. and 3.
    const slot = requestedSlot(input);
    const loaded = await loadBookableEvent(deps, input.eventId);
    assertGuestPhone(loaded.event, input);
    // A team event type (issue 28): team-booking.ts's own steps 3 to 6.
    if (loaded.event.teamId) return createTeamBooking(deps, { input, loaded, slot, idempotency, clientAddress });
    const target = await bookingTarget(deps, loaded, slot, clientAddress, rescheduler(deps, input.reschedule));
    const days = bookingDays(target.event, slot);
    const id = deps.ids.next();
    const now = deps.clock.now();
    const reschedule = await planReschedule(deps, target, input.reschedule);
    const calendarEventId = planCalendarEvent(target, id, reschedule);
    const { booking, confirmation } = draftBooking(input, {
      id,
      now,
      slot,
      blocked: days.blocked,
      target,
      calendarEventId,
      manageToken: deps.manageTokens.tokenFor(id),
      replaced: reschedule?.replaced ?? null,
      tokens: deps.manageTokens,
      meetingUrl: meetingUrlFor(target.event, hasGoogle(target.host), reschedule?.replaced ?? null, () =>
        newMeetingRoom(deps.config),
      ),
    });
    // The answer stored with the booking assumes the calendar takes the event; corrected below if it does not.
    const expectEvent = target.calendar.createsEvents && calendarEventId !== null && !target.pending;
    const storedAnswer = idempotency && {
      ...idempotency,
      statusCode: 201,
      response: { ...confirmation, calendarEventCreated: expectEvent },
      expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_HOURS * 3600,
    };
    // 4. and 5.
    await commitWithRetry(deps, { target, slot, days, now, booking, reschedule, storedAnswer });
    // 6.
    const calendarEventCreated = await placeCalendarEvent(deps, target, booking, reschedule);
    const answer = { ...confirmation, calendarEventCreated };
    // The stored answer was written with the booking, before the calendar answered; correct it if the calendar failed.
    if (idempotency && calendarEventCreated !== expectEvent)
      await deps.bookings.replaceIdempotencyResponse(idempotency.key, answer);
    return answer;
  });
}

/**
 * A refusal caused by another request's write: the time taken, the replaced booking changed, the key stored. With
 * an Idempotency-Key that request may have been this one's first attempt, whose answer withIdempotency replays.
 */
class LostRace extends Error {
  constructor(readonly refusal: unknown) {
    super('Lost a race to another booking');
  }
}

/**
 * Step 1 around the rest (`book`): with an Idempotency-Key (400 when malformed), a stored answer for the same request
 * is replayed (another request's key: 422) before any work, and again when the booking loses a race (LostRace).
 */
async function withIdempotency(
  deps: CreateBookingDeps,
  input: CreateBookingBody,
  idempotencyKey: string | undefined,
  book: (idempotency: Idempotency | undefined) => Promise<CreateBookingResponse>,
): Promise<CreateBookingResponse> {
  let idempotency: Idempotency | undefined;
  if (idempotencyKey !== undefined) {
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new ValidationFailed('Idempotency-Key must be 1 to 128 letters, digits, ".", "_", ":" or "-".');
    }
    idempotency = { key: `booking:${idempotencyKey}`, requestHash: requestHash(input) };
    const replay = await replayed(deps, idempotency);
    if (replay) return replay;
  }
  try {
    return await book(idempotency);
  } catch (error) {
    if (!(error instanceof LostRace)) throw error;
    const replay = idempotency && (await replayed(deps, idempotency));
    if (replay) return replay;
    // Counted only when the guest is told the time was taken (not for a full day or a changed reschedule).
    if (error.refusal instanceof Conflict && error.refusal.message === SLOT_TAKEN)
      deps.metrics.count('BookingRaceLost');
    throw error.refusal;
  }
}

/** The answer stored for the key, or null; a key stored for another request is a 422. */
async function replayed(deps: CreateBookingDeps, idempotency: Idempotency): Promise<CreateBookingResponse | null> {
  const stored = await deps.bookings.findIdempotency(idempotency.key);
  if (!stored) return null;
  if (stored.requestHash !== idempotency.requestHash) {
    throw new Unprocessable('This Idempotency-Key was already used for a different booking request.');
  }
  return stored.response as CreateBookingResponse;
}

/**
 * The booking's source (issue 29): the request's `utm_*` parameters; a reschedule that brings none keeps the source of
 * the booking it replaces (it is the same meeting, moved). Nothing when neither has one.
 */
function sourceOf(input: CreateBookingBody, replaced: BookingRecord | null): Pick<BookingRecord, 'source'> {
  const source = input.source ?? replaced?.source;
  return source ? { source } : {};
}

/**
 * Issue 30: a phone call the host makes needs the guest's number (400 without it; a reschedule keeps the number of the
 * booking it replaces); any other event takes none (400).
 */
function assertGuestPhone(event: EventRecord, input: CreateBookingBody): void {
  const phone = input.phone?.trim();
  if (asksForPhone(event) && !phone && !input.reschedule)
    throw new ValidationFailed(PHONE_NEEDED, [{ path: 'phone', message: PHONE_NEEDED }]);
  if (!asksForPhone(event) && input.phone !== undefined)
    throw new ValidationFailed(PHONE_NOT_ASKED, [{ path: 'phone', message: PHONE_NOT_ASKED }]);
}

/** Issue 30: the booking's room of the built-in video call, and the guest's number for a call the host makes. */
function locationOf(
  input: CreateBookingBody,
  meetingUrl: string | null,
  replaced: BookingRecord | null,
): Pick<BookingRecord, 'meetingUrl' | 'guestPhone'> {
  const guestPhone = input.phone?.trim() || replaced?.guestPhone;
  return { ...(meetingUrl ? { meetingUrl } : {}), ...(guestPhone ? { guestPhone } : {}) };
}

/** What makes two requests "the same" for an Idempotency-Key: the validated booking request. */
function requestHash(input: CreateBookingBody): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** Step 2: not the demo event (403); the times as instants with offsets, end after start (422); the guest's zone. */
function requestedSlot(input: CreateBookingBody): Slot {
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
 * Step 3: the event (404, 403), counted against the guest address's abuse limits (429; not a reschedule with the
 * booking's own link, checked before any write); the meeting must last the event's duration (422); the host must
 * publish (403) and have a connected calendar (409).
 */
async function bookingTarget(
  deps: CreateBookingDeps,
  { event, overrides }: { event: EventRecord; overrides: DateOverrideRecord[] },
  slot: Slot,
  clientAddress: string,
  movedBy: 'guest' | 'host' | null,
): Promise<Target> {
  await enforceLimits(deps, bookingLimits(clientAddress, event.userId, movedBy !== null));
  if (slot.end - slot.start !== event.duration * 60_000) throw unbookable('wrong-duration', event);
  const [host, settings] = await Promise.all([deps.hosts.get(event.userId), deps.settings.get()]);
  assertHostPublishes(host, deps.clock.now(), deps.config.billing !== null);
  const calendar = connectedCalendar(deps.calendars, host);
  if (!host || !calendar) throw new Conflict(NO_CALENDAR);
  // The admin's "Available for Bookings" off pauses every booking page (issue 17).
  if (settings?.availableForBookings === false) throw new ServiceUnavailable(BOOKINGS_PAUSED);
  const pending = needsConfirmation(event, settings, movedBy);
  return { event, overrides, host, calendar, pending };
}

/** The time the meeting blocks with the event's buffers, and the days to lock and to read (a daily limit: the host day). */
function bookingDays(event: EventRecord, slot: Slot): Days {
  const blocked = blockedInterval(slot.start, slot.end, event.bufferBefore, event.bufferAfter);
  const hostDay = event.maxBookingsPerDay != null ? zoneDayOf(slot.start, event.timeZone) : null;
  const window = readWindow(blocked, hostDay);
  return { blocked, lock: lockDays(blocked, hostDay), window, read: daysBetween(window.fromDay, window.toDay) };
}

/**
 * Step 3, a reschedule: the booking it replaces (bookingToReplace). With "Update on reschedule" its event moves to the
 * new time (same id, same Meet link); otherwise it leaves the calendar as a cancellation's would ("Delete on cancel").
 * Only a confirmed booking has an event; a new time that waits for the host's confirmation gets none until then.
 */
async function planReschedule(
  deps: CreateBookingDeps,
  { host, calendar, event, pending }: Target,
  reference: CreateBookingBody['reschedule'],
): Promise<Reschedule | null> {
  if (!reference) return null;
  const replaced = await bookingToReplace(deps, host.id, event, reference);
  const hadEvent = replaced.status === 'confirmed';
  const moveEvent =
    hadEvent &&
    !pending &&
    calendar.createsEvents &&
    calendarSettingsOf(host).updateOnReschedule &&
    inConnectedCalendar(host.calendar, replaced);
  return { replaced, moveEvent, removeEvent: hadEvent && !moveEvent && calendarToClean(deps, host, replaced) !== null };
}

/**
 * The booking a reschedule replaces: the same event's, named by id and start, with the secret the guest got for it
 * (404 otherwise, whichever part is wrong); 409 when it was cancelled or rescheduled already.
 */
async function bookingToReplace(
  deps: CreateBookingDeps,
  hostId: string,
  event: EventRecord,
  reference: NonNullable<CreateBookingBody['reschedule']>,
): Promise<BookingRecord> {
  const start = parseOffsetDateTime(reference.startTime);
  const found =
    start === null ? null : await deps.bookings.find(hostId, new Date(start).toISOString(), reference.bookingId);
  if (!found || found.eventId !== event.id || !replacerOf(deps, reference)) {
    throw new NotFound(RESCHEDULE_NOT_FOUND);
  }
  assertLinkLives(found, deps.clock.now());
  if (found.status === 'cancelled') throw new Conflict(RESCHEDULE_GONE);
  if (Date.parse(found.start) <= deps.clock.now().getTime()) throw new Conflict(RESCHEDULE_STARTED);
  if (!mayReschedule(found)) throw new Conflict(RESCHEDULE_LIMIT_REACHED);
  return found;
}

/**
 * Issue 31: who a reschedule's token says is moving the booking: its guest (their manage token) or its host (the
 * reschedule-only token of the bookings list's "Copy reschedule link"); null for neither. Both kinds are checked.
 */
/**
 * Who moves the booking a reschedule names: 'guest' or 'host' by the link's token kind, null for a new booking (a
 * token of neither kind is refused later, where the replaced booking is read).
 */
function rescheduler(
  deps: Pick<CreateBookingDeps, 'manageTokens'>,
  reference: CreateBookingBody['reschedule'],
): 'guest' | 'host' | null {
  return reference ? (replacerOf(deps, reference) ?? 'guest') : null;
}

/**
 * Whether the booking waits for the host: the event asks for confirmation (not when the host moves it with their own
 * reschedule link: they chose the time), or the admin turned auto-confirm off (every booking, issue 17).
 */
function needsConfirmation(
  event: Pick<EventRecord, 'requiresConfirmation'>,
  settings: { autoConfirmBookings?: boolean } | null | undefined,
  movedBy: 'guest' | 'host' | null,
): boolean {
  return (event.requiresConfirmation && movedBy !== 'host') || settings?.autoConfirmBookings === false;
}

function replacerOf(
  deps: Pick<CreateBookingDeps, 'manageTokens'>,
  reference: NonNullable<CreateBookingBody['reschedule']>,
): 'guest' | 'host' | null {
  const guest = deps.manageTokens.verify('manage', reference.bookingId, reference.token);
  const host = deps.manageTokens.verify('host-reschedule', reference.bookingId, reference.token);
  return guest ? 'guest' : host ? 'host' : null;
}

/** The booking a reschedule made names the one it replaced, and the host when the host's link moved it (issue 31). */
function rescheduledFromOf(
  replaced: BookingRecord | null,
  reference: CreateBookingBody['reschedule'],
  deps: Pick<CreateBookingDeps, 'manageTokens'>,
): Pick<BookingRecord, 'rescheduledFrom'> {
  if (!replaced || !reference) return {};
  const by = replacerOf(deps, reference) === 'host' ? { by: 'host' as const } : {};
  return { rescheduledFrom: { id: replaced.id, start: replaced.start, end: replaced.end, ...by } };
}

/**
 * The booking's calendar event id (step 6), fixed before the write so that retries never duplicate the event: a moved
 * event keeps its own; Google with "Add bookings to Google Calendar" off gets none; the built-in calendar's event is
 * the booking itself.
 */
function planCalendarEvent(
  { host, calendar }: Target,
  bookingId: string,
  reschedule: Reschedule | null,
): string | null {
  if (reschedule?.moveEvent) return reschedule.replaced.calendarEventId;
  if (host.calendar!.provider !== 'builtin' && !calendarSettingsOf(host).addToCalendar) return null;
  return calendar.plannedEventId({ id: bookingId });
}

/** The booking record to write and the confirmation for it; the secret that lets the guest reschedule is stored hashed. */
function draftBooking(
  input: CreateBookingBody,
  draft: {
    id: string;
    now: Date;
    slot: Slot;
    blocked: Interval;
    target: Target;
    calendarEventId: string | null;
    manageToken: string;
    replaced: BookingRecord | null;
    meetingUrl: string | null;
    /** Issue 31: to tell a reschedule by the host's link. */
    tokens: CreateBookingDeps['manageTokens'];
  },
): { booking: BookingRecord; confirmation: CreateBookingResponse } {
  const {
    id,
    now,
    slot: { start, end, userTimezone },
    blocked,
    target: { event, host, pending },
    calendarEventId,
    manageToken,
    replaced,
    meetingUrl,
  } = draft;
  const booking: BookingRecord = {
    id,
    hostId: host.id,
    eventId: event.id,
    eventTitle: event.title,
    eventSlug: event.slug,
    name: input.name,
    email: input.email,
    additionalInfo: input.additionalInfo ?? null,
    guests: guestList(input.guests, input.email, [host.email]),
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    blockedStart: new Date(blocked.start).toISOString(),
    blockedEnd: new Date(blocked.end).toISOString(),
    status: pending ? 'pending' : 'confirmed',
    ...(pending ? { pendingExpiresAt: requestExpiry(now, start, pendingExpiryHoursOf(event)) } : {}),
    meetingType: event.meetingType ?? 'consultation',
    guestTimeZone: userTimezone,
    calendarProvider: host.calendar!.provider,
    calendarEventId,
    calendarAccount: calendarAccountOf(host.calendar),
    manageTokenHash: sha256(manageToken),
    // A reschedule continues the replaced booking's invitation: same UID, the next SEQUENCE.
    version: replaced ? versionOf(replaced) + 1 : 1,
    icsUid: replaced ? icsUidOf(replaced) : invitationUid(id, host, calendarEventId),
    ...rescheduledFromOf(replaced, input.reschedule, { manageTokens: draft.tokens }),
    ...(replaced ? { rescheduleCount: reschedulesOf(replaced) + 1 } : {}),
    ...sourceOf(input, replaced),
    ...locationOf(input, meetingUrl, replaced),
    createdAt: now.toISOString(),
  };
  const confirmation: CreateBookingResponse = {
    calendarEventCreated: false,
    date: dateInZone(userTimezone, start),
    // In the guest's zone with its offset, like the time slots the guest picked from.
    startTime: isoInZone(userTimezone, start),
    eventTitle: event.title,
    eventSlug: event.slug,
    hostName: host.name,
    hostPhotoUrl: host.photoUrl,
    hosts: [{ name: host.name }],
    duration: event.duration,
    timezone: event.timeZone,
    userTimezone,
    bookingId: id,
    // The guest's secret goes only to the guest: a move the host made with their own link answers without it.
    ...(rescheduler({ manageTokens: draft.tokens }, input.reschedule) === 'host'
      ? {}
      : { rescheduleToken: manageToken }),
    status: pending ? 'pending' : 'confirmed',
    place: bookingPlace(event, booking),
  };
  return { booking, confirmation };
}

/**
 * Steps 4 and 5, the one place the booking is written: check the time against fresh reads, then commit the booking
 * with its day versions, the replaced booking's cancellation and the stored answer in one transaction. A day that
 * moved on meanwhile means another booking committed: check and commit again (MAX_ATTEMPTS, jittered pauses).
 */
async function commitWithRetry(deps: CreateBookingDeps, plan: BookingPlan): Promise<void> {
  const { target, days, booking, reschedule } = plan;
  for (let attempt = 1; ; attempt++) {
    const dayVersions = await checkSlot(deps, plan);
    const place = await pendingPlaceFor(deps, booking, target.host.id, reschedule?.replaced ?? null, plan.now);
    const versionOf = (day: string) => ({ day, expectedVersion: dayVersions.get(day) ?? 0 });
    try {
      await deps.bookings.commit({
        booking,
        ...(place ? { pendingPlace: place } : {}),
        lockDays: days.lock.map(versionOf),
        checkDays: days.read.filter((day) => !days.lock.includes(day)).map(versionOf),
        idempotency: plan.storedAnswer,
        ...(reschedule
          ? {
              replaces: {
                booking: reschedule.replaced,
                ...(reschedule.removeEvent ? { calendarPending: 'delete' as const } : {}),
              },
            }
          : {}),
      });
      break;
    } catch (error) {
      if (!(error instanceof WriteConflict) || attempt >= MAX_ATTEMPTS) throw commitRefusal(error);
      await pause(5 + Math.random() * Math.min(20 * attempt, MAX_PAUSE_MS));
    }
  }
  deps.metrics.count('BookingCreated');
  // This process's availability views must not offer the time just taken.
  deps.recentReads.clear();
  target.calendar.forget(target.host.id);
}

/**
 * Issue 31: the request place a pending booking takes (domain/pending.ts), read afresh for each attempt; none for a
 * confirmed booking. 409 when the guest's e-mail already holds MAX_PENDING_PER_GUEST unexpired requests with this
 * host (a reschedule gives up its own). A place taken meanwhile by another request fails the commit's condition,
 * and the next attempt judges again.
 */
async function pendingPlaceFor(
  deps: CreateBookingDeps,
  booking: BookingRecord,
  ownerId: string,
  replaced: BookingRecord | null,
  now: Date,
): Promise<PendingPlaceClaim | null> {
  if (booking.status !== 'pending') return null;
  const email = normalizeEmail(booking.email);
  const places = await deps.bookings.pendingPlaces(ownerId, email);
  const free = freePendingPlace(places, now, replaced?.id ?? null);
  // A LostRace: the request that took the last place may be this one's first attempt (its Idempotency-Key).
  if (!free) throw new LostRace(new Conflict(TOO_MANY_PENDING));
  return { ownerId, email, place: free.place, previousHolder: free.holder?.bookingId ?? null };
}

/** Why a commit lost: the days (after the last attempt) or the replaced booking changed, or the key was stored. */
function commitRefusal(error: unknown): unknown {
  if (error instanceof WriteConflict) return new LostRace(new Conflict(SLOT_TAKEN));
  if (error instanceof BookingChanged) return new LostRace(new Conflict(RESCHEDULE_GONE));
  if (error instanceof IdempotencyConflict) return new LostRace(error);
  return error;
}

/**
 * Step 4: the host's bookings and day versions around the time (one read) and the calendar's busy times, fresh; the
 * engine re-checks the requested time as of `now`. Answers the day versions read.
 */
async function checkSlot(
  deps: CreateBookingDeps,
  { target: { event, overrides, host, calendar }, slot, days, now, reschedule }: BookingPlan,
): Promise<Map<string, number>> {
  const replaced = reschedule?.replaced;
  const read = await deps.bookings.read(host.id, days.window.fromDay, days.window.toDay);
  // A reschedule may overlap the time it gives up.
  const bookings = replaced ? read.bookings.filter((other) => other.id !== replaced.id) : read.bookings;
  const from = Date.parse(`${days.window.fromDay}T00:00:00Z`);
  const calendarBusy = await calendar
    .busyTimes(host, from, days.blocked.end, { fresh: true })
    .catch((error: unknown) => {
      throw error instanceof CalendarDisconnected ? new Conflict(NO_CALENDAR) : error;
    });
  // The replaced booking's own calendar event is not a conflict for its reschedule.
  const busy = replaced?.calendarEventId
    ? withoutInterval(calendarBusy, Date.parse(replaced.start), Date.parse(replaced.end))
    : calendarBusy;
  const check = isBookableSlot(availabilityInput(event, overrides, bookings, busy, now), {
    start: slot.start,
    end: slot.end,
  });
  if (!check.bookable) {
    const refusal = unbookable(check.reason, event);
    // The booking that took the time may be this very request, sent again with its Idempotency-Key while the
    // first attempt was being written: then its stored answer is the reply, not a refusal.
    throw check.reason === 'overlaps-busy' || check.reason === 'daily-limit' ? new LostRace(refusal) : refusal;
  }
  return read.dayVersions;
}

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
      return new Unprocessable(
        `This time is too far ahead: bookings open ${event.advanceBookingDays} days in advance.`,
      );
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
 * Step 6: a reschedule's old event is removed ("Delete on cancel") or moved; otherwise the booking's event is made.
 * Answers whether the calendar took it: a failure is logged, and the next sync (at most 15 minutes on) makes it.
 */
async function placeCalendarEvent(
  deps: CreateBookingDeps,
  { host, calendar, event, pending }: Target,
  booking: BookingRecord,
  reschedule: Reschedule | null,
): Promise<boolean> {
  if (reschedule?.removeEvent) await removeCalendarEvent(deps, host, reschedule.replaced, calendar);
  // A pending booking gets its event when the host confirms it (confirm-booking.ts).
  if (pending) return false;
  const place = reschedule?.moveEvent
    ? calendar.moveEvent(host, booking, event)
    : calendar.createEvent(host, booking, event);
  return place.catch((error: unknown) => {
    deps.logger.error('Calendar event not created; the next sync makes it', {
      bookingId: booking.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  });
}

/**
 * The UID of the booking's calendar invitation for its whole life. A Google event (which Google's own invitations
 * announce to the guests) has the UID Google gives an event of that id, so a calendar app merges our invitation
 * with Google's instead of showing the meeting twice; otherwise the booking's own.
 */
function invitationUid(bookingId: string, host: HostRecord, calendarEventId: string | null): string {
  return host.calendar?.provider === 'google' && calendarEventId
    ? `${calendarEventId}@google.com`
    : `${bookingId}@meetwise`;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// Team event types (issue 28)

/** A team booking's request, as the shared steps 1 and 2 left it. */
type TeamRequest = {
  input: CreateBookingBody;
  loaded: { event: EventRecord; overrides: DateOverrideRecord[] };
  slot: Slot;
  idempotency: Idempotency | undefined;
  clientAddress: string;
};

/** One attempt's view of a member: their record, their calendar, their day versions, whether they can take the time. */
type MemberCheck = {
  userId: string;
  host: HostRecord | null;
  calendar: CalendarProvider | undefined;
  dayVersions: Map<string, number>;
  check: ReturnType<typeof isBookableSlot> | null;
};

/**
 * Book a team event type's slot for a guest (createBooking's steps 3 to 6 for a team).
 * 3. Count the booking against the guest's abuse limits; the meeting must last the event's duration (422). A
 *    reschedule names its booking with its secret (404 / 409 as for a personal one).
 * 4. Read, in parallel: the publishing account (1 Query, it must publish: 403), ONE BatchGetItem (settings, team,
 *    every host's profile and calendar, the pool's round-robin counters of this month) and every host's bookings
 *    around the time (1 Query each): 3 + hosts reads, with the Idempotency-Key's GetItem 4 + hosts. Each host's
 *    calendar busy times, fresh. Every fixed host (collective: every host) must be free (else 409 or 422 with the
 *    engine's reason); round-robin: the pool members free are ranked by the assignment rule
 *    (domain/team-assignment.ts), a reschedule keeping its member when they are free ('kept on reschedule').
 * 5. One transaction: the booking under its first host, a hold under every other one, every assigned host's days
 *    locked and the other days read checked, the round-robin counter bumped, the idempotency answer (and a
 *    reschedule's cancellation with its holds). A day that moved on means another booking took a host meanwhile:
 *    back to 4, which sees it, so the next free member is tried; with none free, 409.
 * 6. Each assigned host with a calendar that takes events gets the booking's event. Answer with the hosts' names.
 */
async function createTeamBooking(deps: CreateBookingDeps, request: TeamRequest): Promise<CreateBookingResponse> {
  const { input, loaded, slot, idempotency, clientAddress } = request;
  const { event, overrides } = loaded;
  // 3. A reschedule is not counted (its link is checked below, before any write).
  await enforceLimits(deps, bookingLimits(clientAddress, event.userId, input.reschedule !== undefined));
  if (slot.end - slot.start !== event.duration * 60_000) throw unbookable('wrong-duration', event);
  const days = bookingDays(event, slot);
  const id = deps.ids.next();
  const now = deps.clock.now();
  const manageToken = deps.manageTokens.tokenFor(id);
  const replaced = input.reschedule ? await teamBookingToReplace(deps, event, input.reschedule) : null;
  const { fixed, pool } = splitHosts(event);
  const hostIds = [...fixed, ...pool].map((host) => host.userId);
  if (hostIds.length === 0) throw new LostRace(new Conflict(SLOT_TAKEN));
  const month = counterMonth(now);
  // Issue 30: one room for every attempt (a retry's answer names the same link).
  const freshRoom = newMeetingRoom(deps.config);
  let publisherChecked = false;
  for (let attempt = 1; ; attempt++) {
    // 4.
    const [publisher, context, ...reads] = await Promise.all([
      publisherChecked ? null : deps.hosts.get(event.userId),
      deps.hosts.teamContext({
        teamId: event.teamId!,
        hostIds,
        ...(pool.length ? { counters: { eventId: event.id, month, userIds: pool.map((host) => host.userId) } } : {}),
        consistent: true,
      }),
      ...hostIds.map((hostId) => deps.bookings.read(hostId, days.window.fromDay, days.window.toDay)),
    ]);
    if (!publisherChecked) assertHostPublishes(publisher, now, deps.config.billing !== null);
    publisherChecked = true;
    if (context.settings?.availableForBookings === false) throw new ServiceUnavailable(BOOKINGS_PAUSED);
    const pending = needsConfirmation(event, context.settings, rescheduler(deps, input.reschedule));
    const checks = new Map<string, MemberCheck>();
    await Promise.all(
      hostIds.map(async (userId, index) => {
        checks.set(
          userId,
          await checkMember(
            deps,
            { event, overrides, slot, days, now, replaced },
            userId,
            context.hosts.get(userId) ?? null,
            reads[index]!,
          ),
        );
      }),
    );
    const free = (userId: string) => checks.get(userId)?.check?.bookable === true;
    const blocker = fixed.find((host) => !free(host.userId));
    if (blocker) throw teamRefusal(event, checks.get(blocker.userId)!);
    let assignment: Assignment | null = null;
    if (pool.length) {
      const kept = replaced?.assignment?.userId;
      assignment =
        kept && pool.some((host) => host.userId === kept) && free(kept)
          ? { userId: kept, reason: 'kept on reschedule' }
          : assignPoolMember(
              pool,
              new Set(pool.filter((host) => free(host.userId)).map((host) => host.userId)),
              context.counts,
            );
      if (!assignment) throw teamRefusal(event, checks.get(pool[0]!.userId)!);
    }
    const assigned = assignment ? [assignment.userId, ...fixed.map((host) => host.userId)] : hostIds;
    const hosts = assigned.map((userId) => checks.get(userId)!);
    const team = context.team;
    const { booking, confirmation } = draftTeamBooking(input, {
      id,
      now,
      slot,
      blocked: days.blocked,
      event,
      hosts,
      pending,
      manageToken,
      replaced,
      tokens: deps.manageTokens,
      team: team ? { id: team.id, slug: team.slug, name: team.name } : { id: event.teamId!, slug: '', name: '' },
      assignment,
      meetingUrl: meetingUrlFor(event, allHaveGoogle(hosts.map((member) => member.host)), replaced, () => freshRoom),
    });
    const expectEvent = !pending && hosts.some((member) => member.calendar?.createsEvents && plannedEvent(member, id));
    const storedAnswer = idempotency && {
      ...idempotency,
      statusCode: 201,
      response: { ...confirmation, calendarEventCreated: expectEvent },
      expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_HOURS * 3600,
    };
    const versions = (member: MemberCheck) => {
      const versionOf = (day: string) => ({ day, expectedVersion: member.dayVersions.get(day) ?? 0 });
      return {
        lockDays: days.lock.map(versionOf),
        checkDays: days.read.filter((day) => !days.lock.includes(day)).map(versionOf),
      };
    };
    // 5. (Issue 31: a request takes one of the guest's places with the event's publishing account.)
    const place = await pendingPlaceFor(deps, booking, event.userId, replaced, now);
    try {
      await deps.bookings.commit({
        booking,
        ...(place ? { pendingPlace: place } : {}),
        ...versions(hosts[0]!),
        members: hosts.slice(1).map((member) => ({ hostId: member.userId, ...versions(member) })),
        holdCalendars: Object.fromEntries(
          hosts.slice(1).map((member) => [member.userId, memberCalendarFields(member, id)]),
        ),
        ...(assignment
          ? { roundRobin: { eventId: event.id, month, userId: assignment.userId, at: now.toISOString() } }
          : {}),
        idempotency: storedAnswer,
        ...(replaced ? { replaces: { booking: replaced, ...oldEventRemoval(replaced) } } : {}),
      });
    } catch (error) {
      if (!(error instanceof WriteConflict) || attempt >= MAX_ATTEMPTS) throw commitRefusal(error);
      await pause(5 + Math.random() * Math.min(20 * attempt, MAX_PAUSE_MS));
      continue;
    }
    deps.metrics.count('BookingCreated');
    deps.recentReads.clear();
    // 6.
    const calendarEventCreated = pending ? false : await placeTeamEvents(deps, event, booking, hosts);
    const answer = { ...confirmation, calendarEventCreated };
    if (idempotency && calendarEventCreated !== expectEvent)
      await deps.bookings.replaceIdempotencyResponse(idempotency.key, answer);
    return answer;
  }
}

/**
 * A team reschedule's replaced booking owes the removal of its event from its first host's calendar (each new booking
 * has an event of its own, and holds are marked by the ledger): the calendar sync removes it, "Delete on cancel"
 * permitting. Only a confirmed booking in a calendar that takes events has one.
 */
function oldEventRemoval(replaced: BookingRecord): { calendarPending?: 'delete' } {
  return replaced.status === 'confirmed' && replaced.calendarEventId && replaced.calendarProvider !== 'builtin'
    ? { calendarPending: 'delete' }
    : {};
}

/** Step 4 for one host: their bookings (holds included) and fresh calendar busy times, and the engine's check. */
async function checkMember(
  deps: CreateBookingDeps,
  plan: {
    event: EventRecord;
    overrides: DateOverrideRecord[];
    slot: Slot;
    days: Days;
    now: Date;
    replaced: BookingRecord | null;
  },
  userId: string,
  host: HostRecord | null,
  read: { bookings: BookingRecord[]; dayVersions: Map<string, number> },
): Promise<MemberCheck> {
  const { event, overrides, slot, days, now, replaced } = plan;
  const calendar = connectedCalendar(deps.calendars, host);
  const from = Date.parse(`${days.window.fromDay}T00:00:00Z`);
  const calendarBusy = await memberCalendarBusy(deps, host, from, days.blocked.end, true);
  if (!host || !calendar || !calendarBusy)
    return { userId, host, calendar, dayVersions: read.dayVersions, check: null };
  const bookings = replaced ? read.bookings.filter((other) => other.id !== replaced.id) : read.bookings;
  const busy =
    replaced && replaced.hostIds?.includes(userId)
      ? withoutInterval(calendarBusy, Date.parse(replaced.start), Date.parse(replaced.end))
      : calendarBusy;
  const check = isBookableSlot(availabilityInput(event, overrides, bookings, busy, now), {
    start: slot.start,
    end: slot.end,
  });
  return { userId, host, calendar, dayVersions: read.dayVersions, check };
}

/** Why the team cannot take the time: the engine's reason for a member (a member who cannot be booked: taken). */
function teamRefusal(event: EventRecord, member: MemberCheck): unknown {
  const reason = member.check && !member.check.bookable ? member.check.reason : 'overlaps-busy';
  const refusal = unbookable(reason, event);
  return reason === 'overlaps-busy' || reason === 'daily-limit' ? new LostRace(refusal) : refusal;
}

/** The booking's event id in a member's calendar, planned before the write (null: none to make). */
function plannedEvent(member: MemberCheck, bookingId: string): string | null {
  if (!member.host?.calendar || !member.calendar) return null;
  if (member.host.calendar.provider !== 'builtin' && !calendarSettingsOf(member.host).addToCalendar) return null;
  return member.calendar.plannedEventId({ id: bookingId });
}

/** A member's own calendar fields for their copy of the booking. */
function memberCalendarFields(member: MemberCheck, bookingId: string): HoldCalendar {
  return {
    calendarProvider: member.host?.calendar?.provider ?? 'builtin',
    calendarEventId: plannedEvent(member, bookingId),
    calendarAccount: calendarAccountOf(member.host?.calendar),
  };
}

/**
 * A team reschedule's booking: found by its id alone (it lives under its first host), the same event's, with the
 * guest's secret (404 otherwise); 409 when it was cancelled or rescheduled already, or has started.
 */
async function teamBookingToReplace(
  deps: CreateBookingDeps,
  event: EventRecord,
  reference: NonNullable<CreateBookingBody['reschedule']>,
): Promise<BookingRecord> {
  const start = parseOffsetDateTime(reference.startTime);
  const found = start === null ? null : await deps.bookings.findById(reference.bookingId);
  if (!found || found.eventId !== event.id || Date.parse(found.start) !== start || !replacerOf(deps, reference)) {
    throw new NotFound(RESCHEDULE_NOT_FOUND);
  }
  assertLinkLives(found, deps.clock.now());
  if (found.status === 'cancelled') throw new Conflict(RESCHEDULE_GONE);
  if (Date.parse(found.start) <= deps.clock.now().getTime()) throw new Conflict(RESCHEDULE_STARTED);
  if (!mayReschedule(found)) throw new Conflict(RESCHEDULE_LIMIT_REACHED);
  return found;
}

/** The team booking to write (under its first host, the others named in hostIds) and its confirmation. */
function draftTeamBooking(
  input: CreateBookingBody,
  draft: {
    id: string;
    now: Date;
    slot: Slot;
    blocked: Interval;
    event: EventRecord;
    hosts: MemberCheck[];
    pending: boolean;
    manageToken: string;
    replaced: BookingRecord | null;
    /** Issue 31: to tell a reschedule by the host's link. */
    tokens: CreateBookingDeps['manageTokens'];
    team: { id: string; slug: string; name: string };
    assignment: Assignment | null;
    meetingUrl: string | null;
  },
): { booking: BookingRecord; confirmation: CreateBookingResponse } {
  const { id, now, slot, blocked, event, hosts, pending, manageToken, replaced, team, assignment, meetingUrl } = draft;
  const primary = hosts[0]!;
  const names = hosts.map((member) => member.host!.name);
  const hostEmails = hosts.map((member) => member.host!.email);
  const calendar = memberCalendarFields(primary, id);
  const booking: BookingRecord = {
    id,
    hostId: primary.userId,
    eventId: event.id,
    eventTitle: event.title,
    eventSlug: event.slug,
    name: input.name,
    email: input.email,
    additionalInfo: input.additionalInfo ?? null,
    guests: guestList(input.guests, input.email, hostEmails),
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
    blockedStart: new Date(blocked.start).toISOString(),
    blockedEnd: new Date(blocked.end).toISOString(),
    status: pending ? 'pending' : 'confirmed',
    ...(pending ? { pendingExpiresAt: requestExpiry(now, slot.start, pendingExpiryHoursOf(event)) } : {}),
    meetingType: event.meetingType ?? 'consultation',
    guestTimeZone: slot.userTimezone,
    ...calendar,
    manageTokenHash: sha256(manageToken),
    version: replaced ? versionOf(replaced) + 1 : 1,
    icsUid: replaced ? icsUidOf(replaced) : invitationUid(id, primary.host!, calendar.calendarEventId),
    ...rescheduledFromOf(replaced, input.reschedule, { manageTokens: draft.tokens }),
    ...(replaced ? { rescheduleCount: reschedulesOf(replaced) + 1 } : {}),
    ...sourceOf(input, replaced),
    teamId: team.id,
    teamSlug: team.slug,
    teamName: team.name,
    schedulingType: event.schedulingType ?? 'collective',
    hostIds: hosts.map((member) => member.userId),
    hostNames: names,
    ...(assignment ? { assignment } : {}),
    ...locationOf(input, meetingUrl, replaced),
    createdAt: now.toISOString(),
  };
  const confirmation: CreateBookingResponse = {
    calendarEventCreated: false,
    date: dateInZone(slot.userTimezone, slot.start),
    startTime: isoInZone(slot.userTimezone, slot.start),
    eventTitle: event.title,
    eventSlug: event.slug,
    hostName: names.join(', '),
    hostPhotoUrl: primary.host!.photoUrl,
    hosts: names.map((name) => ({ name })),
    duration: event.duration,
    timezone: event.timeZone,
    userTimezone: slot.userTimezone,
    bookingId: id,
    // The guest's secret goes only to the guest: a move the host made with their own link answers without it.
    ...(rescheduler({ manageTokens: draft.tokens }, input.reschedule) === 'host'
      ? {}
      : { rescheduleToken: manageToken }),
    status: pending ? 'pending' : 'confirmed',
    place: bookingPlace(event, booking),
  };
  return { booking, confirmation };
}

/**
 * Step 6 for a team: the event in each assigned host's calendar that takes events (each with their own event id);
 * answers whether the first host's calendar took it. Failures are logged; the next sync makes the event.
 */
async function placeTeamEvents(
  deps: CreateBookingDeps,
  event: EventRecord,
  booking: BookingRecord,
  hosts: MemberCheck[],
): Promise<boolean> {
  const placed = await Promise.all(
    hosts.map(async (member) => {
      member.calendar?.forget(member.userId);
      const fields = memberCalendarFields(member, booking.id);
      if (!member.calendar?.createsEvents || !fields.calendarEventId || !member.host) return false;
      return member.calendar.createEvent(member.host, { ...booking, ...fields }, event).catch((error: unknown) => {
        deps.logger.error('Calendar event not created; the next sync makes it', {
          bookingId: booking.id,
          hostId: member.userId,
          error: error instanceof Error ? error.message : String(error),
        });
        return false;
      });
    }),
  );
  return placed.some(Boolean);
}
