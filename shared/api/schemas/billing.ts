import * as z from 'zod/mini';

import { loadEnglishMessages } from '#shared/api/zod-english';
import { GUEST_EMAIL_MESSAGE, GUEST_EMAIL_PATTERN } from '#shared/constants';
import { PLAN_TYPES } from '#shared/rules/pricing';

loadEnglishMessages();

/**
 * The billing calls (docs/api.md): Stripe's public configuration, the server's quotes, payment intents and
 * Checkout sessions, verification after a redirect, cancelling, history, and Stripe's webhook.
 */

const LINE_BREAK = /[\r\n]/;

export const planTypeValue = z.enum(PLAN_TYPES, { error: 'planType must be monthly, annual or lifetime.' });

const guestEmail = z.pipe(
  z.pipe(
    z
      .string({ error: GUEST_EMAIL_MESSAGE })
      .check(z.refine((value) => !LINE_BREAK.test(value), { message: GUEST_EMAIL_MESSAGE, abort: true })),
    z.transform((value) => value.trim()),
  ),
  z.string().check(z.maxLength(254, GUEST_EMAIL_MESSAGE), z.regex(GUEST_EMAIL_PATTERN, GUEST_EMAIL_MESSAGE)),
);

const promoCodeValue = z.pipe(
  z.nullish(
    z.pipe(
      z.string({ error: 'promoCode must be text.' }).check(
        z.maxLength(60, 'promoCode must be at most 60 characters.'),
        z.refine((value) => !LINE_BREAK.test(value), { message: 'promoCode must not contain line breaks.' }),
      ),
      z.transform((value) => value.trim()),
    ),
  ),
  z.transform((value) => value || undefined),
);

/**
 * zod's `preprocess`, which zod/mini does not have: `fn` runs on the raw value, then `schema` on what it answers.
 * Typed as zod types it, so that the field is optional in a request's type exactly when `schema` is.
 */
const preprocess = <S extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, S> &
    z.core.$ZodPreprocess<S>;

/** A numeric string as some clients send it, as its number; anything else as it came. */
const numericText = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/** The client's figure, in dollars with two decimals (a number, or a numeric string as some clients send). */
const dollars = (label: string) =>
  preprocess(
    numericText,
    z
      .number({ error: `${label} must be a number of dollars.` })
      .check(z.gte(0, `${label} must not be negative.`), z.lte(100_000, `${label} is too large.`)),
  );

const discountPercentValue = preprocess(
  numericText,
  z.pipe(
    z.nullish(
      z
        .number({ error: 'discountPercent must be a number.' })
        .check(
          z.gte(0, 'discountPercent must be between 0 and 100.'),
          z.lte(100, 'discountPercent must be between 0 and 100.'),
        ),
    ),
    z.transform((value) => value ?? undefined),
  ),
);

/** GET /api/stripe-config. */
export const stripeConfigResponse = z.object({
  publishableKey: z.string(),
  stripeApiVersion: z.string(),
  mode: z.enum(['test', 'live']),
  /** `BILLING=demo npm start`: payments go to the bundled fake Stripe; nothing is charged (issue 30). */
  demo: z.optional(z.boolean()),
});
export type StripeConfig = z.infer<typeof stripeConfigResponse>;

/** GET /api/subscription/plans?promoCode=: the server's figures for the billing page (beyond the spec). */
export const planQuotesQuery = z.strictObject({ promoCode: z.optional(promoCodeValue) });

export const planQuoteSchema = z.object({
  planType: planTypeValue,
  name: z.string(),
  interval: z.nullable(z.enum(['month', 'year'])),
  /** All in cents. */
  listCents: z.number().check(z.int()),
  priceCents: z.number().check(z.int()),
  feeCents: z.number().check(z.int()),
  totalCents: z.number().check(z.int()),
  renewalCents: z.nullable(z.number().check(z.int())),
  discountPercent: z.number(),
  /** Whether the code given applies to this plan. */
  promoApplies: z.boolean(),
});
export type PlanQuoteView = z.infer<typeof planQuoteSchema>;

export const planQuotesResponse = z.object({
  /** False when this server has no Stripe keys: every feature is available and nothing can be bought. */
  billingEnabled: z.boolean(),
  plans: z.array(planQuoteSchema),
  /** The code given, as stored, when it is valid (for at least one plan); null without one. */
  promo: z.nullable(
    z.object({
      code: z.string(),
      kind: z.enum(['price', 'percent']),
      discountPercent: z.number(),
      planTypes: z.array(planTypeValue),
      /** Promo codes apply to the first payment only. */
      firstPaymentOnly: z.literal(true),
    }),
  ),
});
export type PlanQuotes = z.infer<typeof planQuotesResponse>;

const purchaseFields = {
  planType: planTypeValue,
  calculatedPrice: dollars('calculatedPrice'),
  /** Guest checkout: the address the plan will belong to. Ignored when signed in (the plan is the account's). */
  email: z.pipe(
    z.nullish(guestEmail),
    z.transform((value) => value ?? undefined),
  ),
  promoCode: promoCodeValue,
  discountPercent: discountPercentValue,
};

/** POST /api/subscription/create-payment-intent. */
export const createPaymentIntentBody = z.strictObject(purchaseFields);
export const createPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  /** The first payment in cents, fee included. */
  amount: z.number().check(z.int()),
  promoCode: z.nullable(z.string()),
  discountPercent: z.number(),
  /** Beyond the spec: the plan's id (Stripe's subscription id, or the payment intent's for lifetime). */
  id: z.string(),
  planType: planTypeValue,
});

const pageUrl = (label: string) =>
  z.pipe(
    z.string({ error: `${label} is required.` }).check(z.maxLength(2000, `${label} is too long.`)),
    z.url({ protocol: /^https?$/, error: `${label} must be an address on this site.` }),
  );

/** POST /api/subscription/checkout. */
export const checkoutBody = z.strictObject({
  ...purchaseFields,
  successUrl: pageUrl('successUrl'),
  cancelUrl: pageUrl('cancelUrl'),
});
export const checkoutResponse = z.object({ url: z.string() });

/** POST /api/subscription/verify-payment. */
export const verifyPaymentBody = z
  .strictObject({
    sessionId: z.nullish(
      z.string().check(z.regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'sessionId is not a Checkout session id.')),
    ),
    paymentIntentId: z.nullish(
      z.string().check(z.regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'paymentIntentId is not a payment intent id.')),
    ),
    redirectStatus: z.nullish(z.string().check(z.maxLength(40))),
  })
  .check(
    z.refine((body) => body.sessionId || body.paymentIntentId, {
      message: 'sessionId or paymentIntentId is required.',
      path: ['sessionId'],
    }),
  );

export const PAYMENT_OUTCOMES = ['paid', 'processing', 'requires_action', 'failed', 'canceled'] as const;
export const verifyPaymentResponse = z.object({
  /** paid only when Stripe says the money is in; the success page shows success only then. */
  status: z.enum(PAYMENT_OUTCOMES),
  planType: z.nullable(planTypeValue),
  message: z.string(),
});
export type VerifyPaymentResult = z.infer<typeof verifyPaymentResponse>;

/** POST /api/subscription/{id}/cancel. */
export const subscriptionIdParams = z.strictObject({
  id: z.string().check(z.regex(/^(sub|pi)_[A-Za-z0-9_]{1,250}$/, 'id is not a subscription id.')),
});

/** The subscription status (getSubscriptionStatus in docs/api.md), and what the billing page shows beside it. */
export const subscriptionStatusResponse = z.object({
  /** 'active' while the plan is in force (a cancelled one until its period ends), else Stripe's state or 'none'. */
  status: z.string(),
  planType: z.nullable(z.enum(PLAN_TYPES)),
  nextBillingDate: z.nullable(z.string()),
  id: z.nullable(z.string()),
  /** Beyond the spec: a cancelled plan runs to nextBillingDate and then ends. */
  cancelAtPeriodEnd: z.boolean(),
  /** Beyond the spec: Stripe's own status ('past_due' while a renewal is being retried). */
  providerStatus: z.nullable(z.string()),
  /** Beyond the spec: false when this server has no Stripe keys (no trial, nothing to buy). */
  billingEnabled: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusResponse>;

export const cancelSubscriptionResponse = z.extend(subscriptionStatusResponse, { message: z.string() });

/** GET /api/subscription/history: the caller's plans, newest first, each with its payments (newest first). */
export const paymentSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  description: z.string(),
  planType: z.enum(PLAN_TYPES),
  /** Dollars. */
  amount: z.number(),
  /** paid, failed, refunded, partially_refunded, processing… */
  status: z.string(),
});
export const subscriptionHistoryResponse = z.array(
  z.object({
    id: z.string(),
    planType: z.enum(PLAN_TYPES),
    status: z.string(),
    createdAt: z.string(),
    currentPeriodEnd: z.nullable(z.string()),
    cancelAtPeriodEnd: z.boolean(),
    payments: z.array(paymentSchema),
  }),
);
export type SubscriptionHistory = z.infer<typeof subscriptionHistoryResponse>;

/** POST /api/stripe/webhook: the raw body is Stripe's signed event (read by the handler, not as a schema). */
export const webhookResponse = z.object({ received: z.literal(true) });
