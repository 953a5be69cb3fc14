import { ReasonDialog } from '#frontend/components/reason-dialog.tsx';

/**
 * "Cancel booking": asks first, with an optional reason for the host; a refusal (409: it started meanwhile) shows
 * the server's message in the dialog.
 */
export function CancelBookingDialog({
  summary,
  cancelling,
  ...dialog
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
  return (
    <ReasonDialog
      {...dialog}
      busy={cancelling}
      texts={{
        title: 'Cancel booking',
        description: `Cancel ${summary}? The host will be told.`,
        reasonLabel: 'Reason for cancelling (optional)',
        back: 'Keep booking',
        confirm: 'Cancel booking',
        busy: 'Cancelling...',
      }}
    />
  );
}
