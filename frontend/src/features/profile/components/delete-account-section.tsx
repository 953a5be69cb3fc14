import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { Button } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#frontend/components/ui/dialog.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useDeleteAccount } from '#frontend/features/profile/api/delete-account.ts';
import { SettingsCard } from '#frontend/features/profile/components/settings-card.tsx';
import { isApiError } from '#frontend/lib/api-core.ts';
import { currentUserKey } from '#frontend/lib/use-current-user.ts';

/**
 * The Danger Zone of Profile Settings: 'Delete Account' asks for confirmation in a dialog; once
 * the account is gone the visitor goes to / and nothing of the session stays cached. The dialog says that a
 * subscription is cancelled at once (issue 30); when it cannot be (the payment provider unreachable), the server's
 * message says that nothing was deleted.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deletion = useDeleteAccount();

  const onConfirm = () => {
    if (deletion.isPending) return;
    deletion.mutate(undefined, {
      onSuccess: ({ message }) => {
        setOpen(false);
        // Away from the guarded page first, so the guard does not send the visitor to /login.
        navigate('/');
        queryClient.clear();
        queryClient.setQueryData(currentUserKey, null);
        toast({ title: 'Account deleted', description: message });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description:
            isApiError(error) && error.status === 503
              ? error.message
              : 'There was a problem deleting your account. Please try again.',
        }),
    });
  };

  return (
    <SettingsCard
      id="danger-zone"
      title="Danger Zone"
      tone="danger"
      intro="Deleting your account removes your events, their bookings and your calendar connection. This cannot be undone."
    >
      <Dialog open={open} onOpenChange={(next) => !deletion.isPending && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="destructive">Delete Account</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your account, your events, their bookings and your calendar connection will be permanently deleted. If you
              have a subscription, it is cancelled at once and you will not be charged again. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={deletion.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={onConfirm} disabled={deletion.isPending}>
              {deletion.isPending ? 'Deleting...' : 'Delete Account'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
