import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { HostEvent } from '#shared/api/schemas/host-events';
import { apiRequest } from '#frontend/lib/api.ts';
import { eventsKey } from '#frontend/lib/list-events.ts';

export interface EventActiveChange {
  event: Pick<HostEvent, 'slug'>;
  active: boolean;
}

/**
 * PATCH /api/events/{slug} with `{ active }` (the toggle; updateEvent in docs/api.md); 402 with
 * TRIAL_EXPIRED_ACTIVATION_MESSAGE when activating after the trial without an active subscription.
 */
export const setEventActive = ({ event, active }: EventActiveChange) =>
  apiRequest('updateEvent', { params: { eventRef: event.slug }, body: { active } });

/**
 * On success the events list is fetched again (the event changes tabs), not awaited: the caller's toast shows while
 * the card is still there.
 */
export function useSetEventActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateEvent', 'active'],
    mutationFn: setEventActive,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}
