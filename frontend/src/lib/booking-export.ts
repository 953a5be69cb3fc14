import { BOOKING_LIST_LIMIT_MAX, type BookingListItem, type BookingListPage } from '#shared/api/schemas/bookings';
import { MEETING_TYPES } from '#shared/constants';
import { UTM_PARAMS } from '#shared/embed';
import { apiRequest } from '#frontend/lib/api.ts';
import { toCsv, type CsvColumn } from '#frontend/lib/csv.ts';

/**
 * Issue 30: the bookings lists' pages and their CSV export, shared by the admin table and the host's bookings screen.
 * GET /api/bookings with `limit` answers one page (`{ bookings, nextCursor }`); the export follows the cursors for the
 * whole range, so it holds every booking of the range once, whatever the screen has loaded.
 */

export interface DayRange {
  /** yyyy-MM-dd, both included, in `timeZone`. */
  start: string;
  end: string;
}

/** One page of the range after `cursor` (the first without one). */
export async function fetchBookingPage(
  range: DayRange,
  timeZone: string,
  { limit, cursor, signal }: { limit: number; cursor?: string | null; signal?: AbortSignal },
): Promise<BookingListPage> {
  const answer = await apiRequest('listBookings', {
    query: { start: range.start, end: range.end, timezone: timeZone, limit, ...(cursor ? { cursor } : {}) },
    signal,
  });
  // With `limit` the route answers a page; the array is its answer to calls without one.
  return Array.isArray(answer) ? { bookings: answer, nextCursor: null } : answer;
}

/** Every booking of the range, page after page (200 a request), earliest first. */
export async function fetchAllBookings(range: DayRange, timeZone: string, signal?: AbortSignal) {
  const bookings: BookingListItem[] = [];
  let cursor: string | null = null;
  do {
    const page: BookingListPage = await fetchBookingPage(range, timeZone, {
      limit: BOOKING_LIST_LIMIT_MAX,
      cursor,
      ...(signal ? { signal } : {}),
    });
    bookings.push(...page.bookings);
    cursor = page.nextCursor;
  } while (cursor);
  return bookings;
}

/** An instant as "yyyy-MM-dd HH:mm" (24-hour) on the wall clock of `timeZone`: what spreadsheets read as a time. */
export function wallClock(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

const STATUS_LABELS: Record<BookingListItem['status'], string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The export's columns: the times in `timeZone` with the zone named in their headers ("Start (Europe/Berlin)"), then
 * the booking as the lists show it. Whatever a guest typed is guarded against spreadsheet formulas.
 */
export function bookingColumns(timeZone: string): CsvColumn<BookingListItem>[] {
  return [
    { header: `Start (${timeZone})`, value: (booking) => wallClock(booking.startTime, timeZone) },
    { header: `End (${timeZone})`, value: (booking) => wallClock(booking.endTime, timeZone) },
    { header: 'Status', value: (booking) => STATUS_LABELS[booking.status] },
    { header: 'First name', value: (booking) => booking.firstName, guard: true },
    { header: 'Last name', value: (booking) => booking.lastName, guard: true },
    { header: 'Email', value: (booking) => booking.email, guard: true },
    { header: 'Other guests', value: (booking) => booking.guests.join(', '), guard: true },
    { header: 'Event', value: (booking) => booking.eventTitle, guard: true },
    { header: 'Meeting type', value: (booking) => MEETING_TYPES[booking.meetingType] ?? MEETING_TYPES.other },
    { header: 'Host', value: (booking) => booking.hostName, guard: true },
    { header: 'Team', value: (booking) => booking.teamName ?? booking.teamSlug ?? '', guard: true },
    { header: "Guest's time zone", value: (booking) => booking.guestTimeZone },
    { header: 'No-show', value: (booking) => yesNo(booking.noShow) },
    { header: 'Rescheduled', value: (booking) => yesNo(booking.rescheduled) },
    { header: 'Additional information', value: (booking) => booking.additionalInfo ?? '', guard: true },
    {
      header: 'Source',
      value: (booking) =>
        UTM_PARAMS.flatMap((key) => (booking.source?.[key] ? [`${key}=${booking.source[key]}`] : [])).join(', '),
      guard: true,
    },
    { header: 'Booking ID', value: (booking) => booking.id },
  ];
}

/** The bookings as a CSV file's text (RFC 4180, header row first). */
export const bookingsCsv = (bookings: readonly BookingListItem[], timeZone: string): string =>
  toCsv(bookingColumns(timeZone), bookings);

/** "meetwise-bookings-2026-03-01-to-2026-03-31.csv" (one day: "meetwise-bookings-2026-03-01.csv"). */
export const exportFileName = (range: DayRange, what = 'bookings'): string =>
  `meetwise-${what}-${range.start === range.end ? range.start : `${range.start}-to-${range.end}`}.csv`;
