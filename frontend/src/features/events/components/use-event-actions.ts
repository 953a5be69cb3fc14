import type { HostEvent } from '#shared/api/schemas/host-events';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useDeleteEvent } from '#frontend/features/events/api/delete-event.ts';
import { useDuplicateEvent } from '#frontend/features/events/api/duplicate-event.ts';
import { useSetEventActive } from '#frontend/features/events/api/update-event.ts';
import { isApiError } from '#frontend/lib/api.ts';

/** A 402 (the trial has expired) says why in its own words; any other failure gets the catalogue's text. */
const reasonOr = (error: Error, fallback: string) =>
  isApiError(error) && error.status === 402 ? error.message : fallback;

/**
 * One card's writes with their toasts: duplicate, delete, activate and deactivate.
 * Every success refreshes the events list (api/); deleting also tells `onDone` whether it worked (the dialog stays
 * open after a failure).
 */
export function useEventActions(event: HostEvent) {
  const duplication = useDuplicateEvent();
  const deletion = useDeleteEvent();
  const toggle = useSetEventActive();

  const duplicate = () =>
    duplication.mutate(event, {
      onSuccess: () => toast({ title: 'Event duplicated!', description: 'A copy of your event has been created.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Duplication failed',
          description: reasonOr(error, 'There was an error duplicating your event. Please try again.'),
        }),
    });

  const remove = (onDone: (deleted: boolean) => void) =>
    deletion.mutate(event, {
      onSuccess: () => {
        onDone(true);
        toast({ title: 'Event deleted', description: 'Your event has been successfully deleted.' });
      },
      onError: () => {
        onDone(false);
        toast({ variant: 'destructive', title: 'Error', description: 'Could not delete event. Please try again.' });
      },
    });

  const setActive = (active: boolean) =>
    toggle.mutate(
      { event, active },
      {
        onSuccess: () =>
          toast(
            active
              ? { title: 'Event activated', description: 'Your event is now available for bookings.' }
              : { title: 'Event deactivated', description: 'Your event has been moved to inactive events.' },
          ),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: reasonOr(error, 'Could not update event status. Please try again.'),
          }),
      },
    );

  return {
    duplicate,
    remove,
    setActive,
    busy: duplication.isPending || deletion.isPending || toggle.isPending,
    deleting: deletion.isPending,
  };
}
