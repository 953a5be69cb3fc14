import type { SessionVerifier } from '#functions/ports';

/**
 * Accounts do not exist yet, so no request can carry a session: everyone is anonymous, and routes whose auth
 * level is signed-in or admin answer 401. The accounts work replaces this adapter with the signed-cookie one.
 */
export const noAccounts: SessionVerifier = {
  async authenticate() {
    return null;
  },
};
