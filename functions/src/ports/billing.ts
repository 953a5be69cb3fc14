import type { PlanType, PromoCode } from '#shared/rules/pricing';
import type {
  BillingOwner,
  PaymentRecord,
  PaymentStatus,
  PlanRecord,
  PromoBuyer,
  PromoRedemption,
} from '#functions/domain/billing';
import type { AccountRecord } from '#functions/domain/records';

/** Billing: Stripe behind a port, and plans, payments, customers and promo codes as recorded here. */

/** A Stripe subscription as the provider reports it (adapters/stripe). */
export interface ProviderSubscription {
  id: string;
  /** Stripe's status: incomplete, incomplete_expired, trialing, active, past_due, unpaid, canceled, paused. */
  status: string;
  /** From the metadata we set; null on a subscription not made here. */
  planType: PlanType | null;
  owner: BillingOwner | null;
  promoCode: string | null;
  customerId: string | null;
  createdAt: string;
  /** The end of the period paid for (ISO); null before the first payment. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The latest invoice as a payment (the first one right after creation), when Stripe sent it. */
  latestPayment: ProviderPayment | null;
}

/** A payment: a subscription's invoice (id in_…) or a lifetime plan's payment intent (id pi_…). */
export interface ProviderPayment {
  id: string;
  paymentIntentId: string | null;
  /** The subscription an invoice belongs to; null for a one-time payment. */
  subscriptionId: string | null;
  planType: PlanType | null;
  owner: BillingOwner | null;
  promoCode: string | null;
  customerId: string | null;
  /** Cents: paid, or due while not paid. */
  amount: number;
  status: PaymentStatus;
  createdAt: string;
  /** Stripe's decline or error code of a failed payment (card_declined, expired_card…), else null. */
  failureCode: string | null;
}

/** A Checkout session, with its subscription or payment intent when it has one. */
export interface ProviderCheckout {
  id: string;
  mode: 'subscription' | 'payment';
  /** Stripe's: open, complete, expired. */
  status: string;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  planType: PlanType | null;
  owner: BillingOwner | null;
  subscription: ProviderSubscription | null;
  payment: ProviderPayment | null;
}

/**
 * A verified webhook event, read into what it tells: a subscription's state (customer.subscription.*), a payment
 * (invoice.paid, invoice.payment_failed, payment_intent.succeeded, payment_intent.payment_failed, charge.refunded),
 * a finished Checkout session (checkout.session.completed), or nothing we act on. `created` is Stripe's event time
 * in epoch seconds (the ordering of states).
 */
export type ProviderEvent = { id: string; stripeType: string; created: number } & (
  | { kind: 'subscription'; subscription: ProviderSubscription }
  | { kind: 'payment'; payment: ProviderPayment }
  | { kind: 'checkout'; checkout: ProviderCheckout }
  | { kind: 'ignored' }
);

/** What a purchase started here carries to Stripe (its metadata) and charges. */
export interface PurchaseStart {
  planType: PlanType;
  owner: BillingOwner;
  /** The first payment, fee included (cents). */
  firstAmount: number;
  /** Each renewal, fee included (cents); null for lifetime. */
  renewalAmount: number | null;
  /** The line's description ("Monthly Plan"). */
  description: string;
  promoCode: string | null;
  /** Makes a retried request create nothing new (Stripe's Idempotency-Key). */
  idempotencyKey: string;
}

/** Stripe, behind our port: the billing functions only (adapters/stripe). */
export interface PaymentProvider {
  readonly publishableKey: string;
  /** The API version every request pins (GET /api/stripe-config reports it). */
  readonly apiVersion: string;
  readonly mode: 'test' | 'live';
  /** A customer for an account or a guest's e-mail (answers its id). */
  createCustomer(input: {
    email: string;
    name: string | null;
    owner: BillingOwner;
    idempotencyKey: string;
  }): Promise<string>;
  /**
   * A subscription created incomplete whose first invoice the Payment Element pays: first payment firstAmount
   * (a once-only discount when it is below renewalAmount), then renewalAmount each interval.
   */
  startSubscription(
    input: PurchaseStart & { customerId: string },
  ): Promise<{ subscription: ProviderSubscription; clientSecret: string; paymentIntentId: string; amountDue: number }>;
  /** A one-time payment (lifetime) for the Payment Element. */
  startPayment(
    input: PurchaseStart & { customerId: string },
  ): Promise<{ payment: ProviderPayment; clientSecret: string }>;
  /** A Checkout session in subscription or payment mode; answers its id and Stripe's page address. */
  startCheckout(
    input: PurchaseStart & {
      customerId: string | null;
      customerEmail: string | null;
      successUrl: string;
      cancelUrl: string;
    },
  ): Promise<{ id: string; url: string }>;
  /** Null when Stripe does not know the id. */
  getCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  getPaymentIntent(paymentIntentId: string): Promise<ProviderPayment | null>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** Sets the subscription to end when its period ends; answers it as it is now. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Ends the subscription now: no further invoice or charge (account deletion). `comment` is kept at Stripe as the
   * cancellation's reason. One already ended is no error; one Stripe does not know answers null.
   */
  cancelNow(subscriptionId: string, comment: string): Promise<ProviderSubscription | null>;
  /**
   * Cancels a one-time payment intent not yet paid, so its client secret can no longer pay it; answers it as it is
   * now (one that already succeeded, or was cancelled, is left as it is). Null when Stripe does not know the id.
   */
  cancelPayment(paymentIntentId: string): Promise<ProviderPayment | null>;
  /**
   * Expires an open Checkout session, so it can no longer be paid; answers it as it is now (one already complete or
   * expired is left as it is). Null when Stripe does not know the id.
   */
  expireCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  /**
   * Verifies a webhook's Stripe-Signature over the raw body with the webhook secret (as stripe.webhooks.constructEvent
   * does, 5 minutes' tolerance) and reads the event; throws WebhookSignatureInvalid when it does not hold.
   */
  readWebhook(rawBody: string, signatureHeader: string): Promise<ProviderEvent>;
}

/** A pending payment started here, found again by its payment intent when the browser comes back. */
export interface PendingPayment {
  paymentIntentId: string;
  owner: BillingOwner;
  planId: string;
  planType: PlanType;
}

/** Plans, payments, customers and promo codes in the table (adapters/dynamodb/billing/). */
export interface BillingStore {
  /** Every plan of the owner (an account's are also read with its host record). */
  plans(owner: BillingOwner): Promise<PlanRecord[]>;
  payments(owner: BillingOwner): Promise<PaymentRecord[]>;
  getPlan(owner: BillingOwner, planId: string): Promise<PlanRecord | null>;
  /** Writes the plan unless the stored state is newer (domain/billing.ts isNewer); answers whether it wrote. */
  savePlan(owner: BillingOwner, plan: PlanRecord): Promise<boolean>;
  /** Writes the payment unless the stored state is newer; answers whether it wrote. */
  savePayment(owner: BillingOwner, payment: PaymentRecord): Promise<boolean>;
  /** The owner's Stripe customer, or null. */
  customerOf(owner: BillingOwner): Promise<string | null>;
  setCustomer(owner: BillingOwner, customerId: string): Promise<void>;
  savePending(pending: PendingPayment): Promise<void>;
  findPending(paymentIntentId: string): Promise<PendingPayment | null>;
  /**
   * Moves every plan and payment filed under a guest's e-mail to the account that proved that address (idempotent:
   * what was moved is no longer under the e-mail). Answers how many plans moved.
   */
  claimGuestPlans(email: string, accountId: string): Promise<number>;
  /** A promo code by its normalized text (shared/rules/pricing.ts normalizePromoCode), with how often it was used. */
  promoCode(normalized: string): Promise<(PromoCode & { redemptions: number }) | null>;
  /** Writes a code (the seed; operators change codes in the table directly); its count of uses stays. */
  savePromoCode(promo: PromoCode): Promise<void>;
  /** The earlier uses of a code (normalized) by this account or this e-mail address: the plans they went to. */
  promoUses(code: string, buyer: PromoBuyer): Promise<{ planId: string; owner: BillingOwner }[]>;
  /**
   * Records a purchase started here in one transaction: the plan (incomplete; null for a Checkout session, whose
   * plan Stripe makes later), its pending payment, and the use of its promo code (the code's count, within its
   * maximum; this account's and this e-mail's use, once each). Throws domain/billing.ts PromoRedemptionRefused and
   * writes nothing when the code may not be used.
   */
  startPurchase(input: {
    owner: BillingOwner;
    plan: PlanRecord | null;
    pending: PendingPayment | null;
    redemption: PromoRedemption | null;
  }): Promise<void>;
  /** Gives back the promo use that went to `planId` (a payment that never happened); false when there was none. */
  releaseRedemption(planId: string): Promise<boolean>;
  /**
   * Records again a use given back for `planId` whose payment was made after all (counted even past the maximum; an
   * account's or address's use held meanwhile by another plan stays with it). False when none was given back.
   */
  restoreRedemption(planId: string): Promise<boolean>;
}

/** What an account that proved an address asks of billing (app/accounts/email-verification.ts). */
export interface GuestPlanClaims {
  /** app/billing/claim-guest-plans.ts: the plans a guest bought for `provenEmail` become the account's. */
  claimGuestPlans(account: Pick<AccountRecord, 'id'>, provenEmail: string): Promise<void>;
}
