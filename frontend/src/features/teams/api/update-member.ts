import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamKey } from '#frontend/features/teams/api/teams-keys.ts';
import type { TeamRoleName } from '#frontend/features/teams/lib/team-rules.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** PATCH /api/teams/{slug}/members/{userId} {role} (owners and admins); a team keeps at least one owner (400). */
export function useUpdateMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateTeamMember'],
    mutationFn: ({ userId, role }: { userId: string; role: TeamRoleName }) =>
      apiRequest('updateTeamMember', { params: { slug, userId }, body: { role } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: teamKey(slug) }),
  });
}
