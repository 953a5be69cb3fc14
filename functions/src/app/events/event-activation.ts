import { TRIAL_EXPIRED_ACTIVATION_MESSAGE } from '#shared/constants';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { hostMayPublish } from '#functions/domain/billing';
import type { AccountRecord, EventRecord } from '#functions/domain/records';
import { PaymentRequired } from '#functions/errors';

/** Whether the caller may activate events now: billing off, a trial day left, or a plan in force. */
export async function mayActivateNow(deps: HostEventDeps, account: AccountRecord): Promise<boolean> {
  const host = await deps.hosts.get(account.id);
  return hostMayPublish(
    { createdAt: account.createdAt, plans: host?.plans ?? [] },
    deps.clock.now(),
    deps.config.billing !== null,
  );
}

/** 402 with the tooltip's text when the caller may not activate events now. */
export async function assertMayActivate(deps: HostEventDeps, account: AccountRecord): Promise<void> {
  if (!(await mayActivateNow(deps, account))) throw new PaymentRequired(TRIAL_EXPIRED_ACTIVATION_MESSAGE);
}

/** The account whose plan publishes the event (a team event's creator, or whom it moved to); the caller if gone. */
export async function publisherOf(
  deps: HostEventDeps,
  account: AccountRecord,
  event: EventRecord,
): Promise<AccountRecord> {
  if (event.userId === account.id) return account;
  return (await deps.accounts.get(event.userId)) ?? account;
}
