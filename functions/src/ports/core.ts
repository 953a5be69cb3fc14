import type { Config } from '#functions/config';
import type { ApiKeyVerifier } from '#functions/ports/api-keys';
import type { SessionVerifier } from '#functions/ports/sessions';

/** What every route and job has: time, ids, logging, metrics, who is calling, and the once-only guard. */

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new unique, URL-safe id. */
  next(): string;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger whose every line also carries `keys` (the HTTP wrapper adds the route and the request's ids). */
  with?(keys: Record<string, unknown>): Logger;
}

/**
 * What the service counts (CloudWatch metrics, namespace Meetwise-{stage} in the cloud, one `service` dimension per
 * function): the figures an operator watches and the booking-failure alarm reads (docs/operations.md).
 */
export type MetricName =
  | 'BookingCreated'
  /** A guest lost the race for a time another booking took meanwhile (the 409 "no longer available"). */
  | 'BookingRaceLost'
  | 'EmailSent'
  | 'EmailFailed'
  | 'GoogleCallFailed'
  | 'LoginThrottled'
  /** An answer of 500 or more, counted by the HTTP wrapper for every route. */
  | 'ServerError';

export interface Metrics {
  count(name: MetricName, value?: number): void;
}

/** Who is calling. */
export interface Principal {
  userId: string;
  /** Always false for an API key's call, even an administrator's key: a key acts as its host only. */
  isAdmin: boolean;
  /** The session the call came with (logout ends it); '' for an API key's call. */
  sessionId: string;
  /** The API key the call came with (issue 29; `Authorization: Bearer mw_…`): set only for a key's call. */
  apiKeyId?: string;
}

/**
 * A cookie a use case asks the HTTP layer to set (it writes the Set-Cookie: SameSite=Lax, Secure when `secure`,
 * Max-Age 0 removes it). A string is a Set-Cookie value the SessionIssuer already wrote.
 */
export type CookieToSet =
  string | { name: string; value: string; path: string; maxAgeSeconds: number; httpOnly: boolean; secure: boolean };

/**
 * Runs a side effect at most once per id, though it may be asked many times (streams and schedulers deliver at least
 * once): a conditional write on the id guards it (Powertools idempotency, DynamoDB store). A run that throws leaves
 * no mark, so it is tried again; a run in progress elsewhere throws OnceInProgress (the caller retries later).
 */
export interface OnceGuard {
  run<T>(id: string, work: () => Promise<T>): Promise<T>;
}

/** What every route has: configuration, time, ids, logging, and who is calling. */
export interface CoreDeps {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  metrics: Metrics;
  sessions: SessionVerifier;
  /**
   * API keys' bearer authentication (issue 29), for the rows with `apiKey`. Absent (a test's own dependencies): every
   * key is refused with 401.
   */
  apiKeyVerifier?: ApiKeyVerifier;
}
