import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import type { dateOverrideBody } from '#shared/api/schemas/host-events';
import { dateOverridesKey } from '#frontend/features/event-editor/api/list-date-overrides.ts';
import { apiRequest } from '#frontend/lib/api.ts';

export type DateOverrideInput = z.input<typeof dateOverrideBody>;

/**
 * POST /api/events/{eventRef}/date-overrides with `{ id?, date (yyyy-MM-dd), available, startTime, endTime }`: adds
 * or changes the exception of that date (one per date); blocking a date sends `available: false`.
 */
export const saveDateOverride = ({ eventRef, body }: { eventRef: string; body: DateOverrideInput }) =>
  apiRequest('saveEventDateOverride', { params: { eventRef }, body });

/** On success the event's exceptions are fetched again. */
export function useSaveDateOverride(eventRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['saveDateOverride', eventRef],
    mutationFn: (body: DateOverrideInput) => saveDateOverride({ eventRef, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dateOverridesKey(eventRef) }),
  });
}
