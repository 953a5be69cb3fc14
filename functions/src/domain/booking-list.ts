import type { BookingRecord } from '#functions/domain/records';

/**
 * The admin list's `firstName` and `lastName` (listBookings in docs/api.md): a guest gives one name; everything
 * after its first space is the last name ("Ada King Lovelace" → "Ada", "King Lovelace"; "Cher" → "Cher", "").
 */
export function guestNameParts(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.search(/\s/);
  return space < 0
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space).trim() };
}

/**
 * The fields of a booking the bookings list reads (issue 30): a page asks DynamoDB for these alone, so a page of
 * long bookings (answers, calendar state) costs no more to read and send than the list shows.
 */
export const LISTED_BOOKING_FIELDS = [
  'id',
  'hostId',
  'hostNames',
  'name',
  'email',
  'start',
  'end',
  'meetingType',
  'status',
  'eventTitle',
  'eventSlug',
  'guestTimeZone',
  'additionalInfo',
  'guests',
  'noShow',
  'rescheduledTo',
  'teamId',
  'teamSlug',
  'teamName',
  'source',
  'assignment',
  'manageTokenHash',
] as const satisfies readonly (keyof BookingRecord)[];

/** A booking as a page of the list reads it. */
export type ListedBooking = Pick<BookingRecord, (typeof LISTED_BOOKING_FIELDS)[number]>;

/** Where a page of GET /api/bookings ended: the last booking given (the next page starts after it). */
export interface ListPosition {
  /** The booking's start, an ISO instant as stored (`2026-03-02T15:00:00.000Z`). */
  start: string;
  id: string;
}

/** One page of a walk: at most `limit` bookings strictly after `after`, and whether more follow. */
export interface ListPageRequest {
  after?: ListPosition | undefined;
  limit: number;
}

export const CURSOR_INVALID = 'The cursor is not valid. Ask again without it to start from the first booking.';
export const CURSOR_OTHER_RANGE =
  'The cursor belongs to another range of days. Ask again without it, or with the range it came from.';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BOOKING_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The range a cursor was given for, as a short tag (the range's instants hashed): a cursor is only good for the
 * range of days it came from (the same days in the same zone, or any spelling of the same instants).
 */
function rangeTag(from: string, to: string): string {
  // FNV-1a, 32 bits: a tag against mixing up ranges, not a secret (the cursor names a booking the caller was shown).
  let hash = 0x811c9dc5;
  for (const char of `${from}/${to}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The opaque `nextCursor` of GET /api/bookings: base64url of a small JSON record of the position (the last booking's
 * start and id) and the range it belongs to. Its content is no contract: clients pass it back as given.
 */
export function encodeListCursor(position: ListPosition, range: { from: string; to: string }): string {
  return Buffer.from(
    JSON.stringify({ v: 1, s: position.start, i: position.id, r: rangeTag(range.from, range.to) }),
    'utf8',
  ).toString('base64url');
}

/**
 * A cursor read back, or the reason it is refused (to be answered with 400): not one of ours (malformed, altered),
 * or one of another range; its position must lie inside the range [from, to).
 */
export function decodeListCursor(
  cursor: string,
  range: { from: string; to: string },
): { position: ListPosition } | { problem: string } {
  let record: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) return { problem: CURSOR_INVALID };
    record = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return { problem: CURSOR_INVALID };
  }
  if (typeof record !== 'object' || record === null) return { problem: CURSOR_INVALID };
  const { v, s, i, r } = record as Record<string, unknown>;
  if (v !== 1 || typeof s !== 'string' || typeof i !== 'string' || typeof r !== 'string') {
    return { problem: CURSOR_INVALID };
  }
  // The instant as stored: a real one, written as toISOString writes it (so it sorts as the stored keys do).
  const real = ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s;
  if (!real || !BOOKING_ID.test(i)) return { problem: CURSOR_INVALID };
  if (r !== rangeTag(range.from, range.to) || s < range.from || s >= range.to) return { problem: CURSOR_OTHER_RANGE };
  return { position: { start: s, id: i } };
}

/** Whether a booking comes after a position in the list's order (start, then id). */
export const isAfter = (booking: ListPosition, after: ListPosition | undefined): boolean =>
  !after || booking.start > after.start || (booking.start === after.start && booking.id > after.id);
