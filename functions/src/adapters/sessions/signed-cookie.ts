import { jwtVerify, SignJWT } from 'jose';

import { SESSION_COOKIE_NAME } from '#shared/constants';
import type { Clock, IdGenerator, Principal } from '#functions/ports/core';
import type { SessionIssuer, SessionStore, SessionVerifier } from '#functions/ports/sessions';

/**
 * Sessions (docs/security.md): an HS256 token (algorithm pinned, issuer, audience, 7-day expiry) naming a
 * session item, in an HttpOnly SameSite=Lax cookie (Secure over HTTPS). The token alone is not enough: the item
 * must still exist, so logout and account deletion end a session at once.
 */
export const SESSION_COOKIE = SESSION_COOKIE_NAME;
export const SESSION_DAYS = 7;
const ISSUER = 'meetwise';
const AUDIENCE = 'meetwise-web';
const ALGORITHM = 'HS256';

interface Options {
  key: Uint8Array;
  /**
   * A rotation's grace period: the key before `key`. Tokens it signed are still accepted (nobody is signed out by a
   * rotation); new tokens are signed with `key` alone. Dropped by the next deploy, its tokens then stop working.
   */
  previousKey?: Uint8Array | undefined;
  store: SessionStore;
  clock: Clock;
  ids: IdGenerator;
}

const cookieAttributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export function signedCookieSessions(options: Options): SessionVerifier & SessionIssuer {
  const { key, store, clock, ids } = options;
  const verifyingKeys = options.previousKey ? [key, options.previousKey] : [key];

  /** The token's claims under the current key or, failing that, the previous one; null if neither signed it. */
  const verified = async (token: string) => {
    for (const candidate of verifyingKeys) {
      try {
        return await jwtVerify(token, candidate, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'sid', 'exp'],
        });
      } catch {
        // tampered, expired, another key or algorithm: try the next key, else as if there were no cookie
      }
    }
    return null;
  };

  return {
    async authenticate(token): Promise<Principal | null> {
      if (!token) return null;
      const result = await verified(token);
      if (!result) return null;
      const { payload } = result;
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const userId = payload.sub;
      const sessionId = payload.sid;
      const session = await store.find(userId, sessionId);
      if (!session || session.expiresAt * 1000 <= clock.now().getTime()) return null;
      return { userId, sessionId, isAdmin: session.role === 'admin' };
    },

    async start(userId, { secure }) {
      const now = clock.now();
      const sessionId = ids.next();
      const expiresAt = Math.floor(now.getTime() / 1000) + SESSION_DAYS * 86_400;
      await store.create(userId, sessionId, expiresAt, now.toISOString());
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(expiresAt)
        .sign(key);
      return `${SESSION_COOKIE}=${token}; ${cookieAttributes(secure)}; Max-Age=${SESSION_DAYS * 86_400}`;
    },

    async end(userId, sessionId) {
      await store.delete(userId, sessionId);
    },

    clearCookie({ secure }) {
      return `${SESSION_COOKIE}=; ${cookieAttributes(secure)}; Max-Age=0`;
    },
  };
}
