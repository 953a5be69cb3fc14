import type { ReactNode, Ref } from 'react';

import { BookingStatusBadge } from '#frontend/components/booking-status-badge.tsx';

/**
 * The parts a booking's own pages share (the guest's manage page, the host's booking page): the title with the status
 * badge and the line that says where the booking stands (a polite live region that takes focus after a change), and
 * the list of its details.
 */
export function BookingHeading({
  titleId,
  title,
  status,
  state,
  stateLine,
  reason,
}: {
  titleId: string;
  title: string;
  status: 'confirmed' | 'pending' | 'cancelled';
  state: string;
  stateLine: Ref<HTMLParagraphElement>;
  /** Why it was cancelled or declined, when someone said. */
  reason?: string | null;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        <BookingStatusBadge status={status} />
      </div>
      <p
        ref={stateLine}
        tabIndex={-1}
        aria-live="polite"
        className="mt-3 text-slate-700 focus:outline-hidden dark:text-slate-300"
      >
        {state}
      </p>
      {reason && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Reason: {reason}</p>}
    </>
  );
}

/** A booking's details as label and value; a list value (the guests) is shown as a list. */
export function BookingDetailList({
  rows,
  render = (value) => value,
}: {
  rows: Array<[string, string | string[]]>;
  /** How a text value shows (e.g. the e-mail as a link). */
  render?: (value: string, label: string) => ReactNode;
}) {
  return (
    <dl className="mt-6 grid gap-3 rounded-md border border-slate-200 p-4 text-sm sm:grid-cols-[10rem_1fr] dark:border-slate-700">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="break-words whitespace-pre-line text-slate-900 dark:text-slate-100">
            {Array.isArray(value) ? (
              <ul>
                {value.map((guest) => (
                  <li key={guest}>{guest}</li>
                ))}
              </ul>
            ) : (
              render(value, label)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
