import type { SubscriptionStatus } from '#shared/api/schemas/host-events';
import type { Deps, Principal } from '#functions/ports';
import { callerAccount } from './caller.ts';

/**
 * GET /api/subscription/status: the caller's subscription record as billing wrote it; a host who never paid has
 * status `none` (host-area.md §3 "Subscription status").
 */
export async function subscriptionStatus(deps: Pick<Deps, 'accounts' | 'hosts'>, principal: Principal | null): Promise<SubscriptionStatus> {
  const account = await callerAccount(deps, principal);
  const plan = (await deps.hosts.get(account.id))?.plan;
  return plan ?? { status: 'none', planType: null, nextBillingDate: null, id: null };
}

/** GET /api/user/calendar: whether the caller has a calendar connected, its e-mail and last sync (host-area.md §3). */
export async function calendarStatus(
  deps: Pick<Deps, 'accounts' | 'hosts'>,
  principal: Principal | null,
): Promise<{ connected: boolean; email: string | null; lastSynced: string | null }> {
  const account = await callerAccount(deps, principal);
  const calendar = (await deps.hosts.get(account.id))?.calendar;
  return calendar?.connected
    ? { connected: true, email: calendar.email, lastSynced: calendar.lastSynced }
    : { connected: false, email: null, lastSynced: null };
}
