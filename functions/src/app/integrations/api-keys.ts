import { randomBytes } from 'node:crypto';

import type { ApiKeyView, CreateApiKeyBody } from '#shared/api/schemas/integrations';
import { enforceLimits } from '#functions/app/common/abuse-limits';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import {
  API_KEY_BYTES,
  API_KEY_LAST_USED_EVERY_MS,
  API_KEY_MESSAGES,
  API_KEY_RATE_LIMIT,
  API_KEYS_PER_HOST_MAX,
  apiKeyHash,
  apiKeyOf,
  isApiKeyShaped,
  lastUseDue,
} from '#functions/domain/api-keys';
import type { ApiKeyRecord } from '#functions/domain/records';
import { Conflict, Forbidden, NotFound } from '#functions/errors';
import type { ApiKeyRepository, ApiKeyVerifier } from '#functions/ports/api-keys';
import type { Clock, IdGenerator, Logger, Principal } from '#functions/ports/core';
import type { RateLimiter } from '#functions/ports/rate-limits';

/**
 * API keys (issue 29): a host makes named keys, lists them and revokes them; a key authenticates its host's calls on
 * the routes that take one. The routes that manage keys take no key themselves (their rows have no `apiKey`): only a
 * session makes or revokes a key.
 */

/** What the key routes need. */
export type ApiKeyDeps = CallerDeps & { apiKeys: ApiKeyRepository; clock: Clock; ids: IdGenerator };
/** What authenticating a key needs (the clock and logger are the request's). */
export type ApiKeyAuthDeps = { apiKeys: ApiKeyRepository; rateLimiter: RateLimiter; clock: Clock; logger: Logger };

const toView = (key: ApiKeyRecord): ApiKeyView => ({
  id: key.id,
  name: key.name,
  createdAt: key.createdAt,
  lastUsedAt: key.lastUsedAt,
});

/**
 * POST /api/api-keys `{ name }`. Primary course: the caller's account, if its address is proven (else 403: an
 * unproven account's keys would outlive the real owner claiming the address); a new key of 32 random bytes; its
 * record and its lookup by hash written in one transaction, if the host has fewer than API_KEYS_PER_HOST_MAX keys
 * (else 409, nothing written). Answers the key this once: only its hash is kept.
 */
export async function createApiKey(
  deps: ApiKeyDeps,
  principal: Principal | null,
  body: CreateApiKeyBody,
): Promise<{ id: string; name: string; key: string }> {
  const account = await callerAccount(deps, principal);
  if (!account.emailVerified) throw new Forbidden(API_KEY_MESSAGES.unverified);
  const key = apiKeyOf(randomBytes(API_KEY_BYTES));
  const record: ApiKeyRecord = {
    id: deps.ids.next(),
    hostId: account.id,
    name: body.name,
    createdAt: deps.clock.now().toISOString(),
    lastUsedAt: null,
  };
  const result = await deps.apiKeys.create(record, apiKeyHash(key), API_KEYS_PER_HOST_MAX);
  if (result === 'tooMany') throw new Conflict(API_KEY_MESSAGES.tooMany);
  return { id: record.id, name: record.name, key };
}

/** GET /api/api-keys: the caller's keys (one Query), newest first, with their created and last-used times. */
export async function listApiKeys(deps: ApiKeyDeps, principal: Principal | null): Promise<ApiKeyView[]> {
  const account = await callerAccount(deps, principal);
  const found = await deps.apiKeys.list(account.id);
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id)).map(toView);
}

/**
 * DELETE /api/api-keys/{id}: revokes the caller's key (its record and lookup in one transaction); from then on the
 * key answers 401. Another host's key, or one already revoked: 404.
 */
export async function deleteApiKey(
  deps: ApiKeyDeps,
  principal: Principal | null,
  id: string,
): Promise<{ message: string }> {
  const account = await callerAccount(deps, principal);
  if (!(await deps.apiKeys.delete(account.id, id))) throw new NotFound(API_KEY_MESSAGES.notFound);
  return { message: API_KEY_MESSAGES.revoked };
}

/**
 * A bearer key's call (the HTTP wrapper asks, for the rows with `apiKey` only). Primary course: the credential has a
 * key's shape (else null: nothing read); its lookup by hash is found (one GetItem; else null: unknown or revoked);
 * the call is counted against the key's rate limit (429 with Retry-After past it, API_KEY_RATE_LIMIT); its use is
 * written if the last one written is a minute old or more (a conditional write; a failure to write it is logged and
 * the call goes on). Answers the host's principal, never an administrator's, with the key's id.
 */
export async function authenticateApiKey(deps: ApiKeyAuthDeps, key: string): Promise<Principal | null> {
  if (!isApiKeyShaped(key)) return null;
  const keyHash = apiKeyHash(key);
  const found = await deps.apiKeys.findByHash(keyHash);
  if (!found) return null;
  await enforceLimits(deps, [{ rule: API_KEY_RATE_LIMIT, subject: found.id }]);
  const now = deps.clock.now();
  if (lastUseDue(found.lastUsedAt, now)) {
    try {
      await deps.apiKeys.recordUse({ ...found, keyHash }, now, new Date(now.getTime() - API_KEY_LAST_USED_EVERY_MS));
    } catch (error) {
      deps.logger.warn('Could not record the API key use', {
        apiKeyId: found.id,
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
  return { userId: found.hostId, isAdmin: false, sessionId: '', apiKeyId: found.id };
}

/** The verifier every route's dependencies carry (functions/src/composition.ts builds it once per process). */
export const apiKeyVerifier = (deps: { apiKeys: ApiKeyRepository; rateLimiter: RateLimiter }): ApiKeyVerifier => ({
  authenticate: (key, context) => authenticateApiKey({ ...deps, ...context }, key),
});
