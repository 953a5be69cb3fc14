import { useQuery } from '@tanstack/react-query';

import { teamsKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/teams → the caller's teams, each with the caller's role. */
export const useTeams = () =>
  useQuery({ queryKey: teamsKey, queryFn: ({ signal }) => apiRequest('listTeams', { signal }) });
