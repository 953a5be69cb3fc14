import type { ConfirmPaymentData, StripePaymentElementOptions } from '@stripe/stripe-js';

/**
 * The embedded payment form's decisions (the form, its redirect result, its error messages and timings),
 * as pure functions: which message a Stripe error gives, what a payment
 * intent's status means, whether Stripe's public configuration is usable, when creating the payment is tried again,
 * and which message a failed set-up gives. No React, no Stripe.js: the components feed them what Stripe answered.
 */

/** The few fields of Stripe.js's `StripeError` the messages depend on. */
export interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export const PAYMENT_TEXTS = {
  fallback: 'An unexpected error occurred. Please try again.',
  notReady: 'Payment system is still initializing. Please wait a moment and try again.',
  noClientSecret: 'No client secret returned from payment service',
  invalidRequest: 'There was a problem with the payment request. Please try again.',
  network: 'Network connection issue. Please check your connection and try again.',
  authentication: 'Payment service authentication error. Our team has been notified.',
  loadFailed: 'Failed to load payment processor. Please try again later.',
  loadNetwork: 'Could not reach the payment processor. Please check your internet connection and try again.',
  configuration: 'Payment service configuration error. Our team has been notified and is working on a fix.',
  invalidKey: 'Invalid Stripe key format received from server',
  configStatus: (status: number) => `Failed to fetch Stripe config: ${status}`,
  priceChanged: 'The price of this plan has changed. Please review the updated price and try again.',
} as const;

/** Card problems with a message of their own (our wording), by Stripe's error code. */
const CARD_CODE_MESSAGES: Readonly<Record<string, string>> = {
  expired_card: 'Your card has expired. Please use a different card.',
  incorrect_cvc: "Your card's security code (CVC) is incorrect. Please check it and try again.",
  invalid_cvc: "Your card's security code (CVC) is invalid. Please check it and try again.",
  incomplete_cvc: "Your card's security code (CVC) is incomplete.",
  processing_error: 'An error occurred while processing your card. Please try again in a moment.',
  incorrect_number: 'Your card number is incorrect. Please check it and try again.',
  invalid_number: 'Your card number is invalid. Please check it and try again.',
  incomplete_number: 'Your card number is incomplete.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_expiry_month_past: "Your card's expiration date is in the past.",
  invalid_expiry_year_past: "Your card's expiration year is in the past.",
  incomplete_expiry: "Your card's expiration date is incomplete.",
};

/**
 * The text for an error Stripe.js reported: a declined card with its decline code, the card problems above by
 * code, a validation error in Stripe's own words, then by error type; anything else the generic fallback.
 */
export function paymentErrorMessage(error: StripeErrorLike | null | undefined): string {
  if (!error) return PAYMENT_TEXTS.fallback;
  const code = error.code ?? '';
  if (code === 'card_declined') return `Card declined: ${error.decline_code || 'Please try another card.'}`;
  const cardMessage = Object.hasOwn(CARD_CODE_MESSAGES, code) ? CARD_CODE_MESSAGES[code] : undefined;
  if (cardMessage) return cardMessage;
  switch (error.type) {
    case 'validation_error':
      return error.message || PAYMENT_TEXTS.fallback;
    case 'card_error':
      // Stripe writes card errors' messages to be shown to the payer.
      return error.message || PAYMENT_TEXTS.fallback;
    case 'invalid_request_error':
      return PAYMENT_TEXTS.invalidRequest;
    case 'api_connection_error':
    case 'api_error':
      return PAYMENT_TEXTS.network;
    case 'authentication_error':
      return PAYMENT_TEXTS.authentication;
    default:
      return PAYMENT_TEXTS.fallback;
  }
}

export type IntentOutcomeKind =
  'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled' | 'unexpected';

export interface IntentOutcome {
  kind: IntentOutcomeKind;
  message: string;
  /** How the form shows it: success (green), info (neutral, still under way), error (red). */
  tone: 'success' | 'info' | 'error';
}

/** The embedded payment's redirect result: what the payment intent's status after confirming means. */
export function intentOutcome(status: string | null | undefined): IntentOutcome {
  switch (status) {
    case 'succeeded':
      return {
        kind: 'succeeded',
        tone: 'success',
        message: 'Payment succeeded! Your account will be updated shortly.',
      };
    case 'processing':
      return {
        kind: 'processing',
        tone: 'info',
        message: 'Your payment is processing. Your plan will be updated as soon as it completes.',
      };
    case 'requires_payment_method':
      return {
        kind: 'requires_payment_method',
        tone: 'error',
        message: 'Your payment was not successful. Please try another payment method.',
      };
    case 'requires_action':
      return {
        kind: 'requires_action',
        tone: 'error',
        message: 'Your payment needs additional verification. Please complete the verification and try again.',
      };
    case 'canceled':
      return { kind: 'canceled', tone: 'error', message: 'Your payment was canceled.' };
    default:
      return { kind: 'unexpected', tone: 'error', message: 'Unexpected payment status' };
  }
}

/** After 'succeeded', the success callback waits 1.5 s; it then sends the payer on 2 s later. */
export const SUCCESS_CALLBACK_DELAY_MS = 1500;
export const SUCCESS_REDIRECT_DELAY_MS = 2000;

/** Where the payer goes after a successful payment: a guest to sign in, a signed-in host to the dashboard. */
export const afterPaymentPath = (signedIn: boolean): string => (signedIn ? '/events' : '/login');

// ---- Stripe's public configuration --------------------------------------------------------------------------------

/** GET /api/stripe-config is tried once and again up to 3 times, 1 s apart. */
export const CONFIG_RETRIES = 3;
export const CONFIG_RETRY_DELAY_MS = 1000;

/** Why setting up the payment form failed, before any payment was created. */
export class PaymentSetupError extends Error {
  override readonly name = 'PaymentSetupError';
  constructor(
    /** network: no answer; config: a refused or unusable configuration; load: Stripe.js did not load. */
    readonly kind: 'network' | 'config' | 'load',
    message: string,
    /** The HTTP status of the configuration call, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Stripe's publishable keys begin with pk_ (pk_test_…, pk_live_…). */
export const isPublishableKey = (key: unknown): key is string => typeof key === 'string' && /^pk_\w+/.test(key);

/** Whether a failed configuration call is worth asking again: no answer, or a server-side failure. */
export const configRetryable = (error: unknown): boolean =>
  error instanceof PaymentSetupError && (error.kind === 'network' || (error.status ?? 0) >= 500);

/**
 * The message a payer sees when the form could not be set up: payments not set up here (503) or an
 * unusable key is a configuration error; no connection is the network text; anything else failed to load.
 */
export function setupErrorMessage(error: unknown): string {
  if (error instanceof PaymentSetupError) {
    if (error.kind === 'network') return PAYMENT_TEXTS.loadNetwork;
    if (error.kind === 'config' && (error.status === undefined || error.status === 503)) {
      return PAYMENT_TEXTS.configuration;
    }
  }
  return PAYMENT_TEXTS.loadFailed;
}

// ---- Creating the payment -----------------------------------------------------------------------------------------

/** Creating the payment intent is tried again up to 3 times, waiting 1 s times the attempt's number. */
export const INTENT_RETRIES = 3;
export const intentRetryDelayMs = (retry: number): number => 1000 * retry;

/**
 * Whether a failed create-payment-intent call is tried again, `retriesDone` retries in: only for failures that
 * may pass (no answer, a server error, too many requests), never for a refusal of what was sent (400, 402, 409…).
 */
export function intentRetryable(status: number | undefined, retriesDone: number): boolean {
  if (retriesDone >= INTENT_RETRIES) return false;
  return status === undefined || status === 0 || status === 429 || status >= 500;
}

/**
 * Whether a refusal (409) is of the promo code (used up, or already used by this account or e-mail address) rather
 * than of a changed price: the server says so in `promoRefused`, and its message is the one to show.
 */
export const isPromoRefusal = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && typeof (body as { promoRefused?: unknown }).promoRefused === 'string';

/** The server's figures changed since the page asked (409): the page asks for the plans again. */
export class PriceChangedError extends Error {
  override readonly name = 'PriceChangedError';
}

/** Creating the payment failed in a way that trying again does not fix, or after the retries: its message. */
export class PaymentIntentError extends Error {
  override readonly name = 'PaymentIntentError';
}

/**
 * The 'Payment Error' state's texts for a failed set-up: the payment's own message, the loader's message (with the
 * configuration call's own words as the detail), or the generic fallback.
 */
export function setupFailure(error: unknown): { message: string; detail?: string } {
  if (error instanceof PaymentIntentError) return { message: error.message };
  if (error instanceof PaymentSetupError) {
    return error.kind === 'config'
      ? { message: setupErrorMessage(error), detail: error.message }
      : { message: setupErrorMessage(error) };
  }
  return { message: PAYMENT_TEXTS.fallback };
}

export type PaymentFormState =
  | { phase: 'initializing' }
  /** `retry` of INTENT_RETRIES is under way after a failed attempt. */
  | { phase: 'retrying'; retry: number }
  | { phase: 'error'; message: string; detail?: string }
  | { phase: 'ready' };

/**
 * The Payment Element on the billing page: tabbed layout, Apple Pay and Google Pay off, and the
 * billing country and postal code not asked, since the confirmation sends fixed values for them. Only those two
 * address fields are 'never': Stripe.js requires every field set to 'never' at confirmation, and the others
 * (line1, city…) have no fixed values here (a card payment does not ask for them anyway).
 */
export const PAYMENT_ELEMENT_OPTIONS: StripePaymentElementOptions = {
  layout: 'tabs',
  wallets: { applePay: 'never', googlePay: 'never' },
  fields: { billingDetails: { address: { country: 'never', postalCode: 'never' } } },
};

/** The fixed billing address the confirmation sends (country and postal code are fixed values). */
export const FIXED_BILLING_ADDRESS = { country: 'US', postal_code: '10001' } as const;

/** stripe.confirmPayment's confirmParams: back to /billing-success after a redirect, with the fixed address. */
export const confirmParams = (origin: string): ConfirmPaymentData => ({
  return_url: `${origin}/billing-success`,
  payment_method_data: { billing_details: { address: { ...FIXED_BILLING_ADDRESS } } },
});

/** Dollars with two decimals, as the server's quote gives them in cents: what the client sends as calculatedPrice. */
export const centsToDollars = (cents: number): number => Number((cents / 100).toFixed(2));

/** The id of a payment intent from its client secret (`pi_123_secret_abc` → `pi_123`), or null. */
export function paymentIntentIdOf(clientSecret: string | null | undefined): string | null {
  const match = /^(pi_[A-Za-z0-9]+)_secret_/.exec(clientSecret ?? '');
  return match ? match[1]! : null;
}
