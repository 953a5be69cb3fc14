import type { BookingListItem } from '#shared/api/schemas/bookings';
import { Button } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#frontend/components/ui/dialog.tsx';
import { formatMeetingDate, fullName } from '#frontend/features/admin/lib/display.ts';
import { formatTimeRange } from '#frontend/lib/dates.ts';

/** While the call runs the buttons wait (aria-disabled, not disabled: the focused one keeps the focus). */
const waiting = 'aria-disabled:cursor-default aria-disabled:opacity-60';

/**
 * The admin dashboard's cancel confirmation: "Cancel Booking", the question,
 * the booking it is about, and "Cancel" / "Yes, Cancel Booking" ("Cancelling..." while the call runs; the buttons,
 * Escape and the close button wait meanwhile). `onCloseAutoFocus` lets the page put the focus back on the row's menu button.
 */
export function CancelBookingDialog({
  booking,
  timeZone,
  pending,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: {
  booking: BookingListItem | null;
  timeZone: string;
  pending: boolean;
  onConfirm: (booking: BookingListItem) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Cancel Booking</DialogTitle>
          <DialogDescription>
            Are you sure you want to cancel this booking? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {booking && (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            <span className="font-medium">{fullName(booking.firstName, booking.lastName) || booking.email}</span>
            {' · '}
            {formatMeetingDate(booking.startTime, timeZone)},{' '}
            {formatTimeRange(booking.startTime, booking.endTime, timeZone)}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" aria-disabled={pending || undefined} className={waiting} onClick={close}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            aria-disabled={pending || undefined}
            className={waiting}
            onClick={() => {
              if (booking && !pending) onConfirm(booking);
            }}
          >
            {pending ? 'Cancelling...' : 'Yes, Cancel Booking'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
