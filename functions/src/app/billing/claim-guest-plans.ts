import type { AccountRecord } from '#functions/domain/records';
import type { BillingStore } from '#functions/ports/billing';
import type { Logger } from '#functions/ports/core';

/**
 * An account proved `provenEmail` (a verification or sign-in link, Google): the plans a guest bought for that
 * address are the account's from now on. Never for an address the account has not proven.
 */
export async function claimGuestPlans(
  deps: { billing: BillingStore; logger: Logger },
  account: Pick<AccountRecord, 'id'>,
  provenEmail: string,
): Promise<void> {
  const moved = await deps.billing.claimGuestPlans(provenEmail.toLowerCase(), account.id);
  if (moved > 0)
    deps.logger.info('Guest plans claimed by the account that proved the address', { userId: account.id, moved });
}
