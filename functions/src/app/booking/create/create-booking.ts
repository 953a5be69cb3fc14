import { randomBytes } from 'node:crypto';

import type { CreateBookingBody, CreateBookingResponse } from '#shared/api/schemas/bookings';
import type { CalendarToCleanDeps, RemoveCalendarEventDeps } from '#functions/app/booking/cancel-booking';
import { placeCalendarEvents } from '#functions/app/booking/create/calendar-events';
import { commitBooking, withRetries, type CommitDeps } from '#functions/app/booking/create/commit';
import { calendarFields, draftBooking } from '#functions/app/booking/create/draft';
import {
  bookedHosts,
  hostsOf,
  needsConfirmation,
  type HostsDeps,
  type HostSource,
} from '#functions/app/booking/create/hosts';
import {
  storedAnswerFor,
  withIdempotency,
  type Idempotency,
  type IdempotencyDeps,
} from '#functions/app/booking/create/idempotency';
import { unbookable } from '#functions/app/booking/create/refusals';
import {
  assertGuestPhone,
  bookingDays,
  bookingToReplace,
  replacementOf,
  requestedSlot,
  rescheduler,
  type Days,
  type MovedBy,
  type ReplacedBookingDeps,
  type Slot,
} from '#functions/app/booking/create/slot';
import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import { loadBookableEvent, type EventAccessDeps } from '#functions/app/common/event-access';
import { bookingLimits } from '#functions/domain/abuse-limits';
import { allHaveGoogle, meetingUrlFor, newMeetingRoom } from '#functions/domain/locations';
import type { BookingRecord, DateOverrideRecord, EventRecord } from '#functions/domain/records';
import type { BookingLedger } from '#functions/ports/bookings';
import type { RecentReads } from '#functions/ports/calendar';
import type { IdGenerator, Metrics } from '#functions/ports/core';

/** What booking needs: the event, the abuse limits, the hosts and their calendars, the ledger, ids, recent reads. */
export type CreateBookingDeps = EventAccessDeps &
  RateLimitDeps &
  IdempotencyDeps &
  HostsDeps &
  ReplacedBookingDeps &
  CommitDeps &
  CalendarToCleanDeps &
  RemoveCalendarEventDeps & { ids: IdGenerator; recentReads: RecentReads; metrics: Metrics } & {
    bookings: Pick<BookingLedger, 'replaceIdempotencyResponse'>;
  };

/**
 * Book a slot for a guest: one pipeline for every event type, a personal booking being a booking with one host (its
 * owner), a team event type's (issue 28) one with its team's hosts.
 * Input: the validated request, and the Idempotency-Key header if any. Output: the confirmation fields (201),
 * with the booking's id and the secret that lets the guest reschedule it.
 * Primary course:
 * 1. With an Idempotency-Key: a stored answer for the same request is replayed; for another request it is a 422
 *    (idempotency.ts).
 * 2. Refuse the demo event (403); read startTime/endTime as instants with offsets (422 otherwise) (slot.ts).
 * 3. Load the event (404 unknown, 403 deactivated); count the booking against the guest address's abuse limits
 *    (30 an hour, 6 a day with one host: 429 with Retry-After, nothing written; a reschedule is not counted, its link
 *    is checked before any write); the meeting must last the event's duration (422). A personal event's host must
 *    publish (403) and have a connected calendar (409), bookings must not be paused (503) (hosts.ts). A reschedule
 *    names the booking it replaces with the secret token the guest got for it, or the host's reschedule link (404
 *    when any part is wrong, 410 once the link has no power, 409 when it was cancelled or rescheduled already or has
 *    started); its own time does not count as taken (slot.ts).
 * 4. Read every host's bookings and day versions around the time and their calendars' busy times, fresh (a calendar
 *    that cannot be reached: 503, never a guess; one that refused a personal host's access: 409 as without a
 *    calendar; a team's publisher must publish, bookings not paused); re-check the requested instant with the
 *    availability engine for each host (422 / 409 with the reason). Every fixed host (a personal event's host, a
 *    collective event's every host) must be free; round-robin, one pool member free by the assignment rule
 *    (domain/team-assignment.ts), a reschedule keeping its member when free (hosts.ts). Draft the booking (draft.ts).
 * 5. One transaction: the booking under its first host and a copy under every other, every host's days bumped and
 *    the other days read checked, a round-robin counter, a request's place, the idempotency answer, a reschedule's
 *    cancellation (409 if it changed meanwhile). A version that moved on means another booking of those days
 *    committed: back to 4, which sees it, so the next free member is tried (commit.ts).
 *    So of any set of bookings whose blocked times overlap, exactly one commits; the others end with 409 (unless
 *    they carry the Idempotency-Key of the one that committed: a retry sent while its first attempt was being
 *    written gets that attempt's answer).
 * 6. Put the booking into each host's calendar that takes events (a personal reschedule with "Update on reschedule"
 *    moves the replaced booking's event; with "Delete on cancel" the old one is removed); when that fails
 *    calendarEventCreated says false and the next sync makes the event (calendar-events.ts). Answer the confirmation.
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
    const { event, overrides } = await loadBookableEvent(deps, input.eventId);
    assertGuestPhone(event, input);
    const movedBy = rescheduler(deps, input.reschedule);
    await enforceLimits(deps, bookingLimits(clientAddress, event.userId, movedBy !== null));
    if (slot.end - slot.start !== event.duration * 60_000) throw unbookable('wrong-duration', event);
    const hosts = hostsOf(deps, event);
    await hosts.prepare();
    const id = deps.ids.next();
    const now = deps.clock.now();
    const replaced = input.reschedule ? await bookingToReplace(deps, event, input.reschedule) : null;
    const request: BookingRequest = {
      input,
      event,
      overrides,
      slot,
      days: bookingDays(event, slot),
      id,
      manageToken: deps.manageTokens.tokenFor(id),
      now,
      replaced,
      movedBy,
      idempotency,
    };
    // Issue 30: one room for every attempt (a retry's answer names the same link).
    let room: string | undefined;
    const newRoom = () => (room ??= newMeetingRoom(deps.config, randomBytes(16)));
    // 4. and 5.
    const written = await withRetries(() => attempt(deps, hosts, request, newRoom));
    deps.metrics.count('BookingCreated');
    deps.recentReads.clear();
    // 6.
    const calendarEventCreated = await placeCalendarEvents(deps, { event, ...written });
    const answer = { ...written.confirmation, calendarEventCreated };
    // The stored answer was written with the booking, before the calendar answered; correct it if the calendar failed.
    if (idempotency && calendarEventCreated !== written.expectEvent)
      await deps.bookings.replaceIdempotencyResponse(idempotency.key, answer);
    return answer;
  });
}

/** The request as steps 1 to 3 left it. */
type BookingRequest = {
  input: CreateBookingBody;
  event: EventRecord;
  overrides: DateOverrideRecord[];
  slot: Slot;
  days: Days;
  id: string;
  manageToken: string;
  now: Date;
  replaced: BookingRecord | null;
  movedBy: MovedBy;
  idempotency: Idempotency | undefined;
};

/** Steps 4 and 5 once: read and check the hosts, choose them, draft the booking, commit it. */
async function attempt(deps: CreateBookingDeps, source: HostSource, request: BookingRequest, newRoom: () => string) {
  const { input, event, overrides, slot, days, id, manageToken, now, replaced, movedBy, idempotency } = request;
  const view = await source.view({ event, overrides, slot, days, now, replaced });
  const pending = needsConfirmation(event, view.settings, movedBy);
  const { hosts, assignment } = bookedHosts(source, view, event, replaced);
  const replacement = replaced ? replacementOf(deps, replaced, hosts[0]!, pending, source.team) : null;
  const calendars = calendarFields(hosts, id, replacement);
  const { booking, confirmation } = draftBooking(input, {
    id,
    now,
    slot,
    blocked: days.blocked,
    event,
    hosts,
    calendars,
    pending,
    manageToken,
    replacement,
    movedBy,
    team: source.team ? (view.team ?? { id: event.teamId!, slug: '', name: '' }) : null,
    assignment,
    meetingUrl: meetingUrlFor(event, allHaveGoogle(hosts.map((member) => member.host)), replaced, newRoom),
  });
  // The answer stored with the booking assumes the calendars take the event; corrected after the write if not.
  const expectEvent =
    !pending &&
    hosts.some((member, index) => member.calendar.createsEvents && calendars[index]!.calendarEventId !== null);
  const storedAnswer = storedAnswerFor(idempotency, { ...confirmation, calendarEventCreated: expectEvent }, now);
  await commitBooking(deps, {
    booking,
    ownerId: event.userId,
    hosts,
    calendars,
    days,
    team: source.team,
    assignment,
    now,
    storedAnswer,
    replacement,
  });
  return { booking, confirmation, expectEvent, hosts, calendars, replacement };
}
