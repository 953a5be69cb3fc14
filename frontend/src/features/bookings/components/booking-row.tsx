import { useId } from 'react';
import { Link } from 'react-router-dom';

import type { BookingListItem } from '#shared/api/schemas/bookings';
import { MEETING_TYPES } from '#shared/constants';
import { BookingStatusBadge } from '#frontend/components/booking-status-badge.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { sourceText } from '#frontend/features/bookings/lib/booking-view.ts';
import { ACTION_LABELS, guestName, rowActions, type RowAction } from '#frontend/features/bookings/lib/host-bookings.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { dateIn, formatLongDate, formatTimeRange } from '#frontend/lib/dates.ts';

/** The id of a row's title link, which takes focus when the row's buttons change under it. */
export const rowTitleId = (bookingId: string): string => `booking-row-${bookingId}`;

const pill = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

/**
 * One booking in the host's list: the guest (name, linking to /bookings/{id}; e-mail; other guests), the event type,
 * date and time in the screen's zone, a team booking's team and assigned host(s), the status, the guest's answers,
 * and what the host can do now
 * (lib/host-bookings.ts `rowActions`). The buttons are named by their visible text and described by the row title.
 */
export function BookingRow({
  booking,
  now,
  timeZone,
  showHost,
  busy,
  disabled,
  onAction,
}: {
  booking: BookingListItem;
  now: number;
  timeZone: string;
  /** An administrator's list holds every host's bookings: each row names its host. */
  showHost: boolean;
  /** This row's request that runs now. */
  busy: RowAction | null;
  /** Some request runs: every row's buttons wait (shown dimmed; the page ignores their clicks). */
  disabled: boolean;
  onAction: (booking: BookingListItem, action: RowAction, button: HTMLButtonElement) => void;
}) {
  const titleId = rowTitleId(booking.id);
  const detailsId = useId();
  const name = guestName(booking);
  const actions = rowActions(booking, now);
  const date = formatLongDate(dateIn(booking.startTime, timeZone));
  const time = formatTimeRange(booking.startTime, booking.endTime, timeZone);

  const rows: Array<[string, string]> = [
    ['Event', `${booking.eventTitle} · ${MEETING_TYPES[booking.meetingType] ?? MEETING_TYPES.other}`],
  ];
  // A team booking names its team and its assigned host(s) (issue 28), whoever looks at it.
  if (booking.teamSlug) rows.push(['Team', booking.teamName ?? booking.teamSlug]);
  if ((showHost || booking.teamSlug) && booking.hostName)
    rows.push([booking.hostName.includes(', ') ? 'Hosts' : 'Host', booking.hostName]);
  // Round-robin: why this member was chosen (the server sends it to the team's owners only).
  if (booking.assignmentReason) rows.push(['Assigned', booking.assignmentReason]);
  if (booking.guests.length > 0) rows.push(['Other guests', booking.guests.join(', ')]);
  if (booking.additionalInfo) rows.push(['Additional information', booking.additionalInfo]);
  // Issue 29: the utm_* parameters the guest's booking page was opened with (an embed on the host's site passes them).
  const source = sourceText(booking.source);
  if (source) rows.push(['Source', source]);

  return (
    <article
      aria-labelledby={titleId}
      aria-describedby={detailsId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900 dark:text-white">
            <Link
              id={titleId}
              to={`/bookings/${booking.id}`}
              className={cn('rounded-sm break-words underline-offset-4 hover:underline', focusRing)}
            >
              {name}
            </Link>
          </h3>
          <p className="text-sm break-all text-slate-600 dark:text-slate-400">{booking.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BookingStatusBadge status={booking.status} />
          {booking.noShow && (
            <span
              className={cn(
                pill,
                'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
              )}
            >
              No-show
            </span>
          )}
          {booking.rescheduled && (
            <span
              className={cn(
                pill,
                'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
              )}
            >
              Rescheduled
            </span>
          )}
        </div>
      </div>

      <p id={detailsId} className="mt-3 text-sm font-medium text-slate-800 dark:text-slate-200">
        <time dateTime={booking.startTime}>{date}</time>, {time}
      </p>

      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[11rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd
              className={cn(
                'mb-1 min-w-0 text-slate-800 sm:mb-0 dark:text-slate-200',
                label === 'Other guests' || label === 'Source' ? 'break-all' : 'break-words whitespace-pre-line',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            // Mark and Undo share one key: the same button stays (and keeps focus), only its name changes.
            key={action === 'undoNoShow' ? 'markNoShow' : action}
            size="sm"
            variant={action === 'confirm' ? 'primary' : action.startsWith('copy') ? 'ghost' : 'outline'}
            // Not `disabled`: a disabled button drops focus; a click meanwhile is ignored by the page.
            aria-disabled={(!action.startsWith('copy') && disabled) || undefined}
            className="aria-disabled:cursor-default aria-disabled:opacity-60"
            aria-describedby={titleId}
            onClick={(event) => onAction(booking, action, event.currentTarget)}
          >
            {busy === action ? ACTION_LABELS[action].busy : ACTION_LABELS[action].label}
          </Button>
        ))}
      </div>
    </article>
  );
}
