import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type Stripe from 'stripe';

/**
 * The Stripe API calls the adapter makes, over the runtime's fetch, instead of the `stripe` SDK: its client object
 * attaches every resource of the API, so it cannot be tree-shaken and weighed 240 KB in each billing function. The
 * SDK stays for its types (`import type`, nothing at runtime) and for the tests and the fake Stripe.
 *
 * What stripe-node 23 does for these calls, done the same way here:
 * - parameters as `application/x-www-form-urlencoded` with Stripe's brackets (`items[0][price_data][currency]=usd`,
 *   `expand[0]=latest_invoice`, `metadata[planType]=monthly`): a POST's in the body, a GET's in the query string;
 *   `undefined` left out, `null` sent empty (which unsets), a Date as epoch seconds (`encodeForm`);
 * - `Authorization: Bearer {secret key}`, `Stripe-Version` pinned, an `Idempotency-Key` on every POST (the caller's,
 *   else a random one, so that a retry cannot create twice);
 * - retries, with the same Idempotency-Key: a failed connection, a timeout, a 409 and a 5xx, twice by default, after
 *   0.5 s then 0.5 to 1 s (exponential back-off with jitter, at most 5 s); a 429 only when Stripe says
 *   `Stripe-Should-Retry: true` (the SDK does not retry a rate limit otherwise), and nothing when it says `false`;
 * - a timeout per attempt (10 s by default), answered as a connection error;
 * - Stripe's error body (`error.type`, `code`, `decline_code`, `param`, `message`) as a StripeRestError whose `type`
 *   is the name of the SDK's error class the same answer makes (`StripeCardError`, …), chosen as the SDK does.
 */

/** The SDK error class names, as `StripeError.type` gives them. */
export type StripeErrorType =
  | 'StripeCardError'
  | 'StripeInvalidRequestError'
  | 'StripeIdempotencyError'
  | 'StripeAuthenticationError'
  | 'StripePermissionError'
  | 'StripeRateLimitError'
  | 'StripeAPIError'
  | 'StripeConnectionError';

/** Stripe's error body (`{ error: { … } }`), the fields we read. */
interface RawStripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  param?: string;
  message?: string;
  doc_url?: string;
}

/** A Stripe failure, with the fields of stripe-node's StripeError that we use (same names). */
export class StripeRestError extends Error {
  override readonly name = 'StripeRestError';
  /** Stripe's own type (`card_error`, `invalid_request_error`, …); unset for a connection error. */
  readonly rawType: string | undefined;
  readonly code: string | undefined;
  readonly decline_code: string | undefined;
  readonly param: string | undefined;
  readonly doc_url: string | undefined;

  constructor(
    readonly type: StripeErrorType,
    message: string,
    readonly statusCode?: number,
    readonly requestId?: string,
    raw: RawStripeError = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.rawType = raw.type;
    this.code = raw.code;
    this.decline_code = raw.decline_code;
    this.param = raw.param;
    this.doc_url = raw.doc_url;
  }
}

/** Which SDK error an error answer makes (stripe-node's `generateV1Error`). */
export function errorTypeOf(statusCode: number, raw: RawStripeError): StripeErrorType {
  if (statusCode === 429 || (statusCode === 400 && raw.code === 'rate_limit')) return 'StripeRateLimitError';
  if (statusCode === 400 || statusCode === 404)
    return raw.type === 'idempotency_error' ? 'StripeIdempotencyError' : 'StripeInvalidRequestError';
  if (statusCode === 401) return 'StripeAuthenticationError';
  if (statusCode === 402) return 'StripeCardError';
  if (statusCode === 403) return 'StripePermissionError';
  return 'StripeAPIError';
}

// ---------------------------------------------------------------- encoding

/** A form component as stripe-node writes it: percent-encoded as qs does, with its brackets left readable. */
function encodeComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']');
}

/**
 * Stripe's form encoding of nested parameters (stripe-node's `queryStringifyRequestData`): `a[b][0][c]=v`, arrays
 * indexed from 0, in the objects' key order. An empty object or array sends nothing.
 */
export function encodeForm(params: object): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object' || value instanceof Date) {
      const text =
        value instanceof Date ? String(Math.floor(value.getTime() / 1000)) : value === null ? '' : String(value);
      pairs.push(`${encodeComponent(key)}=${encodeComponent(text)}`);
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) add(`${key}[${index}]`, value[index]);
    } else {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    }
  };
  for (const [name, value] of Object.entries(params)) add(name, value);
  return pairs.join('&');
}

// ---------------------------------------------------------------- the client

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

/** The Stripe client of the billing functions: the calls of the Stripe adapter (stripe-provider.ts and its neighbours), typed with the SDK's types. */
export function stripeRest(options: StripeRestOptions) {
  const base = options.apiUrl ? new URL(options.apiUrl).origin : STRIPE_API_URL;
  const maxRetries = options.maxNetworkRetries ?? DEFAULT_RETRIES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const random = options.random ?? Math.random;

  async function request<T>(
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
  }

  /** POST {path}: creates (or, at an object's path, updates) with the caller's Idempotency-Key, if any. */
  const post =
    <Params extends object, T>(path: string) =>
    (params: Params, opts?: StripeRequestOptions) =>
      request<T>('POST', path, params, opts);
  /** GET {path}/{id}, with `expand` and the like in the query string. */
  const get =
    <Params extends object, T>(path: string) =>
    (objectId: string, params?: Params) =>
      request<T>('GET', `${path}/${encodeURIComponent(objectId)}`, params);

  return {
    products: {
      retrieve: get<Stripe.ProductRetrieveParams, Stripe.Product>('/v1/products'),
      create: post<Stripe.ProductCreateParams, Stripe.Product>('/v1/products'),
    },
    coupons: {
      retrieve: get<Stripe.CouponRetrieveParams, Stripe.Coupon>('/v1/coupons'),
      create: post<Stripe.CouponCreateParams, Stripe.Coupon>('/v1/coupons'),
    },
    customers: {
      create: post<Stripe.CustomerCreateParams, Stripe.Customer>('/v1/customers'),
    },
    subscriptions: {
      create: post<Stripe.SubscriptionCreateParams, Stripe.Subscription>('/v1/subscriptions'),
      retrieve: get<Stripe.SubscriptionRetrieveParams, Stripe.Subscription>('/v1/subscriptions'),
      update: (subscriptionId: string, params: Stripe.SubscriptionUpdateParams, opts?: StripeRequestOptions) =>
        post<Stripe.SubscriptionUpdateParams, Stripe.Subscription>(
          `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`,
        )(params, opts),
      /** DELETE /v1/subscriptions/{id}: ends it now (stripe-node's `subscriptions.cancel`). */
      cancel: (subscriptionId: string, params: Stripe.SubscriptionCancelParams) =>
        request<Stripe.Subscription>('DELETE', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, params),
    },
    paymentIntents: {
      create: post<Stripe.PaymentIntentCreateParams, Stripe.PaymentIntent>('/v1/payment_intents'),
      retrieve: get<Stripe.PaymentIntentRetrieveParams, Stripe.PaymentIntent>('/v1/payment_intents'),
      /** POST /v1/payment_intents/{id}/cancel: one not yet paid can no longer be paid. */
      cancel: (paymentIntentId: string, params: Stripe.PaymentIntentCancelParams) =>
        request<Stripe.PaymentIntent>(
          'POST',
          `/v1/payment_intents/${encodeURIComponent(paymentIntentId)}/cancel`,
          params,
        ),
    },
    checkout: {
      sessions: {
        create: post<Stripe.Checkout.SessionCreateParams, Stripe.Checkout.Session>('/v1/checkout/sessions'),
        retrieve: get<Stripe.Checkout.SessionRetrieveParams, Stripe.Checkout.Session>('/v1/checkout/sessions'),
        /** POST /v1/checkout/sessions/{id}/expire: an open session can no longer be paid. */
        expire: (sessionId: string, params: Stripe.Checkout.SessionExpireParams) =>
          request<Stripe.Checkout.Session>(
            'POST',
            `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`,
            params,
          ),
      },
    },
    invoicePayments: {
      list: (params: Stripe.InvoicePaymentListParams) =>
        request<Stripe.ApiList<Stripe.InvoicePayment>>('GET', '/v1/invoice_payments', params),
    },
    invoices: {
      retrieve: get<Stripe.InvoiceRetrieveParams, Stripe.Invoice>('/v1/invoices'),
    },
  };
}

export type StripeRest = ReturnType<typeof stripeRest>;

/** A final answer: its JSON, or the StripeRestError of Stripe's error body. */
function answerOf<T>(response: Response, text: string): T {
  const requestId = response.headers.get('request-id') ?? undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new StripeRestError(
      'StripeAPIError',
      'Invalid JSON received from the Stripe API',
      response.status,
      requestId,
      {},
      error,
    );
  }
  const raw = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (raw && typeof raw === 'object') {
    const fields = raw as RawStripeError;
    throw new StripeRestError(
      errorTypeOf(response.status, fields),
      fields.message ?? '',
      response.status,
      requestId,
      fields,
    );
  }
  if (!response.ok)
    throw new StripeRestError('StripeAPIError', `Stripe answered ${response.status}.`, response.status, requestId);
  return body as T;
}
