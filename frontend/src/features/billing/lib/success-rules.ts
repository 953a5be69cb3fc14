import type { VerifyPaymentResult } from '#shared/api/schemas/billing';
import { paymentIntentIdOf } from '#frontend/features/billing/lib/payment-rules.ts';

/**
 * The payment-result page's decisions (/billing-success), pure.
 * Unlike the observed client, success is shown only when the server's verification answers 'paid' (issue 18): a
 * failed or erroring verification is an error, and with nothing to verify only a signed-in host's active plan is.
 */

/** Verification waits 1.5 s after arriving; 'processing' asks again every 3 s, up to 10 times; the fallback 3 s. */
export const VERIFY_DELAY_MS = 1500;
export const POLL_INTERVAL_MS = 3000;
export const MAX_POLLS = 10;
export const FALLBACK_DELAY_MS = 3000;

export interface VerifyRequest {
  sessionId?: string;
  paymentIntentId?: string;
  redirectStatus?: string;
}

export type SuccessStart =
  /** redirect_status=failed: the error at once. */
  | { kind: 'failed' }
  | { kind: 'verify'; body: VerifyRequest }
  /** No indicator in the address: decide from the signed-in host's plan after 3 s. */
  | { kind: 'fallback' };

/**
 * What the page does with its query: Stripe Checkout returns with `session_id`; the embedded form's redirect (3-D
 * Secure, bank redirects) with `payment_intent`, `payment_intent_client_secret` and `redirect_status`.
 */
export function successStart(params: URLSearchParams): SuccessStart {
  const redirectStatus = params.get('redirect_status')?.trim() || undefined;
  if (redirectStatus === 'failed') return { kind: 'failed' };
  const sessionId = params.get('session_id')?.trim() || undefined;
  const paymentIntentId =
    params.get('payment_intent')?.trim() || paymentIntentIdOf(params.get('payment_intent_client_secret')) || undefined;
  const hasIndicator =
    sessionId !== undefined || paymentIntentId !== undefined || params.has('payment_intent_client_secret');
  if (!hasIndicator) return { kind: 'fallback' };
  const body: VerifyRequest = {};
  if (sessionId) body.sessionId = sessionId;
  else if (paymentIntentId) body.paymentIntentId = paymentIntentId;
  if (redirectStatus) body.redirectStatus = redirectStatus;
  // A client secret that names no payment intent leaves nothing to verify: the server refuses it (400).
  return { kind: 'verify', body };
}

export interface ErrorView {
  title: string;
  message: string;
  /** A further sentence: why, when known. */
  detail?: string;
}

export const SUCCESS_TEXTS = {
  loading: 'Processing your payment...',
  success: 'Payment Successful!',
  failedTitle: 'Payment failed',
  failedMessage: 'Your payment could not be processed.',
} as const;

export const FAILED_VIEW: ErrorView = { title: SUCCESS_TEXTS.failedTitle, message: SUCCESS_TEXTS.failedMessage };

export const STILL_PROCESSING_VIEW: ErrorView = {
  title: 'Payment still processing',
  message: 'Your payment is still being processed.',
  detail:
    'Your plan will be updated as soon as the payment completes. Check Billing Details again in a few minutes; you will not be charged twice.',
};

const OUTCOME_DETAIL: Partial<Record<VerifyPaymentResult['status'], string>> = {
  requires_action: 'The payment needs a verification step with your bank that was not completed.',
  canceled: 'The payment was canceled.',
  failed: 'The payment was declined or failed.',
};

export type AfterVerify = { kind: 'success' } | { kind: 'poll'; delayMs: number } | { kind: 'error'; view: ErrorView };

/** What a verification's answer leads to, `pollsDone` repeated questions in. */
export function afterVerify(result: Pick<VerifyPaymentResult, 'status' | 'message'>, pollsDone: number): AfterVerify {
  switch (result.status) {
    case 'paid':
      return { kind: 'success' };
    case 'processing':
      return pollsDone < MAX_POLLS
        ? { kind: 'poll', delayMs: POLL_INTERVAL_MS }
        : { kind: 'error', view: STILL_PROCESSING_VIEW };
    default:
      return { kind: 'error', view: { ...FAILED_VIEW, detail: OUTCOME_DETAIL[result.status] ?? result.message } };
  }
}

/** A verification call that failed (no answer, a refusal): never success (issue 18). */
export const verifyFailedView = (reason: string | undefined): ErrorView => {
  const said = reason?.trim();
  return {
    ...FAILED_VIEW,
    detail: `${said ? `${/[.!?]$/.test(said) ? said : `${said}.`} ` : ''}If you were charged, your plan will appear on the Billing Details page shortly.`,
  };
};

/** With nothing to verify: success only for a signed-in host whose plan is active. */
export const fallbackSucceeded = (signedIn: boolean, subscriptionStatus: string | null | undefined): boolean =>
  signedIn && subscriptionStatus === 'active';
