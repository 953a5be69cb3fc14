import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type Ref } from 'react';

import type { BookingListItem, BookingListPage } from '#shared/api/schemas/bookings';
import { BookingStatusBadge } from '#frontend/components/booking-status-badge.tsx';
import { ExportCsvButton } from '#frontend/components/export-csv-button.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { fieldClasses } from '#frontend/components/ui/input.tsx';
import { ActionsMenu } from '#frontend/features/admin/components/actions-menu.tsx';
import { RefreshIcon } from '#frontend/features/admin/components/icons.tsx';
import {
  formatDayRange,
  formatMeetingDate,
  fullName,
  initialsOf,
  meetingTypeLabel,
} from '#frontend/features/admin/lib/display.ts';
import { isRangeKey, RANGE_OPTIONS, type DateRange, type RangeKey } from '#frontend/features/admin/lib/ranges.ts';
import { exportFileName, fetchAllBookings } from '#frontend/lib/booking-export.ts';
import { cn } from '#frontend/lib/cn.ts';
import { formatTimeRange } from '#frontend/lib/dates.ts';

const headCell =
  'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
const cell = 'px-3 py-3 align-middle';

export interface UpcomingMeetingsProps {
  range: RangeKey;
  dates: DateRange;
  timeZone: string;
  /** The range's pages (issue 30): the table shows those loaded, "Load more" asks for the next. */
  bookings: UseInfiniteQueryResult<InfiniteData<BookingListPage, unknown>>;
  onRangeChange: (range: RangeKey) => void;
  onRefresh: () => void;
  /** Cancel chosen in a row's menu; `button` is that row's menu button (focus returns there). */
  onCancel: (booking: BookingListItem, button: HTMLButtonElement | null) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The Upcoming Meetings table of the admin dashboard: the range selector (Today, This
 * Week, Next Week, This Month), the refresh button, and per booking the attendee (initials, full name, e-mail), the
 * host, the date ("MMM d, yyyy") and time range in the browser's zone, the meeting type, the status and the Actions
 * menu; "No meetings found" when the range has none. Narrower than the table, it scrolls inside its own box.
 * Issue 30: the range comes a page at a time; "Load more" keeps the focus (it stays focusable while it loads; when
 * the last page came, focus goes to the first new row) and a live region tells how many rows came and how many are
 * shown. "Export CSV" saves the whole range, every page, as a CSV file.
 */
export function UpcomingMeetings({
  range,
  dates,
  timeZone,
  bookings,
  onRangeChange,
  onRefresh,
  onCancel,
  headingRef,
}: UpcomingMeetingsProps) {
  const titleId = useId();
  const rangeId = useId();
  const rowIdPrefix = useId();
  const refreshing = bookings.isFetching && !bookings.isFetchingNextPage;
  const rows = bookings.data?.pages.flatMap((page) => page.bookings) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = bookings;

  // "Load more": how many rows there were when it was pressed, to announce the new ones and find the first of them.
  const [announcement, setAnnouncement] = useState('');
  const loadedFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = loadedFrom.current;
    if (from === null || isFetchingNextPage) return;
    loadedFrom.current = null;
    const added = rows.length - from;
    setAnnouncement(
      `${added} more ${added === 1 ? 'meeting' : 'meetings'} loaded. Showing ${rows.length}${hasNextPage ? '' : ', all of this period'}.`,
    );
    // The button goes with the last page: focus moves to the first new row rather than to the page's start.
    if (!hasNextPage && added > 0) document.getElementById(`${rowIdPrefix}-${from}`)?.focus();
  }, [rows.length, isFetchingNextPage, hasNextPage, rowIdPrefix]);
  const loadMore = () => {
    if (isFetchingNextPage) return;
    loadedFrom.current = rows.length;
    setAnnouncement('Loading more meetings...');
    void fetchNextPage();
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-hidden">
            Upcoming Meetings
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {formatDayRange(dates.start, dates.end)} · times in {timeZone.replace(/_/g, ' ')}
          </p>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={rangeId} className="sr-only">
              Date range
            </label>
            <select
              id={rangeId}
              value={range}
              onChange={(event) => {
                if (isRangeKey(event.target.value)) onRangeChange(event.target.value);
              }}
              className={cn(fieldClasses, 'h-10 w-36 pr-8')}
            >
              {RANGE_OPTIONS.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <ExportCsvButton
            load={(signal) => fetchAllBookings(dates, timeZone, signal)}
            timeZone={timeZone}
            fileName={exportFileName(dates, 'meetings')}
          />
          <Button variant="outline" size="icon" aria-label="Refresh meetings" onClick={onRefresh}>
            <RefreshIcon className={cn('size-4', refreshing && 'motion-safe:animate-spin')} />
          </Button>
        </div>
      </div>

      <div className="mt-4" aria-busy={refreshing}>
        {bookings.isPending ? (
          <p role="status" className="py-10 text-center text-sm text-slate-600 dark:text-slate-300">
            Loading meetings...
          </p>
        ) : bookings.isError && !bookings.data ? (
          <div
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p className="font-medium">Failed to fetch bookings</p>
            {bookings.error.message && <p className="mt-1 text-sm">{bookings.error.message}</p>}
            <Button variant="outline" size="sm" className="mt-3" onClick={onRefresh}>
              Try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
            <p className="font-semibold text-slate-900 dark:text-white">No meetings found</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              There are no meetings scheduled for this period
            </p>
          </div>
        ) : (
          <div className="-mx-4 overflow-x-auto sm:mx-0">
            <table aria-labelledby={titleId} className="w-full min-w-[44rem] border-collapse text-sm">
              <thead className="border-b border-slate-200 dark:border-slate-700">
                <tr>
                  <th scope="col" className={headCell}>
                    Attendee
                  </th>
                  <th scope="col" className={headCell}>
                    Host
                  </th>
                  <th scope="col" className={headCell}>
                    Date &amp; Time
                  </th>
                  <th scope="col" className={headCell}>
                    Type
                  </th>
                  <th scope="col" className={headCell}>
                    Status
                  </th>
                  <th scope="col" className={cn(headCell, 'text-right')}>
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {rows.map((booking, index) => (
                  <MeetingRow
                    key={booking.id}
                    rowId={`${rowIdPrefix}-${index}`}
                    booking={booking}
                    timeZone={timeZone}
                    answeredAt={bookings.dataUpdatedAt}
                    onCancel={onCancel}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {bookings.data && rows.length > 0 && (
          <div className="mt-4 flex flex-col items-center gap-2 text-center">
            {hasNextPage && (
              <Button
                variant="outline"
                // Not `disabled`: a disabled button drops the focus.
                aria-disabled={isFetchingNextPage || undefined}
                className="aria-disabled:cursor-default aria-disabled:opacity-60"
                onClick={loadMore}
              >
                {isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            )}
            {bookings.isFetchNextPageError && (
              <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                Failed to fetch more meetings. Press &quot;Load more&quot; to try again.
              </p>
            )}
          </div>
        )}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </div>
    </section>
  );
}

function MeetingRow({
  rowId,
  booking,
  timeZone,
  answeredAt,
  onCancel,
}: {
  /** The row's id: "Load more" focuses the first new row when the button goes. */
  rowId: string;
  booking: BookingListItem;
  timeZone: string;
  /** When the list was answered (ms): a booking that had started by then cannot be cancelled. */
  answeredAt: number;
  onCancel: UpcomingMeetingsProps['onCancel'];
}) {
  const name = fullName(booking.firstName, booking.lastName);
  return (
    <tr id={rowId} tabIndex={-1} className="focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600">
      <td className={cell}>
        <div className="flex min-w-[12rem] items-center gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-50"
          >
            {initialsOf(booking.firstName, booking.lastName, booking.email)}
          </span>
          <div className="min-w-0">
            {name && <p className="font-medium text-slate-900 dark:text-white">{name}</p>}
            <p className="text-xs wrap-anywhere text-slate-600 dark:text-slate-300">{booking.email}</p>
          </div>
        </div>
      </td>
      <td className={cell}>
        <p>{booking.hostName}</p>
        {booking.assignmentReason && (
          <p className="text-xs text-slate-600 dark:text-slate-300">Assigned: {booking.assignmentReason}</p>
        )}
      </td>
      <td className={cn(cell, 'whitespace-nowrap')}>
        <p>{formatMeetingDate(booking.startTime, timeZone)}</p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {formatTimeRange(booking.startTime, booking.endTime, timeZone)}
        </p>
      </td>
      <td className={cell}>{meetingTypeLabel(booking.meetingType)}</td>
      <td className={cell}>
        <BookingStatusBadge status={booking.status} />
      </td>
      <td className={cn(cell, 'text-right')}>
        <ActionsMenu
          attendee={name || booking.email}
          // A cancelled booking, or one that started (the server refuses it then), cannot be cancelled.
          cancelled={booking.status === 'cancelled' || Date.parse(booking.startTime) <= answeredAt}
          onCancel={(button) => onCancel(booking, button)}
        />
      </td>
    </tr>
  );
}
