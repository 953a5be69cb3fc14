import type { AccountRecord } from '#functions/domain/records';
import { Unauthorized } from '#functions/errors';
import type { AccountRepository } from '#functions/ports/accounts';
import type { Principal } from '#functions/ports/core';

/** What finding the signed-in caller's account needs. */
export type CallerDeps = { accounts: AccountRepository };

/** The signed-in caller's account; a session whose account is gone counts as signed out. */
export async function callerAccount(deps: CallerDeps, principal: Principal | null): Promise<AccountRecord> {
  const account = principal ? await deps.accounts.get(principal.userId) : null;
  if (!account) throw new Unauthorized('Authentication required.');
  return account;
}
