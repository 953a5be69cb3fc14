import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** DELETE /api/teams/{slug}/invitations/{id} (owners and admins): the link no longer works. */
export function useRevokeInvitation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['revokeInvitation'],
    mutationFn: (invitationId: string) => apiRequest('revokeTeamInvitation', { params: { slug, id: invitationId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKey(slug) }),
  });
}
