import { useMutation, useQueryClient } from '@tanstack/react-query';

import { myInvitationsKey, teamsKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** POST /api/teams/invitations/{id}/accept → 200; 403 when the caller's verified e-mail is not the invited one. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['acceptInvitation'],
    mutationFn: (invitationId: string) => apiRequest('acceptTeamInvitation', { params: { id: invitationId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myInvitationsKey });
      void queryClient.invalidateQueries({ queryKey: teamsKey });
    },
  });
}
