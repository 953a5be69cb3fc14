import * as crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stripePaymentProvider } from '#functions/adapters/stripe/stripe-provider';
import {
  encodeForm,
  retryDelayMs,
  stripeRest,
  StripeRestError,
  type StripeRest,
  type StripeRestOptions,
} from '#functions/adapters/stripe/stripe-rest';
import {
  constructEvent,
  parseSignatureHeader,
  StripeSignatureError,
  verifySignature,
} from '#functions/adapters/stripe/webhook-signature';
import { STRIPE_API_VERSION } from '#functions/config';
import { ServiceUnavailable } from '#functions/errors';
import type { Logger } from '#functions/ports/core';

// timingSafeEqual as node:crypto's own, watched: the signature check must compare through it.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

/**
 * Our Stripe client over fetch (functions/src/adapters/stripe/stripe-rest.ts) and webhook check
 * (webhook-signature.ts), against stripe-node itself where it can say what is right: the same calls made through
 * the SDK (with a fetch of ours underneath, so no network) must put the same requests on the wire, its test-header
 * helper signs the deliveries we check, and its errors are the ones we name. No server: fetch is a stand-in.
 */

const SECRET_KEY = 'sk_test_meetwiseUnit0000000000';

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** An answer of the stand-in fetch: a response, a network failure, or no answer until the request times out. */
type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | Error | 'hang';

/** A fetch that records each request and answers the next of `answers` (the last one again when they run out). */
function fakeFetch(...answers: Answer[]) {
  const sent: Sent[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const body = typeof init.body === 'string' ? init.body : '';
    sent.push({ method: init.method ?? 'GET', url: new URL(String(input)), headers: new Headers(init.headers), body });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    if (answer === 'hang')
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? { id: 'ok' });
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_unit', ...answer.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

/** Our client on a stand-in fetch, recording its waits instead of waiting. */
function ours(fetch: typeof globalThis.fetch, options: Partial<StripeRestOptions> = {}) {
  const waits: number[] = [];
  const client = stripeRest({
    secretKey: SECRET_KEY,
    apiVersion: STRIPE_API_VERSION,
    fetch,
    sleep: async (ms) => waits.push(ms),
    ...options,
  });
  return { client, waits };
}

/** stripe-node on a stand-in fetch. */
const sdkOn = (fetch: typeof globalThis.fetch, maxNetworkRetries = 0) =>
  new Stripe(SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(fetch),
    maxNetworkRetries,
  });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('It succeeded.');
    },
    (error: unknown) => error,
  );
}

/** What a request puts on the wire that Stripe reads (the SDK's own telemetry and user agent aside). */
const wire = (request: Sent) => ({
  method: request.method,
  origin: request.url.origin,
  path: request.url.pathname,
  query: request.url.search,
  body: request.body,
  authorization: request.headers.get('authorization'),
  stripeVersion: request.headers.get('stripe-version'),
  contentType: request.method === 'POST' ? request.headers.get('content-type') : null,
  idempotencyKey: request.headers.get('idempotency-key'),
});

// ---------------------------------------------------------------- encoding

describe('Stripe’s form encoding', () => {
  it('writes nested objects and arrays with brackets, arrays indexed from 0', () => {
    expect(
      encodeForm({
        customer: 'cus_123',
        items: [
          {
            price_data: {
              currency: 'usd',
              product: 'meetwise_monthly',
              unit_amount: 339,
              recurring: { interval: 'month' },
            },
          },
        ],
        discounts: [{ coupon: 'meetwise_first_206' }],
        metadata: { planType: 'monthly', promoCode: 'one dolla holla', accountId: 'acc-1' },
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice.confirmation_secret'],
      }),
    ).toBe(
      [
        'customer=cus_123',
        'items[0][price_data][currency]=usd',
        'items[0][price_data][product]=meetwise_monthly',
        'items[0][price_data][unit_amount]=339',
        'items[0][price_data][recurring][interval]=month',
        'discounts[0][coupon]=meetwise_first_206',
        'metadata[planType]=monthly',
        'metadata[promoCode]=one%20dolla%20holla',
        'metadata[accountId]=acc-1',
        'payment_settings[save_default_payment_method]=on_subscription',
        'expand[0]=latest_invoice.confirmation_secret',
      ].join('&'),
    );
    expect(encodeForm({ expand: ['subscription', 'subscription.latest_invoice', 'payment_intent'] })).toBe(
      'expand[0]=subscription&expand[1]=subscription.latest_invoice&expand[2]=payment_intent',
    );
    expect(
      encodeForm({ payment: { type: 'payment_intent', payment_intent: 'pi_1' }, expand: ['data.invoice'], limit: 1 }),
    ).toBe('payment[type]=payment_intent&payment[payment_intent]=pi_1&expand[0]=data.invoice&limit=1');
  });

  it('percent-encodes values and keys as qs does, leaving brackets readable', () => {
    expect(encodeForm({ success_url: 'https://meetwise.test/billing-success?session_id={CHECKOUT_SESSION_ID}' })).toBe(
      'success_url=https%3A%2F%2Fmeetwise.test%2Fbilling-success%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D',
    );
    expect(encodeForm({ name: "Ada O'Brien (née Byron)!*", email: 'ada+pay@example.test' })).toBe(
      'name=Ada%20O%27Brien%20%28n%C3%A9e%20Byron%29%21%2A&email=ada%2Bpay%40example.test',
    );
    expect(encodeForm({ metadata: { 'a b&c=[d]': 'x&y=z' } })).toBe('metadata[a%20b%26c%3D[d]]=x%26y%3Dz');
  });

  it('sends booleans and numbers as text, null empty, a Date as epoch seconds; leaves out undefined and empty lists', () => {
    expect(
      encodeForm({
        automatic_payment_methods: { enabled: true },
        cancel_at_period_end: false,
        amount: 8159,
        description: null,
        name: undefined,
        discounts: [],
        metadata: {},
        trial_end: new Date('2026-01-02T03:04:05.678Z'),
      }),
    ).toBe(
      'automatic_payment_methods[enabled]=true&cancel_at_period_end=false&amount=8159&description=&trial_end=1767323045',
    );
  });
});

// ---------------------------------------------------------------- the same requests as stripe-node

describe('the calls of the adapter, as stripe-node makes them', () => {
  const monthlyPrice = {
    currency: 'usd',
    product: 'meetwise_monthly',
    unit_amount: 339,
    recurring: { interval: 'month' as const },
  };
  const monthlyMetadata = { planType: 'monthly', promoCode: 'one dolla holla', accountId: 'acc-1' };
  const subscriptionParams: Stripe.SubscriptionCreateParams = {
    customer: 'cus_123',
    items: [{ price_data: monthlyPrice }],
    discounts: [{ coupon: 'meetwise_first_206' }],
    description: 'Monthly Plan',
    metadata: monthlyMetadata,
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
  };
  const metadata = { planType: 'lifetime', promoCode: '', guestEmail: 'guest+1@example.test' };
  const checkoutUrls = {
    success_url: 'http://localhost:5173/billing-success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/billing-details',
  };

  /** Each call: through the SDK and through our client, with the same arguments. */
  const calls: [string, (client: StripeRest) => Promise<unknown>][] = [
    ['products.retrieve', (c) => c.products.retrieve('meetwise_monthly')],
    ['products.create', (c) => c.products.create({ id: 'meetwise_monthly', name: 'Meetwise Monthly Plan' })],
    ['coupons.retrieve', (c) => c.coupons.retrieve('meetwise_first_206')],
    [
      'coupons.create',
      (c) =>
        c.coupons.create({
          id: 'meetwise_first_206',
          amount_off: 206,
          currency: 'usd',
          duration: 'once',
          name: 'First payment discount',
        }),
    ],
    [
      'customers.create',
      (c) =>
        c.customers.create(
          { email: 'ada+pay@example.test', name: "Ada O'Brien", metadata: { accountId: 'acc-1' } },
          { idempotencyKey: 'key-1:customer' },
        ),
    ],
    ['subscriptions.create', (c) => c.subscriptions.create(subscriptionParams, { idempotencyKey: 'key-1:sub' })],
    ['subscriptions.retrieve', (c) => c.subscriptions.retrieve('sub_123', { expand: ['latest_invoice'] })],
    [
      'subscriptions.update',
      (c) => c.subscriptions.update('sub_123', { cancel_at_period_end: true, expand: ['latest_invoice'] }),
    ],
    [
      'paymentIntents.create',
      (c) =>
        c.paymentIntents.create(
          {
            amount: 8159,
            currency: 'usd',
            customer: 'cus_123',
            automatic_payment_methods: { enabled: true },
            description: 'Lifetime Plan',
            metadata,
          },
          { idempotencyKey: 'key-1:payment' },
        ),
    ],
    ['paymentIntents.retrieve (expanded)', (c) => c.paymentIntents.retrieve('pi_123', { expand: ['latest_charge'] })],
    ['paymentIntents.retrieve', (c) => c.paymentIntents.retrieve('pi_123')],
    [
      'checkout.sessions.create (payment)',
      (c) =>
        c.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              { quantity: 1, price_data: { currency: 'usd', product: 'meetwise_lifetime', unit_amount: 8159 } },
            ],
            payment_intent_data: { description: 'Lifetime Plan', metadata },
            customer_email: 'guest+1@example.test',
            ...checkoutUrls,
            metadata,
          },
          { idempotencyKey: 'key-1:checkout' },
        ),
    ],
    [
      'checkout.sessions.create (subscription)',
      (c) =>
        c.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ quantity: 1, price_data: monthlyPrice }],
            discounts: [{ coupon: 'meetwise_first_206' }],
            subscription_data: { description: 'Monthly Plan', metadata: monthlyMetadata },
            customer: 'cus_123',
            ...checkoutUrls,
            metadata: monthlyMetadata,
          },
          { idempotencyKey: 'key-2:checkout' },
        ),
    ],
    [
      'checkout.sessions.retrieve',
      (c) =>
        c.checkout.sessions.retrieve('cs_test_123', {
          expand: ['subscription', 'subscription.latest_invoice', 'payment_intent'],
        }),
    ],
    [
      'invoicePayments.list',
      (c) =>
        c.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: 'pi_123' },
          expand: ['data.invoice'],
          limit: 1,
        }),
    ],
    ['invoices.retrieve', (c) => c.invoices.retrieve('in_123')],
    ['an id that needs escaping', (c) => c.invoices.retrieve('in_1/../x?y')],
  ];

  it.each(calls)('%s', async (_name, call) => {
    const theirs = fakeFetch({ body: { id: 'x' } });
    const mine = fakeFetch({ body: { id: 'x' } });
    // The SDK's methods take what ours take (and more): one call serves both.
    await call(sdkOn(theirs.fetch) as unknown as StripeRest);
    await call(ours(mine.fetch).client);
    expect(mine.sent).toHaveLength(1);
    expect(theirs.sent).toHaveLength(1);
    const [sdk, rest] = [wire(theirs.sent[0]!), wire(mine.sent[0]!)];
    // Without a key of the caller's, each sends a random one of its own (stripe-node's is stripe-node-retry-…).
    if (sdk.method === 'POST' && !sdk.idempotencyKey?.startsWith('key-')) {
      expect(sdk.idempotencyKey).toMatch(/^stripe-node-retry-/);
      expect(rest.idempotencyKey).toMatch(/^meetwise-retry-[0-9a-f-]{36}$/);
      rest.idempotencyKey = sdk.idempotencyKey;
    }
    expect(rest).toEqual(sdk);
    expect(rest).toMatchObject({
      origin: 'https://api.stripe.com',
      authorization: `Bearer ${SECRET_KEY}`,
      stripeVersion: STRIPE_API_VERSION,
    });
  });

  it('puts exactly these strings on the wire for a subscription, a checkout read and an invoice lookup', async () => {
    const { fetch, sent } = fakeFetch({ body: { id: 'x', data: [] } });
    const { client } = ours(fetch);
    await client.subscriptions.create(subscriptionParams, { idempotencyKey: 'key-1:sub' });
    await client.checkout.sessions.retrieve('cs_test_123', { expand: ['subscription', 'payment_intent'] });
    await client.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: 'pi_123' },
      expand: ['data.invoice'],
      limit: 1,
    });
    expect(sent[0]).toMatchObject({ method: 'POST', url: new URL('https://api.stripe.com/v1/subscriptions') });
    expect(sent[0]!.body).toBe(
      'customer=cus_123&items[0][price_data][currency]=usd&items[0][price_data][product]=meetwise_monthly' +
        '&items[0][price_data][unit_amount]=339&items[0][price_data][recurring][interval]=month' +
        '&discounts[0][coupon]=meetwise_first_206&description=Monthly%20Plan&metadata[planType]=monthly' +
        '&metadata[promoCode]=one%20dolla%20holla&metadata[accountId]=acc-1&payment_behavior=default_incomplete' +
        '&payment_settings[save_default_payment_method]=on_subscription&expand[0]=latest_invoice.confirmation_secret',
    );
    expect(sent[0]!.headers.get('idempotency-key')).toBe('key-1:sub');
    expect(sent[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(sent[1]).toMatchObject({ method: 'GET', body: '' });
    expect(sent[1]!.url.href).toBe(
      'https://api.stripe.com/v1/checkout/sessions/cs_test_123?expand[0]=subscription&expand[1]=payment_intent',
    );
    expect(sent[1]!.headers.get('idempotency-key')).toBeNull();
    expect(sent[2]!.url.href).toBe(
      'https://api.stripe.com/v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=pi_123&expand[0]=data.invoice&limit=1',
    );
  });

  it('talks to the configured address (the fake Stripe of the tests) instead of api.stripe.com', async () => {
    const { fetch, sent } = fakeFetch({ body: { id: 'x' } });
    await ours(fetch, { apiUrl: 'http://127.0.0.1:4242' }).client.products.retrieve('meetwise_annual');
    expect(sent[0]!.url.href).toBe('http://127.0.0.1:4242/v1/products/meetwise_annual');
  });
});

// ---------------------------------------------------------------- errors

describe('Stripe’s errors', () => {
  const cases: [string, Answer, Record<string, unknown>][] = [
    [
      'a declined card (402)',
      {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
            param: 'payment_method',
          },
        },
      },
      {
        type: 'StripeCardError',
        rawType: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        param: 'payment_method',
        message: 'Your card has insufficient funds.',
        statusCode: 402,
      },
    ],
    [
      'an unknown id (404)',
      {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'id',
            message: "No such subscription: 'sub_x'",
          },
        },
      },
      { type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'id', statusCode: 404 },
    ],
    [
      'an idempotency key reused (400)',
      { status: 400, body: { error: { type: 'idempotency_error', message: 'Keys for idempotent requests…' } } },
      { type: 'StripeIdempotencyError', statusCode: 400 },
    ],
    [
      'a rate limit told as 400 rate_limit',
      { status: 400, body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Slow down' } } },
      { type: 'StripeRateLimitError', code: 'rate_limit' },
    ],
    [
      'a rate limit (429)',
      { status: 429, body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Slow down' } } },
      { type: 'StripeRateLimitError', statusCode: 429 },
    ],
    [
      'a refused key (401)',
      {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_t***0000' } },
      },
      { type: 'StripeAuthenticationError', statusCode: 401, message: 'Invalid API Key provided: sk_t***0000' },
    ],
    [
      'a key without the permission (403)',
      { status: 403, body: { error: { type: 'invalid_request_error', message: 'Restricted key' } } },
      { type: 'StripePermissionError', statusCode: 403 },
    ],
    [
      'a server error (500)',
      { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } },
      { type: 'StripeAPIError', statusCode: 500, message: 'An unknown error occurred' },
    ],
  ];

  it.each(cases)('%s is the error stripe-node makes of it', async (_name, answer, expected) => {
    const mine = await rejection(
      ours(fakeFetch(answer).fetch, { maxNetworkRetries: 0 }).client.subscriptions.retrieve('sub_x'),
    );
    const theirs = await rejection(sdkOn(fakeFetch(answer).fetch).subscriptions.retrieve('sub_x'));
    expect(theirs).toBeInstanceOf(Stripe.errors.StripeError);
    expect(theirs).toMatchObject(expected);
    expect(mine).toBeInstanceOf(StripeRestError);
    expect(mine).toMatchObject({ ...expected, requestId: 'req_unit' });
  });

  it('answers a body that is not JSON as StripeAPIError, and a failed connection as StripeConnectionError', async () => {
    const { client } = ours(fakeFetch({ status: 200, body: '<html>proxy</html>' }).fetch);
    expect(await rejection(client.products.retrieve('p'))).toMatchObject({
      type: 'StripeAPIError',
      message: 'Invalid JSON received from the Stripe API',
    });
    const failing = ours(fakeFetch(new TypeError('fetch failed')).fetch);
    const error = await rejection(failing.client.products.retrieve('p'));
    expect(error).toBeInstanceOf(StripeRestError);
    expect(error).toMatchObject({
      type: 'StripeConnectionError',
      message: 'An error occurred with our connection to Stripe. Request was retried 2 times.',
      cause: new TypeError('fetch failed'),
    });
  });

  it('gives up on an attempt after the timeout, as a connection error', async () => {
    const { fetch, sent } = fakeFetch('hang');
    const { client, waits } = ours(fetch, { timeoutMs: 20, maxNetworkRetries: 1 });
    const error = await rejection(client.subscriptions.retrieve('sub_slow'));
    expect(error).toMatchObject({
      type: 'StripeConnectionError',
      message: 'Request aborted due to timeout being reached (20ms)',
    });
    expect(sent).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });
});

describe('the adapter’s answer to Stripe’s errors', () => {
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
  const provider = () =>
    stripePaymentProvider({
      publishableKey: 'pk_test_unit',
      mode: 'test',
      secretKey: SECRET_KEY,
      webhookSecret: 'whsec_unit',
      logger,
    });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('a refused key: ServiceUnavailable, with an error log naming StripeAuthenticationError', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ status: 401, body: { error: { type: 'invalid_request_error', message: 'no' } } }).fetch,
    );
    const error = await rejection(provider().getSubscription('sub_1'));
    expect(error).toBeInstanceOf(ServiceUnavailable);
    expect(error).toMatchObject({ message: 'Payment service authentication error. Our team has been notified.' });
    expect(logger.error).toHaveBeenCalledWith('Stripe refused our API key', {
      type: 'StripeAuthenticationError',
      statusCode: 401,
      requestId: 'req_unit',
      message: 'no',
    });
  });

  it('a rate limit: ServiceUnavailable at once (not retried), with a warning', async () => {
    const { fetch, sent } = fakeFetch({ status: 429, body: { error: { type: 'rate_limit_error', message: 'slow' } } });
    vi.stubGlobal('fetch', fetch);
    const error = await rejection(provider().getSubscription('sub_1'));
    expect(error).toBeInstanceOf(ServiceUnavailable);
    expect(error).toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledWith('Stripe is not reachable', expect.objectContaining({ statusCode: 429 }));
  });

  it('an unknown id reads as null; a card error or an invalid request of ours passes through as it is', async () => {
    const missing = { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: 'No such' };
    vi.stubGlobal('fetch', fakeFetch({ status: 404, body: { error: missing } }).fetch);
    expect(await provider().getSubscription('sub_gone')).toBeNull();
    const invalid = { type: 'invalid_request_error', code: 'parameter_unknown', param: 'shoe_size', message: 'x' };
    vi.stubGlobal('fetch', fakeFetch({ status: 400, body: { error: invalid } }).fetch);
    expect(await rejection(provider().cancelAtPeriodEnd('sub_1'))).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'parameter_unknown',
      param: 'shoe_size',
    });
    const card = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Declined' };
    vi.stubGlobal('fetch', fakeFetch({ status: 402, body: { error: card } }).fetch);
    expect(await rejection(provider().getSubscription('sub_1'))).toMatchObject({
      type: 'StripeCardError',
      decline_code: 'generic_decline',
    });
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('sends the pinned API version to api.stripe.com', async () => {
    const { fetch, sent } = fakeFetch({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing' } },
    });
    vi.stubGlobal('fetch', fetch);
    await provider().getCheckout('cs_test_1');
    expect(sent[0]!.url.href).toBe(
      'https://api.stripe.com/v1/checkout/sessions/cs_test_1?expand[0]=subscription&expand[1]=subscription.latest_invoice&expand[2]=payment_intent',
    );
    expect(sent[0]!.headers.get('stripe-version')).toBe(STRIPE_API_VERSION);
    expect(sent[0]!.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`);
  });
});

// ---------------------------------------------------------------- retries

describe('retries', () => {
  const serverError = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };

  it('retries a lost connection and a 5xx twice, with the same Idempotency-Key and body each time', async () => {
    const { fetch, sent } = fakeFetch(new TypeError('fetch failed'), serverError, { body: { id: 'cus_1' } });
    const { client, waits } = ours(fetch, { random: () => 1 });
    const customer = await client.customers.create(
      { email: 'ada@example.test', metadata: { accountId: 'acc-1' } },
      { idempotencyKey: 'key-7:customer' },
    );
    expect(customer).toEqual({ id: 'cus_1' });
    expect(sent.map((request) => request.headers.get('idempotency-key'))).toEqual(Array(3).fill('key-7:customer'));
    expect(new Set(sent.map((request) => request.body)).size).toBe(1);
    // stripe-node's back-off: 0.5 s, then 0.5 s doubled with jitter down to its half (here none: random() = 1).
    expect(waits).toEqual([500, 1000]);
  });

  it('keys a POST without a key of the caller’s once, for all its attempts', async () => {
    const { fetch, sent } = fakeFetch(serverError, serverError, { body: { id: 'prod_1' } });
    const { client } = ours(fetch);
    await client.products.create({ id: 'meetwise_monthly', name: 'Meetwise Monthly Plan' });
    const keys = sent.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^meetwise-retry-/);
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    const other = fakeFetch({ body: { id: 'prod_2' } });
    await ours(other.fetch).client.products.create({ id: 'meetwise_annual', name: 'Meetwise Annual Plan' });
    expect(other.sent[0]!.headers.get('idempotency-key')).not.toBe(keys[0]);
  });

  it('stops after two retries with the last answer’s error', async () => {
    const { fetch, sent } = fakeFetch(serverError);
    const { client, waits } = ours(fetch);
    expect(await rejection(client.subscriptions.retrieve('sub_1'))).toMatchObject({ type: 'StripeAPIError' });
    expect(sent).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('retries a 409, and a 429 only when Stripe-Should-Retry says so; never a 4xx otherwise or against advice', async () => {
    const attempts = async (...answers: Answer[]) => {
      const { fetch, sent } = fakeFetch(...answers, { body: { id: 'x' } });
      await ours(fetch)
        .client.subscriptions.retrieve('sub_1')
        .catch(() => undefined);
      return sent.length;
    };
    const error = (status: number, type = 'invalid_request_error') => ({
      status,
      body: { error: { type, message: '' } },
    });
    expect(await attempts({ ...error(409), headers: {} })).toBe(2);
    expect(await attempts(error(429))).toBe(1);
    expect(await attempts({ ...error(429), headers: { 'stripe-should-retry': 'true' } })).toBe(2);
    expect(await attempts({ ...error(500, 'api_error'), headers: { 'stripe-should-retry': 'false' } })).toBe(1);
    expect(await attempts(error(400))).toBe(1);
    expect(await attempts(error(404))).toBe(1);
    expect(await attempts(error(402, 'card_error'))).toBe(1);
  });

  it('as stripe-node does: a 500 is tried three times with one key, a 429 once', async () => {
    const failing = fakeFetch(serverError, serverError, { body: { id: 'sub_1' } });
    await sdkOn(failing.fetch, 2).subscriptions.update('sub_1', { cancel_at_period_end: true });
    expect(failing.sent).toHaveLength(3);
    expect(new Set(failing.sent.map((request) => request.headers.get('idempotency-key'))).size).toBe(1);
    const limited = fakeFetch({ status: 429, body: { error: { type: 'rate_limit_error', message: '' } } });
    await rejection(sdkOn(limited.fetch, 2).subscriptions.retrieve('sub_1'));
    expect(limited.sent).toHaveLength(1);
  });

  it('waits 0.5 s, then between 0.5 and 1 s, doubling up to 5 s', () => {
    expect(retryDelayMs(1, () => 0)).toBe(500);
    expect(retryDelayMs(1, () => 1)).toBe(500);
    expect(retryDelayMs(2, () => 0)).toBe(500);
    expect(retryDelayMs(2, () => 1)).toBe(1000);
    expect(retryDelayMs(3, () => 0.5)).toBe(1500);
    expect(retryDelayMs(10, () => 1)).toBe(5000);
  });
});

// ---------------------------------------------------------------- webhook signatures

describe('webhook signatures', () => {
  const secret = 'whsec_unitTestSecret0000000000000000';
  const sdk = new Stripe(SECRET_KEY, { apiVersion: STRIPE_API_VERSION });
  const event = { id: 'evt_1', object: 'event', type: 'customer.created', created: 1767323045, data: { object: {} } };
  const payload = JSON.stringify(event, null, 2);
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (options: { payload?: string; secret?: string; timestamp?: number } = {}) =>
    sdk.webhooks.generateTestHeaderString({ payload, secret, ...options });

  /** Our verdict and stripe-node's on the same delivery, which must agree. */
  function verdicts(body: string, header: string) {
    const verdict = (check: () => unknown) => {
      try {
        check();
        return 'accepted';
      } catch {
        return 'refused';
      }
    };
    return {
      ours: verdict(() => constructEvent(body, header, secret)),
      sdk: verdict(() => sdk.webhooks.constructEvent(body, header, secret)),
    };
  }

  beforeEach(() => {
    vi.mocked(crypto.timingSafeEqual).mockClear();
  });

  it('accepts a delivery signed by stripe-node’s helper, and reads its event', () => {
    const header = sign();
    expect(constructEvent(payload, header, secret)).toEqual(event);
    expect(verdicts(payload, header)).toEqual({ ours: 'accepted', sdk: 'accepted' });
  });

  it('accepts any one matching v1 among several (a secret being rotated), ignoring other schemes', () => {
    const t = now();
    const good = parseSignatureHeader(sign({ timestamp: t }))!.signatures[0]!;
    const foreign = parseSignatureHeader(sign({ timestamp: t, secret: 'whsec_old' }))!.signatures[0]!;
    const header = `t=${t},v1=${foreign},v0=${good},v1=${good}`;
    expect(verdicts(payload, header)).toEqual({ ours: 'accepted', sdk: 'accepted' });
    expect(verdicts(payload, `t=${t},v0=${good}`)).toEqual({ ours: 'refused', sdk: 'refused' });
  });

  it('compares the signatures in constant time, every v1 of them', () => {
    const t = now();
    const good = parseSignatureHeader(sign({ timestamp: t }))!.signatures[0]!;
    const foreign = parseSignatureHeader(sign({ timestamp: t, secret: 'whsec_old' }))!.signatures[0]!;
    verifySignature(payload, `t=${t},v1=${good},v1=${foreign}`, secret);
    expect(crypto.timingSafeEqual).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a forged body', () => ({ body: payload.replace('customer.created', 'customer.deleted'), header: sign() })],
    ['another endpoint’s secret', () => ({ body: payload, header: sign({ secret: 'whsec_someoneElse' }) })],
    ['a stale delivery (301 s old)', () => ({ body: payload, header: sign({ timestamp: now() - 301 }) })],
    ['a replay with a newer time', () => ({ body: payload, header: sign().replace(/^t=\d+/, `t=${now() + 1}`) })],
    ['a header without a signature', () => ({ body: payload, header: `t=${now()}` })],
    ['a header without a time', () => ({ body: payload, header: sign().replace(/^t=\d+,/, '') })],
    ['a header that is none', () => ({ body: payload, header: 'not a signature' })],
    ['an empty header', () => ({ body: payload, header: '' })],
    ['an empty body', () => ({ body: '', header: sign({ payload: '' }) })],
  ])('refuses %s, as stripe-node does', (_name, delivery) => {
    const { body, header } = delivery();
    expect(verdicts(body, header)).toEqual({ ours: 'refused', sdk: 'refused' });
    expect(() => constructEvent(body, header, secret)).toThrow(StripeSignatureError);
  });

  it('allows five minutes exactly, and says why it refuses', () => {
    const at = 1_767_323_045;
    const header = sign({ timestamp: at });
    expect(() => verifySignature(payload, header, secret, { now: (at + 300) * 1000 })).not.toThrow();
    expect(() => verifySignature(payload, header, secret, { now: (at + 301) * 1000 })).toThrow(
      'Timestamp outside the tolerance zone',
    );
    expect(() => verifySignature(payload, undefined, secret)).toThrow('No stripe-signature header value was provided.');
    expect(() => verifySignature(payload, header, ' ')).toThrow('No webhook secret value was provided.');
    expect(() => verifySignature(payload, 'v1=abc', secret)).toThrow(
      'Unable to extract timestamp and signatures from header',
    );
    expect(() => verifySignature(payload, header.replace(/^t=\d+/, `t=${at}abc`), secret)).toThrow(
      'Unable to extract timestamp and signatures from header',
    );
    expect(() => verifySignature(payload.trim() + ' ', header, secret, { now: at * 1000 })).toThrow(
      'No signatures found matching the expected signature for payload.',
    );
  });

  it('answers the route’s 400 "Invalid Stripe signature." through the adapter', async () => {
    const provider = stripePaymentProvider({
      publishableKey: 'pk_test_unit',
      mode: 'test',
      secretKey: SECRET_KEY,
      webhookSecret: secret,
    });
    await expect(provider.readWebhook(payload, sign())).resolves.toMatchObject({ id: 'evt_1', kind: 'ignored' });
    await expect(provider.readWebhook(payload, sign({ timestamp: now() - 600 }))).rejects.toMatchObject({
      status: 400,
      message: 'Invalid Stripe signature.',
      extra: { error: 'Invalid Stripe signature.' },
    });
  });
});
