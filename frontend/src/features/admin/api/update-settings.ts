import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Settings } from '#shared/api/schemas/settings';
import { apiRequest, type ApiResponse } from '#frontend/lib/api.ts';
import { adminSettingsKey, settingsKey } from '#frontend/lib/settings.ts';

type CachedSettings = ApiResponse<'getSettings'>;

/** One setting: `{ meetingDuration: 45 }`. */
export type SettingsChange = Partial<Settings>;

/** The fields of `from` that `change` names. */
const pick = (from: Partial<Settings>, change: SettingsChange): SettingsChange =>
  Object.fromEntries(Object.keys(change).map((key) => [key, from[key as keyof Settings]]));

/**
 * PUT /api/settings (updateSettings in docs/api.md) with only the changed field: each change is sent at once.
 * The screen shows the change at once; a failure puts that field back. The answer (the saved settings) is taken
 * for the changed field only, so answers of quick successive changes arriving out of order cannot undo each other.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateSettings'],
    mutationFn: (change: SettingsChange) => apiRequest('updateSettings', { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: adminSettingsKey });
      const previous = queryClient.getQueryData<CachedSettings>(adminSettingsKey);
      queryClient.setQueryData<CachedSettings>(adminSettingsKey, (current) => current && { ...current, ...change });
      return { before: previous ? pick(previous, change) : undefined };
    },
    onError: (_error, _change, context) => {
      const before = context?.before;
      if (before)
        queryClient.setQueryData<CachedSettings>(adminSettingsKey, (current) => current && { ...current, ...before });
    },
    onSuccess: (saved, change) => {
      queryClient.setQueryData<CachedSettings>(adminSettingsKey, (current) => ({
        ...(current ?? saved),
        ...pick(saved, change),
      }));
      // Other screens reading the settings (the debug page) ask again.
      void queryClient.invalidateQueries({ queryKey: settingsKey });
    },
  });
}
