import * as z from 'zod/mini';

import type { secretVariables } from '#functions/config/secrets';
import { optional, type Values, type VariableCheck } from '#functions/config/variables';

/**
 * Stripe (issue 18). Billing is on when a publishable key is set; it is public, so every function gets it and
 * knows billing is on (the trial rule applies). The secret key and the webhook secret reach only the billing
 * functions: from the environment on one machine, from Secrets Manager in the cloud (`secretArn`, a JSON secret
 * `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`, read at cold start through Powertools' parameters).
 */

/**
 * The Stripe API version every request of ours pins (the version the installed `stripe` SDK was written for; a
 * unit test keeps the two equal). GET /api/stripe-config reports it; nothing rewrites Stripe.js's own version.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface BillingConfig {
  publishableKey: string;
  mode: 'test' | 'live';
  /** Where the billing functions find the secrets; null in the other functions. */
  secrets: { secretKey: string; webhookSecret: string } | { secretArn: string } | null;
  /** The fake Stripe server of the tests; unset: api.stripe.com. */
  apiUrl: string | undefined;
  /** `BILLING=demo npm start`: the bundled fake Stripe, which the console shows as demo payments (issue 30). */
  demo: boolean;
}

export const stripeVariables = {
  STRIPE_PUBLISHABLE_KEY: optional(
    z
      .string()
      .check(
        z.regex(/^pk_(test|live)_[A-Za-z0-9]{8,255}$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)'),
      ),
  ),
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .check(
        z.regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,255}$/, 'must be a Stripe secret or restricted key (sk_test_…)'),
      ),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().check(z.regex(/^whsec_[A-Za-z0-9+/=_-]{8,255}$/, 'must be a Stripe webhook signing secret (whsec_…)')),
  ),
  STRIPE_SECRET_ARN: optional(
    z
      .string()
      .check(
        z.regex(/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:[\w/+=.@-]+$/, 'must be a Secrets Manager ARN'),
      ),
  ),
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:12111' })),
  // `BILLING=demo npm start` (issue 30): the bundled fake Stripe on this machine, shown as demo payments.
  BILLING_DEMO: optional(z.enum(['true', 'false'], { message: 'must be true or false' })),
};

/** Secrets only with a publishable key, the secret key and the webhook secret together. */
export const stripeKeyChecks: VariableCheck<typeof stripeVariables> = (env, context) => {
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_ARN'] as const) {
    if (env[name] && !env.STRIPE_PUBLISHABLE_KEY) {
      context.addIssue({ code: 'custom', path: [name], message: 'is set but STRIPE_PUBLISHABLE_KEY is not' });
    }
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    context.addIssue({
      code: 'custom',
      path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
      message: 'is needed with the other: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
    });
  }
};

/** Demo payments are the fake Stripe on this machine: never in the cloud (a KMS key), never with real keys. */
export const billingDemoChecks: VariableCheck<
  typeof stripeVariables & Pick<typeof secretVariables, 'CALENDAR_KMS_KEY_ID'>
> = (env, context) => {
  if (env.BILLING_DEMO === 'true') {
    const host = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).hostname : '';
    if (env.CALENDAR_KMS_KEY_ID || env.STRIPE_SECRET_ARN || !['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
      context.addIssue({
        code: 'custom',
        path: ['BILLING_DEMO'],
        message:
          'is for one machine only (BILLING=demo npm start, with the bundled fake Stripe on 127.0.0.1), never in the cloud',
      });
    }
    if (env.STRIPE_PUBLISHABLE_KEY && !env.STRIPE_PUBLISHABLE_KEY.startsWith('pk_test_')) {
      context.addIssue({ code: 'custom', path: ['BILLING_DEMO'], message: 'never goes with live Stripe keys' });
    }
  }
};

/** Test and live keys do not mix. */
export const stripeModeChecks: VariableCheck<typeof stripeVariables> = (env, context) => {
  const keyMode = (key: string | undefined) => /_(test|live)_/.exec(key ?? '')?.[1];
  if (env.STRIPE_SECRET_KEY && keyMode(env.STRIPE_SECRET_KEY) !== keyMode(env.STRIPE_PUBLISHABLE_KEY)) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'is for another mode than STRIPE_PUBLISHABLE_KEY (test and live keys do not mix)',
    });
  }
};

/** Billing, on when a publishable key is set (Config['billing']). */
export const billingOf = (env: Values<typeof stripeVariables>): BillingConfig | null =>
  env.STRIPE_PUBLISHABLE_KEY
    ? {
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        mode: env.STRIPE_PUBLISHABLE_KEY.startsWith('pk_live_') ? 'live' : 'test',
        secrets:
          env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
            ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
            : env.STRIPE_SECRET_ARN
              ? { secretArn: env.STRIPE_SECRET_ARN }
              : null,
        apiUrl: env.STRIPE_API_URL?.replace(/\/+$/, ''),
        demo: env.BILLING_DEMO === 'true',
      }
    : null;
