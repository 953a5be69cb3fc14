import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamsKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest, type ApiRequestOptions } from '#frontend/lib/api.ts';

export type UpdateTeamBody = ApiRequestOptions<'updateTeam'>['body'];

/** PATCH /api/teams/{slug} {name?, logoUrl?} (owners and admins); the logo's address as the upload answered it. */
export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateTeam'],
    mutationFn: ({ slug, body }: { slug: string; body: UpdateTeamBody }) =>
      apiRequest('updateTeam', { params: { slug }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamsKey }),
  });
}
