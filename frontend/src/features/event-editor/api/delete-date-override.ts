import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dateOverridesKey } from '#frontend/features/event-editor/api/list-date-overrides.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** DELETE /api/date-overrides/{id} (deleteDateOverride in docs/api.md). */
export const deleteDateOverride = (id: string) => apiRequest('deleteDateOverride', { params: { id } });

/** On success the event's exceptions are fetched again. */
export function useDeleteDateOverride(eventRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['deleteDateOverride', eventRef],
    mutationFn: deleteDateOverride,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dateOverridesKey(eventRef) }),
  });
}
