import type { SubscriptionStatus } from '#shared/api/schemas/host-events';
import { callerAccount, type CallerDeps } from '#functions/app/caller';
import type { Deps, Principal } from '#functions/ports';

/** What the subscription status needs: the caller's account and host record. */
export type SubscriptionStatusDeps = CallerDeps & Pick<Deps, 'hosts'>;

/**
 * GET /api/subscription/status: the caller's subscription record as billing wrote it; a host who never paid has
 * status `none` (host-area.md §3 "Subscription status").
 */
export async function subscriptionStatus(
  deps: SubscriptionStatusDeps,
  principal: Principal | null,
): Promise<SubscriptionStatus> {
  const account = await callerAccount(deps, principal);
  const plan = (await deps.hosts.get(account.id))?.plan;
  return plan ?? { status: 'none', planType: null, nextBillingDate: null, id: null };
}
