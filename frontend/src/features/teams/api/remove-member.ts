import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamKey, teamsKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/**
 * DELETE /api/teams/{slug}/members/{userId}: an owner or admin removes a member, or a member leaves (their own id).
 * Their future bookings stay theirs or are given to another member.
 */
export function useRemoveMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['removeTeamMember'],
    mutationFn: (userId: string) => apiRequest('removeTeamMember', { params: { slug, userId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: teamsKey });
      void queryClient.invalidateQueries({ queryKey: teamKey(slug) });
    },
  });
}
