import type { PlanType, PromoRefusal } from '#shared/rules/pricing';
import { mayActivateEvents } from '#shared/rules/trial';

/**
 * Plans and payments as recorded here (from Stripe's answers and webhooks), and the rules read from them: which
 * plan is in force, whether one state is newer than another. Pure: no I/O, no clock of its own.
 */

/** Who a plan belongs to: an account, or a guest's e-mail until an account proves that address. */
export type BillingOwner = { kind: 'account'; accountId: string } | { kind: 'guest'; email: string };

export const ownerKey = (owner: BillingOwner): string =>
  owner.kind === 'account' ? `account:${owner.accountId}` : `guest:${owner.email.toLowerCase()}`;

/**
 * One plan: a Stripe subscription (monthly, annual; id sub_…) or a lifetime purchase (id pi_…). `status` is
 * Stripe's: incomplete, incomplete_expired, trialing, active, past_due, unpaid, canceled, paused for a
 * subscription; for lifetime the payment's: incomplete until paid, then active, refunded once fully refunded.
 */
export interface PlanRecord {
  id: string;
  planType: PlanType;
  status: string;
  createdAt: string;
  /** When the paid period ends (subscriptions); null for lifetime and before the first payment. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's customer (cus_…), when there is one. */
  customerId: string | null;
  /** The promo code of the first payment, as stored, or null. */
  promoCode: string | null;
  /** Ordering of states (see isNewer): when this state was true (Stripe's event time, or our clock), epoch seconds. */
  stateAt: number;
}

export type PaymentStatus =
  | 'paid'
  | 'open'
  | 'processing'
  | 'requires_action'
  | 'requires_payment_method'
  | 'failed'
  | 'canceled'
  | 'refunded'
  | 'partially_refunded';

/** One payment of a plan: an invoice (in_…) of a subscription, or the payment intent (pi_…) of a lifetime plan. */
export interface PaymentRecord {
  id: string;
  planId: string;
  planType: PlanType;
  /** Cents. */
  amount: number;
  status: PaymentStatus;
  createdAt: string;
  description: string;
  paymentIntentId: string | null;
  stateAt: number;
}

/**
 * How far along a state is, for two states of the same second: a later step of the life of a subscription or a
 * payment wins over an earlier one, so same-second events that arrive out of order still end in the later state.
 */
const STATUS_RANK: Record<string, number> = {
  incomplete: 0,
  open: 0,
  requires_payment_method: 1,
  requires_action: 1,
  processing: 2,
  failed: 2,
  trialing: 3,
  active: 3,
  paid: 3,
  past_due: 4,
  unpaid: 5,
  paused: 5,
  partially_refunded: 6,
  refunded: 7,
  incomplete_expired: 8,
  canceled: 8,
};
export const statusRank = (status: string): number => STATUS_RANK[status] ?? 0;

/**
 * Whether `incoming` may replace `stored` (Stripe sends events out of order and more than once): a state from a
 * later second always; from the same second when its status is as far along or further (a flag change such as
 * cancel-at-period-end keeps its status, so it passes); an older one never.
 */
export function isNewer(
  stored: { stateAt: number; status: string } | null,
  incoming: { stateAt: number; status: string },
): boolean {
  if (!stored) return true;
  if (incoming.stateAt !== stored.stateAt) return incoming.stateAt > stored.stateAt;
  return statusRank(incoming.status) >= statusRank(stored.status);
}

/**
 * past_due counts as in force: Stripe is retrying the renewal (its Smart Retries, up to the dunning settings),
 * and a host's booking pages should not go dark over a card that needs updating. Once Stripe gives up, the
 * subscription becomes canceled or unpaid and the plan ends.
 */
const IN_FORCE = new Set(['active', 'trialing', 'past_due']);

/** Whether the plan is in force at `now`: a live status, and a cancelled subscription only until its period ends. */
export function planInForce(plan: PlanRecord, now: Date): boolean {
  if (!IN_FORCE.has(plan.status)) return false;
  if (plan.planType === 'lifetime') return true;
  if (plan.currentPeriodEnd && Date.parse(plan.currentPeriodEnd) <= now.getTime()) {
    // Past the paid period: a cancelled plan ended; a renewing one is as good as its last word from Stripe until
    // the renewal's own events arrive, unless it was set to end.
    return !plan.cancelAtPeriodEnd;
  }
  return true;
}

/** The status the API answers (getSubscriptionStatus in docs/api.md). */
export interface SubscriptionView {
  status: string;
  planType: PlanType | null;
  nextBillingDate: string | null;
  id: string | null;
  cancelAtPeriodEnd: boolean;
  providerStatus: string | null;
}

export const NO_PLAN: SubscriptionView = {
  status: 'none',
  planType: null,
  nextBillingDate: null,
  id: null,
  cancelAtPeriodEnd: false,
  providerStatus: null,
};

/**
 * The plan that counts among an owner's plans at `now`: one in force (lifetime first, then the one running
 * longest), else the latest one that got past its first payment attempt (its state: canceled, unpaid…), else
 * none. Plans never paid (incomplete, incomplete_expired) are not shown as the host's status.
 */
export function currentPlan(plans: readonly PlanRecord[], now: Date): PlanRecord | null {
  const inForce = plans.filter((plan) => planInForce(plan, now));
  if (inForce.length > 0) {
    return [...inForce].sort(
      (a, b) =>
        Number(b.planType === 'lifetime') - Number(a.planType === 'lifetime') ||
        Date.parse(b.currentPeriodEnd ?? '') - Date.parse(a.currentPeriodEnd ?? '') ||
        b.createdAt.localeCompare(a.createdAt),
    )[0]!;
  }
  const started = plans.filter((plan) => !['incomplete', 'incomplete_expired'].includes(plan.status));
  return [...started].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
}

export function subscriptionView(plans: readonly PlanRecord[], now: Date): SubscriptionView {
  const plan = currentPlan(plans, now);
  if (!plan) return NO_PLAN;
  const inForce = planInForce(plan, now);
  return {
    status: inForce ? 'active' : plan.status === 'active' ? 'canceled' : plan.status,
    planType: plan.planType,
    nextBillingDate: plan.planType === 'lifetime' ? null : plan.currentPeriodEnd,
    id: plan.id,
    cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    providerStatus: plan.status,
  };
}

/** Whether an owner's plans put them past the trial rule at `now`. */
export const hasPlanInForce = (plans: readonly PlanRecord[], now: Date): boolean =>
  plans.some((plan) => planInForce(plan, now));

/**
 * The trial rule with billing: with billing off (no Stripe keys) it does not apply; otherwise a
 * host may have active event types inside the 7-day trial or with a plan in force at `now`.
 */
export const hostMayPublish = (
  host: { createdAt: string; plans?: readonly PlanRecord[] },
  now: Date,
  billingEnabled: boolean,
): boolean => !billingEnabled || mayActivateEvents(host, hasPlanInForce(host.plans ?? [], now), now);

/** Plans a host may cancel: subscriptions in force that are not already set to end. */
export const cancellable = (plan: PlanRecord, now: Date): boolean =>
  plan.planType !== 'lifetime' && planInForce(plan, now) && !plan.cancelAtPeriodEnd;

/** The description of a plan's payment in the history ("Monthly Plan", "Monthly Plan (promo one dolla holla)"). */
export function paymentDescription(planName: string, promoCode: string | null, first: boolean): string {
  return promoCode && first ? `${planName} (promo ${promoCode})` : planName;
}

// ————— promo code redemptions —————

/** Who uses a promo code: each account once and each e-mail address (normalised) once, whichever the payment has. */
export interface PromoBuyer {
  accountId: string | null;
  email: string;
}

/**
 * One use of a promo code, recorded in the transaction that records the payment's plan: the code (normalised), the
 * plan it went to (a Checkout session's id until Stripe makes the plan), the plan's owner and who used it.
 */
export interface PromoRedemption extends PromoBuyer {
  code: string;
  planId: string;
  owner: BillingOwner;
  at: string;
}

/** A code may not be used (the store's transaction found its limit reached, or this buyer's earlier use). */
export class PromoRedemptionRefused extends Error {
  constructor(readonly refusal: PromoRefusal) {
    super(`promo code refused: ${refusal}`);
    this.name = 'PromoRedemptionRefused';
  }
}

/** A payment that got this far took the money, or may still: its promo use counts. */
const PAYMENT_TOOK_MONEY = new Set<PaymentStatus>(['paid', 'processing', 'partially_refunded', 'refunded']);

/**
 * Whether an earlier use of a code went to a plan that was never paid (a form opened and left, a card declined,
 * a subscription Stripe let expire), so its use may be given back. An unknown plan counts as paid: when in doubt
 * the code stays used.
 */
export function redemptionUnpaid(plan: PlanRecord | null, payments: readonly PaymentRecord[]): boolean {
  if (!plan) return false;
  if (payments.some((payment) => payment.planId === plan.id && PAYMENT_TOOK_MONEY.has(payment.status))) return false;
  if (plan.status === 'incomplete' || plan.status === 'incomplete_expired') return true;
  return plan.planType === 'lifetime' && plan.status === 'canceled';
}

/** Whether `plan`, as just recorded, ends a payment that never happened: its promo use is given back. */
export const releasesRedemption = (plan: Pick<PlanRecord, 'planType' | 'status' | 'promoCode'>): boolean =>
  plan.promoCode !== null &&
  (plan.status === 'incomplete_expired' || (plan.planType === 'lifetime' && plan.status === 'canceled'));
