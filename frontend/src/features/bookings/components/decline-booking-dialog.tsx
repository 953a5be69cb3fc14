import { ReasonDialog } from '#frontend/components/reason-dialog.tsx';

/** "Decline": asks first, with an optional reason that goes to the guest. Opened by the page's button. */
export function DeclineBookingDialog({
  guestName,
  declining,
  ...dialog
}: {
  guestName: string;
  open: boolean;
  declining: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <ReasonDialog
      {...dialog}
      busy={declining}
      texts={{
        title: 'Decline booking',
        description: `${guestName} will get an e-mail saying you declined. The time becomes free again.`,
        reasonLabel: 'Reason (optional)',
        hint: 'Included in the e-mail to the guest.',
        back: 'Back',
        confirm: 'Decline booking',
        busy: 'Declining...',
      }}
    />
  );
}
