import type { ReactNode } from 'react';

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
import { FormAlert } from '#frontend/features/integrations/components/integrations-ui.tsx';

/**
 * Asks before something is removed for good (an endpoint, an API key). While the request runs the dialog stays and
 * cannot be closed; a refusal shows the server's message in it. The screen says where focus goes on closing
 * (`onCloseAutoFocus`), since the row whose button opened it may be gone by then.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirm,
  busyLabel,
  busy,
  error,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirm: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error && <FormAlert>{error}</FormAlert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
