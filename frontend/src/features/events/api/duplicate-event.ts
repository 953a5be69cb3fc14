import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { HostEvent } from '#shared/api/schemas/host-events';
import { apiRequest } from '#frontend/lib/api.ts';
import { eventsKey } from '#frontend/lib/list-events.ts';

/** POST /api/events/{id}/duplicate with an empty JSON body → the copy (duplicateEvent in docs/api.md). */
export const duplicateEvent = (event: Pick<HostEvent, 'id'>) =>
  apiRequest('duplicateEvent', { params: { eventRef: String(event.id) }, body: {} });

/** On success the events list is fetched again (the copy appears), not awaited, like the other writes. */
export function useDuplicateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['duplicateEvent'],
    mutationFn: duplicateEvent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}
