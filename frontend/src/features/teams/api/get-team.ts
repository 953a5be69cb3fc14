import { useQuery } from '@tanstack/react-query';

import { teamKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest, isApiError } from '#frontend/lib/api.ts';

/**
 * GET /api/teams/{slug} → the team, its members, its pending invitations (owners and admins only) and its event
 * types; 404 for a team the caller is not a member of (not retried).
 */
export const useTeam = (slug: string) =>
  useQuery({
    queryKey: teamKey(slug),
    queryFn: ({ signal }) => apiRequest('getTeam', { params: { slug }, signal }),
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
