import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/subscription/status → `{ status, planType, nextBillingDate, id }`; status 'none' for a host who never paid. */
export const subscriptionStatusKey = ['subscriptionStatus'] as const;

export const getSubscriptionStatus = (signal?: AbortSignal) => apiRequest('getSubscriptionStatus', { signal });

export const useSubscriptionStatus = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: subscriptionStatusKey,
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    enabled,
  });
