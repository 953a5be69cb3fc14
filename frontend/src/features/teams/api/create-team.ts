import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamsKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest, type ApiRequestOptions } from '#frontend/lib/api.ts';

export type CreateTeamBody = ApiRequestOptions<'createTeam'>['body'];

/** POST /api/teams {name, slug} → 201 {id, name, slug}; 409 when the slug is taken. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['createTeam'],
    mutationFn: (body: CreateTeamBody) => apiRequest('createTeam', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamsKey }),
  });
}
