import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

import { encodeForm } from '#functions/adapters/stripe/stripe-form';
import { answerOf, StripeRestError } from '#functions/adapters/stripe/stripe-rest-errors';

/**
 * One call of our Stripe client (stripe-rest.ts) over the runtime's fetch, as stripe-node 23 makes it:
 * - `Authorization: Bearer {secret key}`, `Stripe-Version` pinned, an `Idempotency-Key` on every POST (the caller's,
 *   else a random one, so that a retry cannot create twice); the parameters form-encoded (stripe-form.ts);
 * - retries, with the same Idempotency-Key: a failed connection, a timeout, a 409 and a 5xx, twice by default, after
 *   0.5 s then 0.5 to 1 s (exponential back-off with jitter, at most 5 s); a 429 only when Stripe says
 *   `Stripe-Should-Retry: true` (the SDK does not retry a rate limit otherwise), and nothing when it says `false`;
 * - a timeout per attempt (10 s by default), answered as a connection error;
 * - the final answer's JSON, or its StripeRestError (stripe-rest-errors.ts).
 */

export interface StripeRestOptions {
  secretKey: string;
  /** The pinned API version (STRIPE_API_VERSION). */
  apiVersion: string;
  /** Where the API is (the tests' fake Stripe: http://127.0.0.1:port); unset: https://api.stripe.com. */
  apiUrl?: string;
  /** Retries after the first attempt (default 2). */
  maxNetworkRetries?: number;
  /** Per attempt, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** The tests' stand-ins for the runtime's fetch, the wait between attempts and the jitter. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<unknown>;
  random?: () => number;
}

/** What a call may add: the Idempotency-Key of a POST (without one, a random key is sent). */
export interface StripeRequestOptions {
  idempotencyKey?: string;
}

export const STRIPE_API_URL = 'https://api.stripe.com';
const DEFAULT_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 10_000;
const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 5_000;

/**
 * How long to wait before retry number `retry` (1, 2, …): stripe-node's back-off, 0.5 s doubling up to 5 s, with
 * jitter down to half of it, never below 0.5 s.
 */
export function retryDelayMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** (retry - 1), MAX_RETRY_DELAY_MS);
  return Math.max(INITIAL_RETRY_DELAY_MS, ceiling * 0.5 * (1 + random()));
}

/** Whether an answer is worth another attempt (stripe-node's `_shouldRetry`, after a response). */
function retryable(response: Response): boolean {
  const advice = response.headers.get('stripe-should-retry');
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return response.status === 409 || response.status >= 500;
}

const isTimeout = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** A Stripe API call: its method, path and parameters (form-encoded), answered with the JSON Stripe sends. */
export type StripeRequest = <T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params?: object,
  requestOptions?: StripeRequestOptions,
) => Promise<T>;

/** The calls of one client, with its key, API version and retry settings. */
export function stripeRequest(options: StripeRestOptions): StripeRequest {
  const base = options.apiUrl ? new URL(options.apiUrl).origin : STRIPE_API_URL;
  const maxRetries = options.maxNetworkRetries ?? DEFAULT_RETRIES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const random = options.random ?? Math.random;

  return async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: object = {},
    requestOptions: StripeRequestOptions = {},
  ): Promise<T> {
    const form = encodeForm(params);
    // A GET's and a DELETE's parameters go in the query string, as stripe-node sends them.
    const url = `${base}${path}${method !== 'POST' && form ? `?${form}` : ''}`;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${options.secretKey}`,
      'Stripe-Version': options.apiVersion,
      'User-Agent': 'Meetwise (stripe-rest)',
    };
    if (method === 'POST') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      // One key for every attempt: Stripe answers a retry of a request it already carried out with its first answer.
      headers['Idempotency-Key'] = requestOptions.idempotencyKey ?? `meetwise-retry-${randomUUID()}`;
    }
    for (let retries = 0; ; retries += 1) {
      let response: Response;
      let text: string;
      try {
        response = await send(url, {
          method,
          headers,
          ...(method === 'POST' ? { body: form } : {}),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        if (retries < maxRetries) {
          await sleep(retryDelayMs(retries + 1, random));
          continue;
        }
        const message = isTimeout(error)
          ? `Request aborted due to timeout being reached (${timeoutMs}ms)`
          : `An error occurred with our connection to Stripe.${retries > 0 ? ` Request was retried ${retries} times.` : ''}`;
        throw new StripeRestError('StripeConnectionError', message, undefined, undefined, {}, error);
      }
      if (retries < maxRetries && retryable(response)) {
        await sleep(retryDelayMs(retries + 1, random));
        continue;
      }
      return answerOf<T>(response, text);
    }
  };
}
