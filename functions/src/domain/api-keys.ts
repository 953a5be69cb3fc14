import { createHash } from 'node:crypto';

import { API_KEYS_PER_HOST_MAX } from '#shared/api/schemas/integrations';
import type { RateRule } from '#functions/domain/abuse-limits';

/**
 * API keys (issue 29): what a key looks like, how it is stored and found, and the rules of its use.
 *
 * A key is `mw_` and the base64url text of 32 random bytes (256 bits: never guessed, never worth a slow hash). It is
 * answered once, when it is made; the table keeps only its SHA-256, so the table alone opens nothing. A request
 * authenticates with `Authorization: Bearer mw_…` as the key's host, never as an administrator, on the routes whose
 * row says `apiKey: true` (shared/api/route-definition.ts); every other route answers 403 to a key.
 */

export const API_KEY_PREFIX = 'mw_';
export const API_KEY_BYTES = 32;
/** `mw_` and 43 base64url characters (32 bytes, unpadded). */
const API_KEY_SHAPE = /^mw_[A-Za-z0-9_-]{43}$/;

export { API_KEYS_PER_HOST_MAX };

/**
 * Requests per key: 120 a minute (two a second, sustained) is far above what a CRM sync or a script reading its
 * host's bookings needs, and keeps one leaked or looping key from costing more than a busy booking page. Counted in
 * the table like the abuse limits (functions/src/domain/abuse-limits.ts), per key: a host's keys do not share one
 * count, and a key's count is not its host's console's. RATE_LIMIT_MULTIPLIER raises it like every limit.
 */
export const API_KEY_RATE_LIMIT = {
  name: 'api-key',
  noun: 'requests',
  source: 'with this API key',
  limit: 120,
  windowMs: 60_000,
} as const satisfies RateRule;

/** A key's last use is written at most this often (one conditional write a minute at most, however busy the key). */
export const API_KEY_LAST_USED_EVERY_MS = 60_000;

export const API_KEY_MESSAGES = {
  /** A key on a route whose row has no `apiKey` (account, profile, billing, settings, teams, the keys, …). */
  notAllowed: 'API keys cannot be used for this request.',
  /** Unknown, malformed or revoked. */
  invalid: 'Invalid or revoked API key.',
  notFound: 'API key not found.',
  tooMany: `You can have at most ${API_KEYS_PER_HOST_MAX} API keys. Revoke one before creating another.`,
  /** An unproven account's keys would outlive the address's real owner claiming it (docs/security.md). */
  unverified: 'Please confirm your e-mail address before creating an API key.',
  revoked: 'API key revoked.',
} as const;

/** The key made of these random bytes. */
export const apiKeyOf = (bytes: Uint8Array): string => `${API_KEY_PREFIX}${Buffer.from(bytes).toString('base64url')}`;

/** Whether a credential can be a key at all (a malformed one is refused without reading the table). */
export const isApiKeyShaped = (credential: string): boolean => API_KEY_SHAPE.test(credential);

/** What the table keeps of a key, and finds it by: its SHA-256, base64url. */
export const apiKeyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('base64url');

/**
 * The credential of an `Authorization` header that uses the Bearer scheme (RFC 6750; the scheme's name in any case),
 * `''` when it names the scheme and nothing else, and null when there is no such header or it uses another scheme
 * (which no route reads). A request with a Bearer credential is a key's call, whatever else it carries.
 */
export function bearerCredential(authorization: string | undefined): string | null {
  if (authorization === undefined) return null;
  const match = /^\s*bearer(?:\s+(.*?))?\s*$/is.exec(authorization);
  if (!match) return null;
  return match[1] ?? '';
}

/** Whether a use at `now` is to be written: never written yet, or last written a minute or more before. */
export function lastUseDue(lastUsedAt: string | null, now: Date): boolean {
  if (lastUsedAt === null) return true;
  const last = Date.parse(lastUsedAt);
  return Number.isNaN(last) || now.getTime() - last >= API_KEY_LAST_USED_EVERY_MS;
}
