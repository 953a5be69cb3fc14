import { Unauthorized } from '#functions/errors';
import type { Deps, Principal } from '#functions/ports';
import type { AccountRecord } from '#functions/domain/records';

/** The signed-in caller's account; a session whose account is gone counts as signed out. */
export async function callerAccount(deps: Pick<Deps, 'accounts'>, principal: Principal | null): Promise<AccountRecord> {
  const account = principal ? await deps.accounts.get(principal.userId) : null;
  if (!account) throw new Unauthorized('Authentication required.');
  return account;
}
