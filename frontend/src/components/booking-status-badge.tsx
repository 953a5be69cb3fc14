import type { ManagedBooking } from '#shared/api/schemas/bookings';
import { cn } from '#frontend/lib/cn.ts';

export type BookingStatus = ManagedBooking['status'];

/**
 * The status labels and colours (confirmed green, pending yellow, cancelled
 * red), everywhere a booking's status shows: the admin's table, the host's screens, the guest's manage page.
 */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

const TONES: Record<BookingStatus, string> = {
  confirmed:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  pending: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  cancelled: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

/** A booking's status as a pill; read as "Status: Confirmed". */
export function BookingStatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[status],
        className,
      )}
    >
      <span className="sr-only">Status: </span>
      {BOOKING_STATUS_LABELS[status]}
    </span>
  );
}
