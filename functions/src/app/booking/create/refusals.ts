import type { UnbookableReason } from '#shared/availability/engine';
import { MAX_PENDING_PER_GUEST } from '#shared/rules/pending';
import type { EventRecord } from '#functions/domain/records';
import {
  BookingChanged,
  Conflict,
  IdempotencyConflict,
  Unprocessable,
  WriteConflict,
  type AppError,
} from '#functions/errors';

/** Why a booking is refused: the messages the API answers, and which refusals another request's write caused. */

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
 * A refusal caused by another request's write: the time taken, the replaced booking changed, the key stored. With
 * an Idempotency-Key that request may have been this one's first attempt, whose answer is replayed instead
 * (idempotency.ts).
 */
export class LostRace extends Error {
  constructor(readonly refusal: unknown) {
    super('Lost a race to another booking');
  }
}

/** Why a requested time cannot be booked, in the guest's words, with the status the API answers. */
export function unbookable(reason: UnbookableReason, event: EventRecord): AppError {
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

/**
 * Why a host cannot take the time: the engine's reason (a host who cannot be booked at all counts as taken). A time
 * taken or a day full may have been taken by this very request, sent again with its Idempotency-Key while the first
 * attempt was being written: a LostRace, whose stored answer is then the reply.
 */
export function hostRefusal(event: EventRecord, reason: UnbookableReason | null): unknown {
  const why = reason ?? 'overlaps-busy';
  const refusal = unbookable(why, event);
  return why === 'overlaps-busy' || why === 'daily-limit' ? new LostRace(refusal) : refusal;
}

/** Why a commit lost: the days (after the last attempt) or the replaced booking changed, or the key was stored. */
export function commitRefusal(error: unknown): unknown {
  if (error instanceof WriteConflict) return new LostRace(new Conflict(SLOT_TAKEN));
  if (error instanceof BookingChanged) return new LostRace(new Conflict(RESCHEDULE_GONE));
  if (error instanceof IdempotencyConflict) return new LostRace(error);
  return error;
}
