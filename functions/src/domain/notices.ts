import type { BookingRecord } from '#functions/domain/records';

/**
 * What a change of a booking tells people, decided from the item before and after the change (the table's stream
 * carries both images). Pure: the same two images always give the same notices with the same ids, which is what
 * makes a redelivered stream record harmless (each mail is sent once per id, adapters/idempotency).
 *
 * | before → after                                   | notice      |
 * |--------------------------------------------------|-------------|
 * | none → confirmed                                 | booked      |
 * | none → pending                                   | requested   |
 * | none → any, made by a reschedule                 | rescheduled |
 * | none → any, given to another team member         | reassigned (issue 28: the member left the team) |
 * | pending → confirmed                              | confirmed   |
 * | pending → cancelled, declined (host or expiry)   | declined    |
 * | pending or confirmed → cancelled                 | cancelled   |
 * | confirmed → cancelled by a reschedule            | none (the new booking's "rescheduled" tells) |
 * | same status (not cancelled), `meetingUrl` changed | location-updated (issue 30: a room replaces Google Meet) |
 * | anything else (calendar marks, no-show)          | none        |
 *
 * A write that changes `meetingUrl` bumps the booking's version, as every change people are told of does: the
 * notice's id and the calendar update's SEQUENCE follow it.
 */
export type NoticeKind =
  'booked' | 'requested' | 'rescheduled' | 'confirmed' | 'declined' | 'cancelled' | 'reassigned' | 'location-updated';

export interface Notice {
  /** `{booking id}:{kind}:{version}`: the same change always has the same id. */
  id: string;
  kind: NoticeKind;
  /** The booking after the change. */
  booking: BookingRecord;
  /** Its status before the change (none for a new booking). */
  previousStatus: BookingRecord['status'] | null;
}

/** The booking's version as stored (bookings written before versions existed are at 1). */
export const versionOf = (booking: Pick<BookingRecord, 'version'>): number => booking.version ?? 1;

/** The calendar invitation's UID, the same for the life of the booking (and across its reschedules). */
export const icsUidOf = (booking: Pick<BookingRecord, 'id' | 'icsUid'>): string =>
  booking.icsUid ?? `${booking.id}@meetwise`;

export function noticesFor(before: BookingRecord | null, after: BookingRecord | null): Notice[] {
  const kind = noticeKind(before, after);
  return kind && after
    ? [{ id: `${after.id}:${kind}:${versionOf(after)}`, kind, booking: after, previousStatus: before?.status ?? null }]
    : [];
}

function noticeKind(before: BookingRecord | null, after: BookingRecord | null): NoticeKind | null {
  if (!after) return null;
  if (!before) {
    if (after.status === 'cancelled') return null;
    if (after.rescheduledFrom) return 'rescheduled';
    // A round-robin booking moved to another member's partition (its member left the team): a new host.
    if (after.assignment?.reason === 'reassigned') return 'reassigned';
    // Its first host's account was deleted: the same meeting goes on with the other hosts, stored under the next one.
    if (after.handedOverFrom) return null;
    return after.status === 'confirmed' ? 'booked' : 'requested';
  }
  if (before.status === after.status) {
    return after.status !== 'cancelled' && meetingUrlOf(before) !== meetingUrlOf(after) ? 'location-updated' : null;
  }
  if (before.status === 'pending' && after.status === 'confirmed') return 'confirmed';
  if (after.status !== 'cancelled') return null;
  if (after.rescheduledTo) return null;
  return before.status === 'pending' && after.cancellation?.declined ? 'declined' : 'cancelled';
}

const meetingUrlOf = (booking: BookingRecord): string | null => booking.meetingUrl?.trim() || null;
