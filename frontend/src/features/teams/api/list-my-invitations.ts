import { useQuery } from '@tanstack/react-query';

import { myInvitationsKey } from '#frontend/features/teams/api/teams-keys.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/teams/invitations → the caller's pending invitations (to their verified e-mail address). */
export const useMyInvitations = () =>
  useQuery({ queryKey: myInvitationsKey, queryFn: ({ signal }) => apiRequest('listTeamInvitations', { signal }) });
