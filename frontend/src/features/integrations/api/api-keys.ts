import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiKeysKey } from '#frontend/features/integrations/api/integrations-keys.ts';
import { apiRequest, type ApiRequestOptions, type ApiResponse } from '#frontend/lib/api.ts';

type ApiKey = ApiResponse<'listApiKeys'>[number];

export type CreateApiKeyRequest = ApiRequestOptions<'createApiKey'>['body'];

/** GET /api/api-keys → the caller's keys with their created and last-used times, never the keys. */
export const useApiKeys = () =>
  useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => apiRequest('listApiKeys', { signal }) });

/** POST /api/api-keys {name} → 201 {id, name, key}: the key, answered this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['createApiKey'],
    mutationFn: (body: CreateApiKeyRequest) => apiRequest('createApiKey', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** DELETE /api/api-keys/{id}: the key answers 401 from now on. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['deleteApiKey'],
    mutationFn: (id: string) => apiRequest('deleteApiKey', { params: { id } }),
    onSuccess: (_answer, id) => {
      // Gone from the list at once (the screen moves focus away from its row), then the list is asked again.
      queryClient.setQueryData(apiKeysKey, (list: ApiKey[] | undefined) => list?.filter((each) => each.id !== id));
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
  });
}
