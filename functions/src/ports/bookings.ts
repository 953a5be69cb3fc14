import type { ListedBooking, ListPageRequest } from '#functions/domain/booking-list';
import type { PendingPlace } from '#functions/domain/pending';
import type { BookingCancellation, BookingRecord, HostRecord } from '#functions/domain/records';

/** Bookings: the ledger (one transaction per change), idempotency, and the manage links. */

/** The kinds of booking link secret: the guest's manage links, and the host's reschedule-only link (issue 31). */
export type ManageTokenKind = 'manage' | 'host-reschedule';

/**
 * The secrets in a booking's links, derived from the booking id with a server key (adapters/sessions/manage-tokens.ts):
 * never stored, checked by deriving them again, under the current key or the previous one during a rotation.
 */
export interface ManageTokens {
  /** The guest's manage token (their e-mails' links). */
  tokenFor(bookingId: string): string;
  /** The host's reschedule-only token (the bookings list's "Copy reschedule link"). */
  hostRescheduleTokenFor(bookingId: string): string;
  /** Whether `token` is this booking's token of this kind, under the current or the previous key. */
  verify(kind: ManageTokenKind, bookingId: string, token: string): boolean;
}

/** A team booking's other assigned members (not `booking.hostId`): their days locked and checked like the host's. */
/** Issue 31: the request place a booking request takes with its write (BookingLedger.commit). */
export interface PendingPlaceClaim {
  ownerId: string;
  /** The guest's e-mail, normalised (shared/email-address.ts). */
  email: string;
  place: number;
  previousHolder: string | null;
}

export interface MemberDays {
  hostId: string;
  lockDays: { day: string; expectedVersion: number }[];
  checkDays: { day: string; expectedVersion: number }[];
}

/** A member's own calendar fields on their hold of a team booking (the event in their calendar). */
export type HoldCalendar = Pick<BookingRecord, 'calendarProvider' | 'calendarEventId' | 'calendarAccount'>;

export interface IdempotencyRecord {
  key: string;
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/**
 * A host's bookings with the per-day versions that make writing them safe under races
 * (functions/src/domain/booking.ts explains the rule; adapters/dynamodb/README.md the items).
 */
export interface BookingLedger {
  /**
   * Bookings starting on the UTC dates fromDay..toDay and the versions of those days (one consistent read). A team
   * booking held by this host (a BookingHold copy, issue 28) is among them, as the booking it copies.
   */
  read(
    hostId: string,
    fromDay: string,
    toDay: string,
  ): Promise<{ bookings: BookingRecord[]; dayVersions: Map<string, number> }>;
  /**
   * Writes the booking, bumps each locked day from the version read, checks that every other day read is still at
   * the version read, and stores the idempotency record, all in one transaction. Throws WriteConflict when a day
   * moved on meanwhile, IdempotencyConflict when the key was taken.
   */
  commit(input: {
    booking: BookingRecord;
    lockDays: { day: string; expectedVersion: number }[];
    /** Days read for the check but not locked: their versions must not have moved (the read was not a snapshot). */
    checkDays: { day: string; expectedVersion: number }[];
    /**
     * A team booking (issue 28): the days of every other assigned member, locked and checked in the same transaction;
     * each of them (every `booking.hostIds` but `hostId`) gets a BookingHold copy, with their own calendar fields
     * from `holdCalendars` when given. A round-robin booking bumps its member's counter (`roundRobin`).
     */
    members?: MemberDays[];
    holdCalendars?: Record<string, HoldCalendar>;
    roundRobin?: { eventId: number; month: string; userId: string; at: string };
    idempotency?: IdempotencyRecord & { expiresAt: number };
    /**
     * A reschedule: the booking replaced, cancelled in the same transaction if it is still active and its token
     * hash still matches (else BookingChanged), with its owed calendar removal when given.
     */
    replaces?: { booking: BookingRecord; calendarPending?: 'delete' };
    /**
     * Issue 31, a booking request: the guest's request place it takes (domain/pending.ts), only if the place still
     * names the request read (`previousHolder`; null: never used), else WriteConflict (read again, judge again).
     */
    pendingPlace?: PendingPlaceClaim;
  }): Promise<void>;
  /**
   * Issue 31: a guest's request places with a host (`ownerId`; a team event: its publishing account), by the guest's
   * normalised e-mail, each with the request that took it last and that request's record (null: gone). Consistent.
   */
  pendingPlaces(ownerId: string, email: string): Promise<PendingPlace[]>;
  /** The first answer stored for an Idempotency-Key, or null. */
  findIdempotency(key: string): Promise<IdempotencyRecord | null>;
  /** One booking by its host, start instant (ISO, as stored) and id, or null. */
  find(hostId: string, start: string, id: string): Promise<BookingRecord | null>;
  /** Replaces the answer stored for an Idempotency-Key (its request hash and expiry stay). */
  replaceIdempotencyResponse(key: string, response: unknown): Promise<void>;
  /** One booking by its id alone (the manage links and the console), or null. */
  findById(id: string): Promise<BookingRecord | null>;
  /**
   * Every host's bookings starting in [from, to) (ISO instants), earliest first: one Query per month of the bookings
   * index (gsi1 `BOOKINGS#{yyyy-MM}`), never a Scan. For the admin's list.
   */
  listStarting(from: string, to: string): Promise<BookingRecord[]>;
  /**
   * One page of the bookings starting in [from, to) (ISO instants), in the list's order (start, then id), strictly
   * after `page.after`: at most `page.limit`, and whether more follow. With `hostId`, that host's partition (their
   * own bookings and the team bookings they hold); without, every host's from the bookings index. Reads about one
   * page of items, whatever the range holds (issue 30), and of each only the fields the list shows.
   */
  pageStarting(input: {
    hostId?: string;
    from: string;
    to: string;
    page: ListPageRequest;
  }): Promise<{ bookings: ListedBooking[]; more: boolean }>;
  /** Marks (or unmarks) the guest of a confirmed booking as not having come; else BookingChanged. */
  setNoShow(booking: BookingRecord, noShow: boolean): Promise<BookingRecord>;
  /**
   * Marks a booking cancelled (or a pending one declined): it keeps its record and frees its time, with who ended it
   * and why, and its version bumped. With `calendarPending`, the same write records that its calendar event is still
   * to be removed. Only if it is still as read (status and version): else BookingChanged.
   */
  cancel(
    booking: BookingRecord,
    options: { cancellation: BookingCancellation; calendarPending?: 'delete' },
  ): Promise<BookingRecord>;
  /**
   * A pending booking confirmed (version bumped), only if it is still pending as read and (issue 31) has not expired
   * at `now` (its `pendingExpiresAt`, or its start when it has none, after `now`): else BookingChanged.
   */
  confirm(booking: BookingRecord, now: Date): Promise<BookingRecord>;
  /**
   * A round-robin booking given to another pool member (issue 28, its member left the team): in one transaction the
   * booking moves from `from.hostId`'s partition to `to.hostId`'s (same id; its reference follows), the holds of the
   * other hosts are rewritten, the new member's days are locked and checked, and the counters move. Only if the booking
   * is still as read (else BookingChanged); WriteConflict when a day of the new member moved on.
   */
  reassign(input: {
    from: BookingRecord;
    to: BookingRecord;
    lockDays: { day: string; expectedVersion: number }[];
    checkDays: { day: string; expectedVersion: number }[];
  }): Promise<void>;
  /**
   * A team booking goes on without one of its hosts (their account is being deleted), in one transaction: the others
   * stay booked and named. When it was stored under the leaving host, it moves to the next host's partition in place
   * of their copy (keeping that copy's calendar fields; `handedOverFrom` set, so nobody is mailed), its reference
   * follows; else the leaving host's copy goes. Only if the booking is still as read (else BookingChanged).
   */
  dropHost(booking: BookingRecord, leaving: string): Promise<BookingRecord>;
  /** Clears the calendar change owed for the booking (done). */
  clearCalendarPending(booking: BookingRecord): Promise<void>;
  /**
   * Issue 30: gives the booking (and its holds) the room of the built-in video call, its version bumped and its
   * status kept, only if it is still at the status and version read (else BookingChanged): the stream's "Location
   * updated" notice.
   */
  setMeetingUrl(booking: BookingRecord, meetingUrl: string): Promise<BookingRecord>;
}

/**
 * What the teams ask of the bookings when a member goes (removed, left, or their account deleted; app/teams/teams.ts):
 * their future bookings of the team's event types released (app/booking/team-bookings.ts `releaseMember`).
 */
export interface TeamBookings {
  /** Reassigns or keeps each future team booking of the member; answers how many went to another member. */
  releaseMember(input: {
    teamId: string;
    userId: string;
    now: Date;
    accountDeleted?: boolean;
  }): Promise<{ reassigned: number; kept: number }>;
}

/**
 * What deleting an event type asks of the bookings (app/events/delete-event.ts): its bookings cancelled
 * (app/booking/cancel-booking.ts `cancelBookings`).
 */
export interface BookingCancellations {
  /**
   * Cancels the host's bookings as read, each with the cancellation given; answers the removal of their calendar
   * events, for the caller to run once its own writes are done.
   */
  cancel(
    host: HostRecord | null,
    bookings: readonly BookingRecord[],
    cancellation: BookingCancellation,
  ): Promise<() => Promise<void>>;
}
