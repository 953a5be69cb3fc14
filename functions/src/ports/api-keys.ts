import type { ApiKeyRecord } from '#functions/domain/records';
import type { Clock, Logger, Principal } from '#functions/ports/core';

/** API keys (issue 29): a host's keys and their bearer authentication. */

/**
 * Authenticates an API key (issue 29): its host's principal (`apiKeyId` set, never an administrator), or null for an
 * unknown, malformed or revoked key. Counts the call against the key's rate limit (TooManyRequests past it) and
 * records its use at most once a minute. `context` is the request's clock and logger.
 */
export interface ApiKeyVerifier {
  authenticate(key: string, context: { clock: Clock; logger: Logger }): Promise<Principal | null>;
}

/** What finding a key by its hash answers: enough to authenticate, and to write its last use. */
export type ApiKeyLookup = Pick<ApiKeyRecord, 'id' | 'hostId' | 'lastUsedAt'>;

/**
 * API keys in the table (adapters/dynamodb/api-keys.ts): a record under its host and a lookup item by the key's
 * hash, always written and deleted together in one transaction.
 */
export interface ApiKeyRepository {
  /** Writes the key (record, lookup) if the host has fewer than `max` keys; nothing is written otherwise. */
  create(key: ApiKeyRecord, keyHash: string, max: number): Promise<'created' | 'tooMany'>;
  /** The host's keys, in no particular order. */
  list(hostId: string): Promise<ApiKeyRecord[]>;
  /** Deletes the host's key (record and lookup); false when the host has no key with this id. */
  delete(hostId: string, id: string): Promise<boolean>;
  /** The key with this hash (one GetItem), or null. */
  findByHash(keyHash: string): Promise<ApiKeyLookup | null>;
  /**
   * Records a use at `at` on the record and the lookup, only if none was recorded after `unlessSince` (a conditional
   * write, so concurrent calls write once); answers whether it wrote. A key revoked meanwhile is not written back.
   */
  recordUse(key: ApiKeyLookup & { keyHash: string }, at: Date, unlessSince: Date): Promise<boolean>;
}
