import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type Ref } from 'react';

import type { BookingListItem } from '#shared/api/schemas/bookings';
import { BookingStatusBadge } from '#frontend/components/booking-status-badge.tsx';
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
import { cn } from '#frontend/lib/cn.ts';
import { formatTimeRange } from '#frontend/lib/dates.ts';

const headCell =
  'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
const cell = 'px-3 py-3 align-middle';

export interface UpcomingMeetingsProps {
  range: RangeKey;
  dates: DateRange;
  timeZone: string;
  bookings: UseQueryResult<BookingListItem[]>;
  onRangeChange: (range: RangeKey) => void;
  onRefresh: () => void;
  /** Cancel chosen in a row's menu; `button` is that row's menu button (focus returns there). */
  onCancel: (booking: BookingListItem, button: HTMLButtonElement | null) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The Upcoming Meetings table (booking-landing-auth-admin.md "Admin dashboard"): the range selector (Today, This
 * Week, Next Week, This Month), the refresh button, and per booking the attendee (initials, full name, e-mail), the
 * host, the date ("MMM d, yyyy") and time range in the browser's zone, the meeting type, the status and the Actions
 * menu; "No meetings found" when the range has none. Narrower than the table, it scrolls inside its own box.
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
  const refreshing = bookings.isFetching;

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
        ) : bookings.isError ? (
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
        ) : bookings.data.length === 0 ? (
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
                {bookings.data.map((booking) => (
                  <MeetingRow
                    key={booking.id}
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
      </div>
    </section>
  );
}

function MeetingRow({
  booking,
  timeZone,
  answeredAt,
  onCancel,
}: {
  booking: BookingListItem;
  timeZone: string;
  /** When the list was answered (ms): a booking that had started by then cannot be cancelled. */
  answeredAt: number;
  onCancel: UpcomingMeetingsProps['onCancel'];
}) {
  const name = fullName(booking.firstName, booking.lastName);
  return (
    <tr>
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
