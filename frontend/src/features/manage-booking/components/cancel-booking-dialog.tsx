import { useId, useState, type FormEvent } from 'react';

import { BOOKING_LIMITS } from '#shared/constants';
import { Button } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#frontend/components/ui/dialog.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { Textarea } from '#frontend/components/ui/textarea.tsx';

/**
 * "Cancel booking": asks first, with an optional reason for the host. While the request runs the dialog stays; a
 * refusal (409: it started meanwhile) shows the server's message in the dialog. Opened by the page's button; the
 * page says where focus goes on closing (`onCloseAutoFocus`), since that button is gone once the booking is.
 */
export function CancelBookingDialog({
  summary,
  cancelling,
  error,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
  open,
}: {
  /** "Intro Call with Jordan Avery on Mon, Mar 9, 2026, 9:00 AM" */
  summary: string;
  cancelling: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!cancelling) onConfirm(reason);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !cancelling && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Cancel booking</DialogTitle>
            <DialogDescription>Cancel {summary}? The host will be told.</DialogDescription>
          </DialogHeader>
          <div>
            <Label htmlFor={reasonId}>Reason for cancelling (optional)</Label>
            <Textarea
              id={reasonId}
              className="mt-1.5"
              rows={3}
              maxLength={BOOKING_LIMITS.reasonMax}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          {error && (
            <p
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={cancelling}>
                Keep booking
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={cancelling}>
              {cancelling ? 'Cancelling...' : 'Cancel booking'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
