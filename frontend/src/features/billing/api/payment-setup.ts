import type { Stripe } from '@stripe/stripe-js';
// The side-effect-free entry: Stripe.js is fetched from js.stripe.com only when a payment form opens, not when
// the billing page's code loads (nor on any other page).
import { loadStripe } from '@stripe/stripe-js/pure';

import { createPaymentIntent, fetchStripeConfig } from '#frontend/features/billing/api/billing-api.ts';
import type { PurchaseFields } from '#frontend/features/billing/lib/billing-view.ts';
import {
  intentRetryable,
  intentRetryDelayMs,
  isPromoRefusal,
  PAYMENT_TEXTS,
  PaymentIntentError,
  PaymentSetupError,
  PriceChangedError,
} from '#frontend/features/billing/lib/payment-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';

/**
 * Setting up the embedded payment form (getStripeConfig, createPaymentIntent in docs/api.md): Stripe's public
 * configuration, Stripe.js with its publishable key, and the payment itself (create-payment-intent, tried again up
 * to 3 times, 1 s × the attempt apart, when it may pass). Stripe.js is used as Stripe ships it: no API version is
 * patched or passed here (the server pins its own version and reports it in stripe-config).
 */

const stripeByKey = new Map<string, Promise<Stripe>>();

/** `BILLING=demo npm start` (issue 30): the fake Stripe.js, served by the local app under its own address. */
export const DEMO_STRIPE_JS = '/demo-stripe/stripe.js';

/** Puts the demo's Stripe.js on the page (loadStripe then uses the `window.Stripe` it defines). */
function loadDemoStripeJs(): Promise<void> {
  if ('Stripe' in window) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = DEMO_STRIPE_JS;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The demo Stripe.js did not load.'));
    document.head.appendChild(script);
  });
}

/** Stripe.js for a publishable key, loaded once per page (a failed load is tried afresh next time). */
export function stripeFor(publishableKey: string, demo = false): Promise<Stripe> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = (demo ? loadDemoStripeJs() : Promise.resolve())
      .then(() => loadStripe(publishableKey))
      .then(
        (loaded) => {
          if (!loaded) throw new PaymentSetupError('load', 'Stripe.js is not available in this browser.');
          return loaded;
        },
        (error: unknown) => {
          throw new PaymentSetupError('load', error instanceof Error ? error.message : 'Stripe.js did not load.');
        },
      );
    stripe.catch(() => stripeByKey.delete(publishableKey));
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export interface PreparedPayment {
  stripe: Stripe;
  mode: 'test' | 'live';
  clientSecret: string;
  /** The first payment in cents, fee included (the server's). */
  amount: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** create-payment-intent with its retries; `onRetry(n)` is told before the n-th retry's wait. */
export async function createIntentWithRetries(body: PurchaseFields, onRetry: (retry: number) => void) {
  for (let retriesDone = 0; ; retriesDone += 1) {
    try {
      const intent = await createPaymentIntent(body);
      if (!intent.clientSecret) throw new PaymentIntentError(PAYMENT_TEXTS.noClientSecret);
      return intent;
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409 && isPromoRefusal(error.body)) throw new PaymentIntentError(error.message);
      if (error.status === 409) throw new PriceChangedError(error.message || PAYMENT_TEXTS.priceChanged);
      if (!intentRetryable(error.status, retriesDone)) {
        if (error.status === 0) throw new PaymentIntentError(PAYMENT_TEXTS.network);
        if (error.status >= 500) throw new PaymentIntentError(PAYMENT_TEXTS.fallback);
        throw new PaymentIntentError(error.message || PAYMENT_TEXTS.fallback);
      }
      const retry = retriesDone + 1;
      onRetry(retry);
      await sleep(intentRetryDelayMs(retry));
    }
  }
}

/**
 * Everything the form needs before it can show Stripe's Payment Element. Configuration first (a server without
 * payments never creates one); then Stripe.js loads while the payment is created.
 */
export async function preparePayment(
  body: PurchaseFields,
  { onRetry }: { onRetry: (retry: number) => void },
): Promise<PreparedPayment> {
  const config = await fetchStripeConfig();
  // Once the set-up has failed (Stripe.js did not load), a retry still under way says nothing more.
  let settled = false;
  try {
    const [stripe, intent] = await Promise.all([
      stripeFor(config.publishableKey, config.demo === true),
      createIntentWithRetries(body, (retry) => settled || onRetry(retry)),
    ]);
    return { stripe, mode: config.mode, clientSecret: intent.clientSecret, amount: intent.amount };
  } finally {
    settled = true;
  }
}
