import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { EventBody } from '#shared/api/schemas/host-events';
import { apiRequest } from '#frontend/lib/api.ts';
import { eventsKey } from '#frontend/lib/list-events.ts';

/**
 * POST /api/events → 201 with the new event (createEvent in docs/api.md); 409 'This URL is already taken' for a
 * duplicate slug, 402 when activating after the trial. On success the events list is fetched again.
 */
export const createEvent = (body: EventBody) => apiRequest('createEvent', { body });

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['createEvent'],
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}
