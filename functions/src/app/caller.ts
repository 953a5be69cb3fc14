import type { AccountRecord } from '#functions/domain/records';
import { Unauthorized } from '#functions/errors';
import type { Deps, Principal } from '#functions/ports';

/** What finding the signed-in caller's account needs. */
export type CallerDeps = Pick<Deps, 'accounts'>;

/** The signed-in caller's account; a session whose account is gone counts as signed out. */
export async function callerAccount(deps: CallerDeps, principal: Principal | null): Promise<AccountRecord> {
  const account = principal ? await deps.accounts.get(principal.userId) : null;
  if (!account) throw new Unauthorized('Authentication required.');
  return account;
}
