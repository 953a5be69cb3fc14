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

/** "Decline": asks first, with an optional reason that goes to the guest. Opened by the page's button. */
export function DeclineBookingDialog({
  guestName,
  open,
  declining,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: {
  guestName: string;
  open: boolean;
  declining: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const hintId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!declining) onConfirm(reason);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !declining && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Decline booking</DialogTitle>
            <DialogDescription>
              {guestName} will get an e-mail saying you declined. The time becomes free again.
            </DialogDescription>
          </DialogHeader>
          <div>
            <Label htmlFor={reasonId}>Reason (optional)</Label>
            <Textarea
              id={reasonId}
              className="mt-1.5"
              rows={3}
              maxLength={BOOKING_LIMITS.reasonMax}
              aria-describedby={hintId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
              Included in the e-mail to the guest.
            </p>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={declining}>
                Back
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={declining}>
              {declining ? 'Declining...' : 'Decline booking'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
