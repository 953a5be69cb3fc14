import type { Principal } from '#functions/ports/core';

/** Sessions: the signed cookie and the stored session it names (docs/security.md). */

export interface SessionVerifier {
  /** The principal of the session cookie's value (`null`: the request had none), or null when it is not valid. */
  authenticate(token: string | null): Promise<Principal | null>;
}

/** A stored session, read with its account (SessionStore.find). */
export interface StoredSession {
  userId: string;
  /** Seconds since epoch (also the item's TTL). */
  expiresAt: number;
  /** The account's role, read with the session, for the administrator check. */
  role: 'admin' | null;
}

/** Session items (adapters/dynamodb/sessions.ts): what a session token names must still exist to count. */
export interface SessionStore {
  create(userId: string, sessionId: string, expiresAt: number, createdAt: string): Promise<void>;
  /** The session with its account, or null when either is gone or the session predates the account's claim. */
  find(userId: string, sessionId: string): Promise<StoredSession | null>;
  delete(userId: string, sessionId: string): Promise<void>;
}

/** Starts and ends sessions: a signed token naming a stored session item (docs/security.md). */
export interface SessionIssuer {
  /** Stores a new session for the user and answers the Set-Cookie value carrying its token. */
  start(userId: string, options: { secure: boolean }): Promise<string>;
  /** Deletes one session (logout). */
  end(userId: string, sessionId: string): Promise<void>;
  /** The Set-Cookie value that removes the session cookie. */
  clearCookie(options: { secure: boolean }): string;
}
