import type { QueryClient } from '@tanstack/react-query';

import { freeTrial, isSubscribed } from '#shared/rules/trial';
import { billingOff, getSubscriptionStatus, subscriptionStatusKey } from '#frontend/lib/subscription-status.ts';

/**
 * Whether a new event may be created active (the trial's rule for activating events): during the 7-day trial
 * from the host's createdAt, or with an active subscription (GET /api/subscription/status, cached with the
 * dashboard's key), or always when billing is off on this server (no Stripe keys). When the status cannot be read
 * after the trial, the event is created inactive rather than refused with 402; the host can activate it from the
 * dashboard.
 */
export async function canActivateEvents(
  queryClient: QueryClient,
  createdAt: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (createdAt && !freeTrial(createdAt, now).expired) return true;
  try {
    const status = await queryClient.fetchQuery({
      queryKey: subscriptionStatusKey,
      queryFn: ({ signal }) => getSubscriptionStatus(signal),
      staleTime: 60_000,
    });
    // With billing off on this server the trial rule does not apply.
    return billingOff(status) || isSubscribed(status.status);
  } catch {
    return false;
  }
}
