import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchStripeConfig } from '#frontend/features/billing/api/billing-api.ts';
import { createIntentWithRetries } from '#frontend/features/billing/api/payment-setup.ts';
import {
  afterPaymentPath,
  centsToDollars,
  configRetryable,
  confirmParams,
  INTENT_RETRIES,
  intentOutcome,
  intentRetryable,
  intentRetryDelayMs,
  isPublishableKey,
  PAYMENT_ELEMENT_OPTIONS,
  PAYMENT_TEXTS,
  paymentErrorMessage,
  PaymentIntentError,
  paymentIntentIdOf,
  PaymentSetupError,
  PriceChangedError,
  setupErrorMessage,
  setupFailure,
  SUCCESS_CALLBACK_DELAY_MS,
  SUCCESS_REDIRECT_DELAY_MS,
} from '#frontend/features/billing/lib/payment-rules.ts';

/** The embedded payment form's decisions (issue 18), without Stripe.js or a browser. */

describe('Stripe error messages', () => {
  it('says a declined card with its decline code, or asks for another card', () => {
    expect(paymentErrorMessage({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'Card declined: insufficient_funds',
    );
    expect(paymentErrorMessage({ type: 'card_error', code: 'card_declined' })).toBe(
      'Card declined: Please try another card.',
    );
  });

  it('gives the card problems messages of their own, whatever the error type', () => {
    const messages = [
      'expired_card',
      'incorrect_cvc',
      'processing_error',
      'incorrect_number',
      'invalid_number',
      'incomplete_number',
      'invalid_expiry_year_past',
      'incomplete_expiry',
      'incomplete_cvc',
    ].map((code) => paymentErrorMessage({ type: 'card_error', code, message: 'Stripe says' }));
    expect(new Set(messages).size).toBe(messages.length);
    for (const message of messages) {
      expect(message).not.toBe('Stripe says');
      expect(message).not.toBe(PAYMENT_TEXTS.fallback);
    }
    expect(paymentErrorMessage({ type: 'card_error', code: 'expired_card' })).toMatch(/expired/);
    expect(paymentErrorMessage({ type: 'card_error', code: 'incorrect_cvc' })).toMatch(/security code/);
    expect(paymentErrorMessage({ type: 'validation_error', code: 'incomplete_number' })).toMatch(
      /number is incomplete/,
    );
    expect(paymentErrorMessage({ type: 'validation_error', code: 'incomplete_expiry' })).toMatch(/expiration/);
  });

  it("shows a validation error in Stripe's words, and maps the other types to the catalogue's texts", () => {
    expect(paymentErrorMessage({ type: 'validation_error', message: 'Your postal code is incomplete.' })).toBe(
      'Your postal code is incomplete.',
    );
    expect(paymentErrorMessage({ type: 'invalid_request_error', message: 'raw' })).toBe(
      'There was a problem with the payment request. Please try again.',
    );
    for (const type of ['api_connection_error', 'api_error']) {
      expect(paymentErrorMessage({ type, message: 'raw' })).toBe(
        'Network connection issue. Please check your connection and try again.',
      );
    }
    expect(paymentErrorMessage({ type: 'authentication_error' })).toBe(
      'Payment service authentication error. Our team has been notified.',
    );
  });

  it('falls back to the generic text', () => {
    expect(paymentErrorMessage(undefined)).toBe('An unexpected error occurred. Please try again.');
    expect(paymentErrorMessage({ type: 'rate_limit_error' })).toBe(PAYMENT_TEXTS.fallback);
    expect(paymentErrorMessage({ type: 'validation_error' })).toBe(PAYMENT_TEXTS.fallback);
    // A code that is a property of every object is not a known code.
    expect(paymentErrorMessage({ code: 'toString' })).toBe(PAYMENT_TEXTS.fallback);
  });
});

describe('the payment intent after confirming (the redirect result)', () => {
  it('says what each status means', () => {
    expect(intentOutcome('succeeded')).toEqual({
      kind: 'succeeded',
      tone: 'success',
      message: 'Payment succeeded! Your account will be updated shortly.',
    });
    expect(intentOutcome('processing')).toMatchObject({ kind: 'processing', tone: 'info' });
    expect(intentOutcome('processing').message).toMatch(/processing/);
    expect(intentOutcome('requires_payment_method')).toMatchObject({ kind: 'requires_payment_method', tone: 'error' });
    expect(intentOutcome('requires_payment_method').message).toMatch(/not successful.*another payment method/);
    expect(intentOutcome('requires_action').message).toMatch(/verification/);
    expect(intentOutcome('canceled').message).toMatch(/canceled/);
    for (const status of ['requires_capture', 'requires_confirmation', undefined, null, '']) {
      expect(intentOutcome(status)).toEqual({
        kind: 'unexpected',
        tone: 'error',
        message: 'Unexpected payment status',
      });
    }
  });

  it('calls back after 1.5 s and sends a guest to sign in, a host to the dashboard 2 s later', () => {
    expect(SUCCESS_CALLBACK_DELAY_MS).toBe(1500);
    expect(SUCCESS_REDIRECT_DELAY_MS).toBe(2000);
    expect(afterPaymentPath(false)).toBe('/login');
    expect(afterPaymentPath(true)).toBe('/events');
  });
});

describe('the Payment Element and the confirmation', () => {
  it('uses tabs, no Apple Pay or Google Pay, and does not ask for the fixed address fields', () => {
    expect(PAYMENT_ELEMENT_OPTIONS).toEqual({
      layout: 'tabs',
      wallets: { applePay: 'never', googlePay: 'never' },
      fields: { billingDetails: { address: { country: 'never', postalCode: 'never' } } },
    });
  });

  it('confirms with the fixed country and postal code and returns to /billing-success', () => {
    expect(confirmParams('https://meetwise.example')).toEqual({
      return_url: 'https://meetwise.example/billing-success',
      payment_method_data: { billing_details: { address: { country: 'US', postal_code: '10001' } } },
    });
  });

  it("sends the quote's price in dollars with two decimals", () => {
    expect(centsToDollars(100)).toBe(1);
    expect(centsToDollars(2900)).toBe(29);
    expect(centsToDollars(7900)).toBe(79);
    expect(centsToDollars(1580)).toBe(15.8);
    expect(centsToDollars(1005)).toBe(10.05);
  });

  it('reads the payment intent id from a client secret', () => {
    expect(paymentIntentIdOf('pi_3Abc123_secret_xyz')).toBe('pi_3Abc123');
    expect(paymentIntentIdOf('seti_1_secret_x')).toBeNull();
    expect(paymentIntentIdOf(null)).toBeNull();
  });
});

describe('setting up the form', () => {
  it('accepts only publishable keys', () => {
    expect(isPublishableKey('pk_test_123')).toBe(true);
    expect(isPublishableKey('pk_live_abc')).toBe(true);
    expect(isPublishableKey('sk_test_123')).toBe(false);
    expect(isPublishableKey('')).toBe(false);
    expect(isPublishableKey(undefined)).toBe(false);
  });

  it("gives the loader's messages: configuration, network, failed to load", () => {
    const notSetUp = new PaymentSetupError('config', PAYMENT_TEXTS.configStatus(503), 503);
    expect(setupErrorMessage(notSetUp)).toBe(
      'Payment service configuration error. Our team has been notified and is working on a fix.',
    );
    expect(setupFailure(notSetUp)).toEqual({
      message: PAYMENT_TEXTS.configuration,
      detail: 'Failed to fetch Stripe config: 503',
    });
    expect(setupErrorMessage(new PaymentSetupError('config', PAYMENT_TEXTS.invalidKey))).toBe(
      PAYMENT_TEXTS.configuration,
    );
    expect(setupErrorMessage(new PaymentSetupError('network', 'offline'))).toBe(PAYMENT_TEXTS.loadNetwork);
    expect(setupErrorMessage(new PaymentSetupError('load', 'Failed to load Stripe.js'))).toBe(
      'Failed to load payment processor. Please try again later.',
    );
    expect(setupErrorMessage(new PaymentSetupError('config', 'Failed to fetch Stripe config: 500', 500))).toBe(
      PAYMENT_TEXTS.loadFailed,
    );
    expect(setupFailure(new PaymentIntentError('Invalid promo code: The promo code "x" is not valid.'))).toEqual({
      message: 'Invalid promo code: The promo code "x" is not valid.',
    });
    expect(setupFailure(new Error('boom'))).toEqual({ message: PAYMENT_TEXTS.fallback });
  });

  it('retries the configuration only when there was no answer or a server error', () => {
    expect(configRetryable(new PaymentSetupError('network', 'x'))).toBe(true);
    expect(configRetryable(new PaymentSetupError('config', 'x', 503))).toBe(true);
    expect(configRetryable(new PaymentSetupError('config', 'x', 404))).toBe(false);
    expect(configRetryable(new PaymentSetupError('config', PAYMENT_TEXTS.invalidKey))).toBe(false);
  });

  it('retries creating the payment up to 3 times, 1 s × the attempt apart, only when it may pass', () => {
    expect(INTENT_RETRIES).toBe(3);
    expect([1, 2, 3].map(intentRetryDelayMs)).toEqual([1000, 2000, 3000]);
    expect(intentRetryable(0, 0)).toBe(true);
    expect(intentRetryable(503, 2)).toBe(true);
    expect(intentRetryable(503, 3)).toBe(false);
    expect(intentRetryable(429, 0)).toBe(true);
    for (const status of [400, 401, 402, 403, 404, 409]) expect(intentRetryable(status, 0), String(status)).toBe(false);
  });
});

describe('GET /api/stripe-config (no-cache, retried up to 3 times 1 s apart)', () => {
  const config = { publishableKey: 'pk_test_abc', stripeApiVersion: '2026-01-28.clover', mode: 'test' };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('asks past every cache and returns the configuration', async () => {
    const fetchImpl = vi.fn(async () => json(200, config));
    await expect(fetchStripeConfig({ fetchImpl, delay: async () => undefined })).resolves.toEqual(config);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/stripe-config',
      expect.objectContaining({
        cache: 'no-store',
        credentials: 'include',
        headers: expect.objectContaining({ 'Cache-Control': 'no-cache', Pragma: 'no-cache' }),
      }),
    );
  });

  it('asks again 1 s apart after a server error or no answer, at most 3 times', async () => {
    const delays: number[] = [];
    const delay = async (ms: number) => {
      delays.push(ms);
    };
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(json(502, {})),
      () => Promise.resolve(json(200, config)),
    ];
    const fetchImpl = vi.fn(() => answers.shift()!());
    await expect(fetchStripeConfig({ fetchImpl, delay })).resolves.toEqual(config);
    expect(delays).toEqual([1000, 1000]);

    const failing = vi.fn(async () => json(503, { message: 'Payments are not set up on this server.' }));
    const error = await fetchStripeConfig({ fetchImpl: failing, delay: async () => undefined }).catch((e) => e);
    expect(failing).toHaveBeenCalledTimes(4);
    expect(error).toBeInstanceOf(PaymentSetupError);
    expect(error.message).toBe('Failed to fetch Stripe config: 503');
  });

  it('does not ask again after a refusal or an unusable key', async () => {
    const refused = vi.fn(async () => json(404, {}));
    await expect(fetchStripeConfig({ fetchImpl: refused, delay: async () => undefined })).rejects.toThrow(
      'Failed to fetch Stripe config: 404',
    );
    expect(refused).toHaveBeenCalledTimes(1);
    const badKey = vi.fn(async () => json(200, { ...config, publishableKey: 'sk_live_oops' }));
    await expect(fetchStripeConfig({ fetchImpl: badKey, delay: async () => undefined })).rejects.toThrow(
      'Invalid Stripe key format received from server',
    );
    expect(badKey).toHaveBeenCalledTimes(1);
  });
});

describe('POST /api/subscription/create-payment-intent with its retries', () => {
  const body = { planType: 'monthly' as const, calculatedPrice: 1, promoCode: 'one dolla holla', discountPercent: 67 };
  const intent = { clientSecret: 'pi_1_secret_2', amount: 133, promoCode: 'one dolla holla', discountPercent: 67 };
  const answer = (status: number, payload: unknown) => async () =>
    new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function stubFetch(...answers: Array<() => Promise<Response>>) {
    const fetchMock = vi.fn(() => {
      const next = answers.shift();
      return next ? next() : Promise.reject(new TypeError('Failed to fetch'));
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('tries again after a server error, telling the form each retry, 1 s then 2 s apart', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(
      answer(503, { message: 'busy' }),
      answer(500, { message: 'oops' }),
      answer(200, intent),
    );
    const retries: number[] = [];
    const result = createIntentWithRetries(body, (retry) => retries.push(retry));
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual(intent);
    expect(retries).toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/subscription/create-payment-intent');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('gives up after 3 retries with the network text', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch();
    const retries: number[] = [];
    const result = createIntentWithRetries(body, (retry) => retries.push(retry)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(6000);
    const error = await result;
    expect(error).toBeInstanceOf(PaymentIntentError);
    expect((error as Error).message).toBe(PAYMENT_TEXTS.network);
    expect(retries).toEqual([1, 2, 3]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("does not retry a refusal: the server's message, or the price changed (409)", async () => {
    stubFetch(
      answer(400, { error: 'Invalid promo code', message: 'Invalid promo code: The promo code "x" is not valid.' }),
    );
    await expect(createIntentWithRetries(body, () => undefined)).rejects.toEqual(
      new PaymentIntentError('Invalid promo code: The promo code "x" is not valid.'),
    );
    stubFetch(answer(409, { error: 'Price changed', message: 'The price is now $3.00.', priceCents: 300 }));
    await expect(createIntentWithRetries(body, () => undefined)).rejects.toBeInstanceOf(PriceChangedError);
  });

  it("shows a refused promo code's message (409 with promoRefused) in the form, not as a changed price", async () => {
    const message = 'Promo code used up: The promo code "one dolla holla" has been used as many times as it may be.';
    stubFetch(answer(409, { code: 'CONFLICT', message, error: message, promoRefused: 'used-up' }));
    const error = await createIntentWithRetries(body, () => undefined).catch((refusal: unknown) => refusal);
    expect(error).toBeInstanceOf(PaymentIntentError);
    expect(setupFailure(error)).toEqual({ message });
  });

  it('refuses an answer without a client secret', async () => {
    stubFetch(answer(200, { ...intent, clientSecret: '' }));
    await expect(createIntentWithRetries(body, () => undefined)).rejects.toThrow(
      'No client secret returned from payment service',
    );
  });
});
