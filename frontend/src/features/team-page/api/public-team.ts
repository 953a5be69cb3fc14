import { useQuery } from '@tanstack/react-query';

import { routeCaller, type RouteAddresses } from '#frontend/lib/api-core.ts';

/**
 * GET /api/teams/{slug}/public → a team's public page (issue 28): its name, logo and active event types with their
 * hosts. Its address spelled out (held to the route table's by its type), so the team page's entry carries no route table.
 */
const TEAM_PAGE_ROUTES = {
  getPublicTeam: { method: 'GET', path: '/api/teams/{slug}/public' },
} as const satisfies RouteAddresses;

const teamPageApi = routeCaller(TEAM_PAGE_ROUTES);

/** The cache key of a team's public page; a published page puts its inlined data there (team-main.tsx). */
export const publicTeamKey = (slug: string) => ['publicTeam', slug] as const;

export const usePublicTeam = (slug: string) =>
  useQuery({
    queryKey: publicTeamKey(slug),
    queryFn: ({ signal }) => teamPageApi('getPublicTeam', { params: { slug }, signal }),
    retry: false,
  });
