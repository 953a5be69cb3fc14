import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { EventBody } from '#shared/api/schemas/host-events';
import { apiRequest } from '#frontend/lib/api.ts';
import { eventsKey } from '#frontend/lib/list-events.ts';

/** PATCH /api/events/{eventRef} with the full edit (updateEvent in docs/api.md); 409 when the new slug is taken. */
export const updateEvent = ({ eventRef, body }: { eventRef: string; body: EventBody }) =>
  apiRequest('updateEvent', { params: { eventRef }, body });

/** On success the events list (and the cached copy of this event) is fetched again. */
export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateEvent', 'full'],
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}
