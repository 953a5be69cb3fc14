import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { HostEvent } from '#shared/api/schemas/host-events';
import { apiRequest } from '#frontend/lib/api.ts';
import { eventsKey } from '#frontend/lib/list-events.ts';

/** DELETE /api/events/{slug} (deleteEvent in docs/api.md): the event with its bookings and availability settings. */
export const deleteEvent = (event: Pick<HostEvent, 'slug'>) =>
  apiRequest('deleteEvent', { params: { eventRef: event.slug } });

/** On success the events list is fetched again, not awaited: the caller's toast shows before the card goes. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['deleteEvent'],
    mutationFn: deleteEvent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}
