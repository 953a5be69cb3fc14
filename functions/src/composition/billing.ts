import { getSecret } from '@aws-lambda-powertools/parameters/secrets';

import { stripePaymentProvider } from '#functions/adapters/stripe/stripe-provider';
import { config, coreDeps, rateLimiter } from '#functions/composition/core';
import { onceGuard } from '#functions/composition/mail';
import { accountRepository, billingStore } from '#functions/composition/repositories';
import { ConfigError, type Config } from '#functions/config';
import type { PaymentProvider } from '#functions/ports/billing';
import type { Logger } from '#functions/ports/core';

/**
 * Stripe for the billing functions only: the one module that brings in the Stripe adapter (our client over fetch;
 * the `stripe` SDK is no longer bundled anywhere) and reads the Stripe secrets, imported by the billing handlers
 * alone (so no other function bundles either; the rest of the composition root stays free of them).
 *
 * The secrets come from the environment on one machine, and in the cloud from Secrets Manager at cold start
 * through Powertools' parameters utility (cached five minutes, so a rotated key is picked up without a deploy).
 */

/** How long Powertools keeps the Stripe secret before asking Secrets Manager again. */
const SECRET_MAX_AGE_SECONDS = 300;

interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

async function secretsOf(configuration: Config): Promise<StripeSecrets> {
  const secrets = configuration.billing?.secrets;
  if (!secrets) {
    throw new ConfigError(
      'Billing is on (STRIPE_PUBLISHABLE_KEY) but this function has no Stripe secrets: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or STRIPE_SECRET_ARN.',
    );
  }
  if ('secretKey' in secrets) return secrets;
  const value = await getSecret<Partial<StripeSecrets>>(secrets.secretArn, {
    transform: 'json',
    maxAge: SECRET_MAX_AGE_SECONDS,
  });
  if (!value?.secretKey || !value.webhookSecret) {
    throw new ConfigError(
      `The Stripe secret ${secrets.secretArn} must be JSON with "secretKey" and "webhookSecret" (see docs/self-hosting.md).`,
    );
  }
  return { secretKey: value.secretKey, webhookSecret: value.webhookSecret };
}

/** One provider per set of keys (a rotated secret makes a new one). */
const providers = new Map<string, PaymentProvider>();

/** Stripe for `configuration`, or null with billing off (no publishable key). */
export async function paymentProviderFor(configuration: Config, logger?: Logger): Promise<PaymentProvider | null> {
  const billing = configuration.billing;
  if (!billing) return null;
  const { secretKey, webhookSecret } = await secretsOf(configuration);
  const cacheKey = `${secretKey}|${webhookSecret}|${billing.apiUrl ?? ''}`;
  const known = providers.get(cacheKey);
  if (known) return known;
  const provider = stripePaymentProvider({
    publishableKey: billing.publishableKey,
    mode: billing.mode,
    secretKey,
    webhookSecret,
    ...(billing.apiUrl ? { apiUrl: billing.apiUrl } : {}),
    ...(logger ? { logger } : {}),
  });
  providers.set(cacheKey, provider);
  return provider;
}

/** What the billing routes need beyond the core: the store, Stripe, abuse limits, the once-guard of webhooks. */
export async function billingDeps() {
  const core = coreDeps();
  return {
    ...core,
    accounts: accountRepository(),
    billing: billingStore(),
    payments: await paymentProviderFor(config(), core.logger),
    rateLimiter: rateLimiter(),
    once: onceGuard(),
  };
}
