import { normalizeEmail } from '#shared/email-address';
import type { BookedHost } from '#functions/app/booking/create/hosts';
import type { StoredAnswer } from '#functions/app/booking/create/idempotency';
import { commitRefusal, LostRace, TOO_MANY_PENDING } from '#functions/app/booking/create/refusals';
import type { Days, Replacement } from '#functions/app/booking/create/slot';
import { freePendingPlace } from '#functions/domain/pending';
import type { BookingRecord } from '#functions/domain/records';
import { counterMonth, type Assignment } from '#functions/domain/team-assignment';
import { Conflict, WriteConflict } from '#functions/errors';
import type { BookingLedger, HoldCalendar, PendingPlaceClaim } from '#functions/ports/bookings';

/** What committing a booking needs: the ledger's transaction and the guest's request places. */
export type CommitDeps = { bookings: Pick<BookingLedger, 'commit' | 'pendingPlaces'> };

/**
 * Attempts at the optimistic write when other bookings of the same host days commit meanwhile. Every lost attempt
 * means another booking of those days committed, so a burst of N guests booking different times of one host day
 * needs up to N attempts for the last of them: the bound must cover a realistic burst (a whole day of slots), or a
 * free time would be refused as taken. The pause between attempts is jittered and capped.
 */
const MAX_ATTEMPTS = 25;
const MAX_PAUSE_MS = 100;

/**
 * Steps 4 and 5 under the one retry rule: `attempt` reads, checks and commits; a day that moved on meanwhile
 * (WriteConflict) means another booking committed, so it runs again, up to MAX_ATTEMPTS with jittered pauses. What a
 * lost commit means for the guest is `commitRefusal`'s.
 */
export async function withRetries<T>(attempt: (attempt: number) => Promise<T>): Promise<T> {
  for (let number = 1; ; number++) {
    try {
      return await attempt(number);
    } catch (error) {
      if (!(error instanceof WriteConflict) || number >= MAX_ATTEMPTS) throw commitRefusal(error);
      await pause(5 + Math.random() * Math.min(20 * number, MAX_PAUSE_MS));
    }
  }
}

/** One attempt's write: the booking, the hosts it books (first host first) with their calendar fields, and the rest. */
export type Commitment = {
  booking: BookingRecord;
  /** The event's publishing account (a personal event's host): whose request places a pending booking takes. */
  ownerId: string;
  hosts: readonly BookedHost[];
  calendars: readonly HoldCalendar[];
  days: Days;
  /** A team event's booking: every other host holds a copy (issue 28). */
  team: boolean;
  assignment: Assignment | null;
  now: Date;
  storedAnswer: StoredAnswer | undefined;
  replacement: Replacement | null;
};

/**
 * Step 5, the one place a booking is written, in one transaction: the booking under its first host, a copy under
 * every other one, every host's days locked from the versions read and the other days read checked, a round-robin
 * member's counter bumped, a request's place taken, the idempotency answer, and a reschedule's cancellation (with
 * its owed calendar removal). Throws WriteConflict when a day moved on (the caller's retry rule).
 */
export async function commitBooking(deps: CommitDeps, commitment: Commitment): Promise<void> {
  const { booking, ownerId, hosts, calendars, days, team, assignment, now, storedAnswer, replacement } = commitment;
  const place = await pendingPlaceFor(deps, booking, ownerId, replacement?.replaced ?? null, now);
  const versions = (member: BookedHost) => {
    const versionOf = (day: string) => ({ day, expectedVersion: member.dayVersions.get(day) ?? 0 });
    return {
      lockDays: days.lock.map(versionOf),
      checkDays: days.read.filter((day) => !days.lock.includes(day)).map(versionOf),
    };
  };
  await deps.bookings.commit({
    booking,
    ...(place ? { pendingPlace: place } : {}),
    ...versions(hosts[0]!),
    ...(team
      ? {
          members: hosts.slice(1).map((member) => ({ hostId: member.userId, ...versions(member) })),
          holdCalendars: Object.fromEntries(
            hosts.slice(1).map((member, index) => [member.userId, calendars[index + 1]!]),
          ),
        }
      : {}),
    ...(assignment
      ? {
          roundRobin: {
            eventId: booking.eventId,
            month: counterMonth(now),
            userId: assignment.userId,
            at: now.toISOString(),
          },
        }
      : {}),
    idempotency: storedAnswer,
    ...(replacement
      ? {
          replaces: {
            booking: replacement.replaced,
            ...(replacement.calendarPending ? { calendarPending: replacement.calendarPending } : {}),
          },
        }
      : {}),
  });
}

/**
 * Issue 31: the request place a pending booking takes (domain/pending.ts) with the event's publishing account, read
 * afresh for each attempt; none for a confirmed booking. 409 when the guest's e-mail already holds
 * MAX_PENDING_PER_GUEST unexpired requests with this host (a reschedule gives up its own). A place taken meanwhile by
 * another request fails the commit's condition, and the next attempt judges again.
 */
async function pendingPlaceFor(
  deps: CommitDeps,
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
