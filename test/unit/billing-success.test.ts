import { describe, expect, it } from 'vitest';

import {
  afterVerify,
  FAILED_VIEW,
  FALLBACK_DELAY_MS,
  fallbackSucceeded,
  MAX_POLLS,
  POLL_INTERVAL_MS,
  STILL_PROCESSING_VIEW,
  SUCCESS_TEXTS,
  successStart,
  VERIFY_DELAY_MS,
  verifyFailedView,
} from '#frontend/features/billing/lib/success-rules.ts';

/** The payment-result page (/billing-success; issue 18) as pure rules. */

const start = (query: string) => successStart(new URLSearchParams(query));

describe('what the page verifies', () => {
  it('verifies a Checkout session by its id', () => {
    expect(start('session_id=cs_test_abc')).toEqual({ kind: 'verify', body: { sessionId: 'cs_test_abc' } });
  });

  it("verifies the embedded form's redirect by its payment intent, with the redirect status", () => {
    expect(
      start('payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded'),
    ).toEqual({ kind: 'verify', body: { paymentIntentId: 'pi_123', redirectStatus: 'succeeded' } });
    // The client secret alone names its payment intent.
    expect(start('payment_intent_client_secret=pi_456_secret_y')).toEqual({
      kind: 'verify',
      body: { paymentIntentId: 'pi_456' },
    });
  });

  it('shows the error at once for redirect_status=failed', () => {
    expect(start('payment_intent=pi_123&redirect_status=failed')).toEqual({ kind: 'failed' });
    expect(start('redirect_status=failed')).toEqual({ kind: 'failed' });
  });

  it('falls back to the plan without an indicator', () => {
    expect(start('')).toEqual({ kind: 'fallback' });
    expect(start('session_id=&payment_intent=')).toEqual({ kind: 'fallback' });
    expect(start('redirect_status=succeeded')).toEqual({ kind: 'fallback' });
  });

  it('keeps the spec timings', () => {
    expect(VERIFY_DELAY_MS).toBe(1500);
    expect(FALLBACK_DELAY_MS).toBe(3000);
    expect(POLL_INTERVAL_MS).toBe(3000);
    expect(MAX_POLLS).toBe(10);
  });
});

describe("the server's answer (success only when paid)", () => {
  it('succeeds only on paid', () => {
    expect(afterVerify({ status: 'paid', message: 'Payment received.' }, 0)).toEqual({ kind: 'success' });
    for (const status of ['failed', 'canceled', 'requires_action'] as const) {
      const next = afterVerify({ status, message: 'Stripe said no.' }, 0);
      expect(next.kind, status).toBe('error');
      expect(next.kind === 'error' && next.view).toMatchObject({
        title: 'Payment failed',
        message: 'Your payment could not be processed.',
      });
    }
  });

  it('asks again every 3 s while processing, 10 times, then says it is still processing', () => {
    for (let polls = 0; polls < 10; polls += 1) {
      expect(afterVerify({ status: 'processing', message: '' }, polls)).toEqual({ kind: 'poll', delayMs: 3000 });
    }
    expect(afterVerify({ status: 'processing', message: '' }, 10)).toEqual({
      kind: 'error',
      view: STILL_PROCESSING_VIEW,
    });
    expect(STILL_PROCESSING_VIEW.message).toMatch(/still being processed/);
  });

  it('treats a failed verification call as an error, never as success', () => {
    const view = verifyFailedView('Network error. Please check your connection and try again.');
    expect(view).toMatchObject(FAILED_VIEW);
    expect(view.detail).toMatch(/^Network error\. Please check your connection and try again\. If you were charged/);
    expect(verifyFailedView('Something broke').detail).toMatch(/^Something broke\. If you were charged/);
    expect(verifyFailedView(undefined).detail).toMatch(/^If you were charged/);
  });

  it('without an indicator, succeeds only for a signed-in host whose plan is active', () => {
    expect(fallbackSucceeded(true, 'active')).toBe(true);
    expect(fallbackSucceeded(true, 'none')).toBe(false);
    expect(fallbackSucceeded(true, 'past_due')).toBe(false);
    expect(fallbackSucceeded(false, 'active')).toBe(false);
    expect(fallbackSucceeded(true, undefined)).toBe(false);
  });

  it("uses the spec's texts", () => {
    expect(SUCCESS_TEXTS).toEqual({
      loading: 'Processing your payment...',
      success: 'Payment Successful!',
      failedTitle: 'Payment failed',
      failedMessage: 'Your payment could not be processed.',
    });
  });
});
