import { useQuery } from '@tanstack/react-query';

import type { SubscriptionStatus } from '#shared/api/schemas/billing';
import { apiRequest } from '#frontend/lib/api.ts';

/**
 * GET /api/subscription/status → `{ status, planType, nextBillingDate, id, cancelAtPeriodEnd, providerStatus,
 * billingEnabled }`; status 'active' while a plan is in force, 'none' for a host who never paid.
 */
export const subscriptionStatusKey = ['subscriptionStatus'] as const;

export const getSubscriptionStatus = (signal?: AbortSignal) => apiRequest('getSubscriptionStatus', { signal });

/** `staleTime` 0 asks the server again on each visit (the billing page); by default the cached answer serves. */
export const useSubscriptionStatus = ({ enabled, staleTime }: { enabled: boolean; staleTime?: number }) =>
  useQuery({
    queryKey: subscriptionStatusKey,
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    enabled,
    ...(staleTime === undefined ? {} : { staleTime }),
  });

/**
 * Billing is off on this server (no Stripe keys, the one-machine default): the trial rule does not apply, so no
 * trial banner, no 'Upgrade to Activate', and activation is always allowed (issue 18 "Billing off").
 */
export const billingOff = (status: Pick<SubscriptionStatus, 'billingEnabled'> | null | undefined): boolean =>
  status?.billingEnabled === false;
