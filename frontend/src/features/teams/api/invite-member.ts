import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest, type ApiRequestOptions } from '#frontend/lib/api.ts';

export type InviteBody = ApiRequestOptions<'inviteTeamMember'>['body'];

/** POST /api/teams/{slug}/invitations {email, role} → 201: the invited address gets a mail with a link. */
export function useInviteMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['inviteTeamMember'],
    mutationFn: (body: InviteBody) => apiRequest('inviteTeamMember', { params: { slug }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKey(slug) }),
  });
}
