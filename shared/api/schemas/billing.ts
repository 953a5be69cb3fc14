import * as z from 'zod';

import { GUEST_EMAIL_MESSAGE, GUEST_EMAIL_PATTERN } from '#shared/constants';
import { PLAN_TYPES } from '#shared/rules/pricing';

/**
 * The billing calls (host-area.md §3, §7): Stripe's public configuration, the server's quotes, payment intents and
 * Checkout sessions, verification after a redirect, cancelling, history, and Stripe's webhook.
 */

const LINE_BREAK = /[\r\n]/;

export const planTypeValue = z.enum(PLAN_TYPES, { error: 'planType must be monthly, annual or lifetime.' });

const guestEmail = z
  .string({ error: GUEST_EMAIL_MESSAGE })
  .refine((value) => !LINE_BREAK.test(value), { message: GUEST_EMAIL_MESSAGE, abort: true })
  .transform((value) => value.trim())
  .pipe(z.string().max(254, GUEST_EMAIL_MESSAGE).regex(GUEST_EMAIL_PATTERN, GUEST_EMAIL_MESSAGE));

const promoCodeValue = z
  .string({ error: 'promoCode must be text.' })
  .max(60, 'promoCode must be at most 60 characters.')
  .refine((value) => !LINE_BREAK.test(value), { message: 'promoCode must not contain line breaks.' })
  .transform((value) => value.trim())
  .nullish()
  .transform((value) => value || undefined);

/** The client's figure, in dollars with two decimals (a number, or a numeric string as some clients send). */
const dollars = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: `${label} must be a number of dollars.` })
      .min(0, `${label} must not be negative.`)
      .max(100_000, `${label} is too large.`),
  );

const discountPercentValue = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'discountPercent must be a number.' })
    .min(0, 'discountPercent must be between 0 and 100.')
    .max(100, 'discountPercent must be between 0 and 100.')
    .nullish()
    .transform((value) => value ?? undefined),
);

/** GET /api/stripe-config. */
export const stripeConfigResponse = z.object({
  publishableKey: z.string(),
  stripeApiVersion: z.string(),
  mode: z.enum(['test', 'live']),
});
export type StripeConfig = z.infer<typeof stripeConfigResponse>;

/** GET /api/subscription/plans?promoCode=: the server's figures for the billing page (beyond the spec). */
export const planQuotesQuery = z.strictObject({ promoCode: promoCodeValue.optional() });

export const planQuoteSchema = z.object({
  planType: planTypeValue,
  name: z.string(),
  interval: z.enum(['month', 'year']).nullable(),
  /** All in cents. */
  listCents: z.number().int(),
  priceCents: z.number().int(),
  feeCents: z.number().int(),
  totalCents: z.number().int(),
  renewalCents: z.number().int().nullable(),
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
  promo: z
    .object({
      code: z.string(),
      kind: z.enum(['price', 'percent']),
      discountPercent: z.number(),
      planTypes: z.array(planTypeValue),
      /** Promo codes apply to the first payment only. */
      firstPaymentOnly: z.literal(true),
    })
    .nullable(),
});
export type PlanQuotes = z.infer<typeof planQuotesResponse>;

const purchaseFields = {
  planType: planTypeValue,
  calculatedPrice: dollars('calculatedPrice'),
  /** Guest checkout: the address the plan will belong to. Ignored when signed in (the plan is the account's). */
  email: guestEmail.nullish().transform((value) => value ?? undefined),
  promoCode: promoCodeValue,
  discountPercent: discountPercentValue,
};

/** POST /api/subscription/create-payment-intent. */
export const createPaymentIntentBody = z.strictObject(purchaseFields);
export const createPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  /** The first payment in cents, fee included. */
  amount: z.number().int(),
  promoCode: z.string().nullable(),
  discountPercent: z.number(),
  /** Beyond the spec: the plan's id (Stripe's subscription id, or the payment intent's for lifetime). */
  id: z.string(),
  planType: planTypeValue,
});

const pageUrl = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .max(2000, `${label} is too long.`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be an address on this site.` }));

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
    sessionId: z
      .string()
      .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'sessionId is not a Checkout session id.')
      .nullish(),
    paymentIntentId: z
      .string()
      .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'paymentIntentId is not a payment intent id.')
      .nullish(),
    redirectStatus: z.string().max(40).nullish(),
  })
  .refine((body) => body.sessionId || body.paymentIntentId, {
    message: 'sessionId or paymentIntentId is required.',
    path: ['sessionId'],
  });

export const PAYMENT_OUTCOMES = ['paid', 'processing', 'requires_action', 'failed', 'canceled'] as const;
export const verifyPaymentResponse = z.object({
  /** paid only when Stripe says the money is in; the success page shows success only then. */
  status: z.enum(PAYMENT_OUTCOMES),
  planType: planTypeValue.nullable(),
  message: z.string(),
});
export type VerifyPaymentResult = z.infer<typeof verifyPaymentResponse>;

/** POST /api/subscription/{id}/cancel. */
export const subscriptionIdParams = z.strictObject({
  id: z.string().regex(/^(sub|pi)_[A-Za-z0-9_]{1,250}$/, 'id is not a subscription id.'),
});

/** host-area.md §3 "Subscription status", and what the billing page shows beside it. */
export const subscriptionStatusResponse = z.object({
  /** 'active' while the plan is in force (a cancelled one until its period ends), else Stripe's state or 'none'. */
  status: z.string(),
  planType: z.enum(PLAN_TYPES).nullable(),
  nextBillingDate: z.string().nullable(),
  id: z.string().nullable(),
  /** Beyond the spec: a cancelled plan runs to nextBillingDate and then ends. */
  cancelAtPeriodEnd: z.boolean(),
  /** Beyond the spec: Stripe's own status ('past_due' while a renewal is being retried). */
  providerStatus: z.string().nullable(),
  /** Beyond the spec: false when this server has no Stripe keys (no trial, nothing to buy). */
  billingEnabled: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusResponse>;

export const cancelSubscriptionResponse = subscriptionStatusResponse.extend({ message: z.string() });

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
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    payments: z.array(paymentSchema),
  }),
);
export type SubscriptionHistory = z.infer<typeof subscriptionHistoryResponse>;

/** POST /api/stripe/webhook: the raw body is Stripe's signed event (read by the handler, not as a schema). */
export const webhookResponse = z.object({ received: z.literal(true) });
