import { useId, useState, type FormEvent, type ReactNode } from 'react';

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

export interface ReasonDialogTexts {
  title: string;
  description: ReactNode;
  reasonLabel: string;
  /** Under the reason field (who reads it). */
  hint?: string;
  /** The button that closes without acting. */
  back: string;
  confirm: string;
  /** The confirm button while the request runs. */
  busy: string;
}

/**
 * Asks before a booking is ended (the guest's "Cancel booking", the host's "Decline"), with an optional reason for
 * the other side. While the request runs the dialog stays; a refusal shows the server's message in it. The page
 * says where focus goes on closing (`onCloseAutoFocus`), since the button that opened it may be gone by then.
 */
export function ReasonDialog({
  texts,
  open,
  busy,
  error = null,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: {
  texts: ReasonDialogTexts;
  open: boolean;
  busy: boolean;
  error?: string | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const hintId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onConfirm(reason);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{texts.title}</DialogTitle>
            <DialogDescription>{texts.description}</DialogDescription>
          </DialogHeader>
          <div>
            <Label htmlFor={reasonId}>{texts.reasonLabel}</Label>
            <Textarea
              id={reasonId}
              className="mt-1.5"
              rows={3}
              maxLength={BOOKING_LIMITS.reasonMax}
              aria-describedby={texts.hint ? hintId : undefined}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            {texts.hint && (
              <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
                {texts.hint}
              </p>
            )}
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
              <Button variant="outline" disabled={busy}>
                {texts.back}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? texts.busy : texts.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
