import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/teams/{slug} → the team and its members: the editor offers them as the hosts of a team event. null: no
 * team (a personal event).
 */
export const useTeamMembers = (slug: string | null) =>
  useQuery({
    queryKey: ['teams', slug],
    queryFn: ({ signal }) => apiRequest('getTeam', { params: { slug: slug ?? '' }, signal }),
    enabled: slug !== null,
  });
