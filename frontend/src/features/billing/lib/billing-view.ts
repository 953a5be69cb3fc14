import type { PlanQuotes, PlanQuoteView, SubscriptionHistory, SubscriptionStatus } from '#shared/api/schemas/billing';
import { GUEST_EMAIL_PATTERN } from '#shared/constants';
import { formatCents, PLAN_NAMES, type PlanType } from '#shared/rules/pricing';
import { freeTrial } from '#shared/rules/trial';
import { centsToDollars } from '#frontend/features/billing/lib/payment-rules.ts';

/**
 * What the billing page shows (the trial, the subscription, promo codes, plans and prices),
 * as pure functions of the server's answers. Every figure is the server's (GET /api/subscription/plans
 * quotes in cents): the page formats them and never computes a price, a discount or a fee of its own.
 */

export const BILLING_TEXTS = {
  cancelConfirm: 'Your subscription will be canceled at the end of the current billing period.',
  cancelDone: 'Subscription Canceled',
  cancelFailed: 'Could not cancel subscription. Please try again.',
  checkoutFailed: 'There was a problem redirecting to checkout. Please try again.',
  checkoutCancelledTitle: 'Checkout Cancelled',
  checkoutCancelledText: 'You can try again or choose a different plan.',
  historyEmpty: 'No billing history available',
  historyFailed: 'Error loading payment history. Please try again.',
  guestEmailInvalid: 'Please enter a valid email address',
  billingOff: 'Payments are not set up on this server',
  billingOffDetail:
    'Every feature is available without a plan: there is nothing to buy here, and your event types can be activated at any time.',
  saveBadge: 'Save 20%',
  feeLabel: 'Processing fee',
} as const;

/** Billing is off on this server (no Stripe keys): no plans, no promo codes, no trial. */
export const billingIsOff = (
  quotes: Pick<PlanQuotes, 'billingEnabled'> | undefined,
  status: Pick<SubscriptionStatus, 'billingEnabled'> | undefined,
): boolean => quotes?.billingEnabled === false || status?.billingEnabled === false;

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "March 9, 2026"; an unreadable date stays as given. */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : longDate.format(date);
}

/** "Mar 9, 2026" (the history table, narrow screens). */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : shortDate.format(date);
}

/** The Current Plan card's trial line: 'Active until {date}' or 'Expired on {date}'. */
export function trialLine(createdAt: string, now: Date): { expired: boolean; text: string } {
  const trial = freeTrial(createdAt, now);
  const date = formatLongDate(trial.endsAt);
  return trial.expired
    ? { expired: true, text: `Expired on ${date}` }
    : { expired: false, text: `Active until ${date}` };
}

export const planName = (planType: PlanType | null | undefined): string =>
  planType ? PLAN_NAMES[planType] : 'Current plan';

/** "per month", "per year", "one-time". */
export const periodLabel = (interval: PlanQuoteView['interval']): string =>
  interval === 'month' ? 'per month' : interval === 'year' ? 'per year' : 'one-time';

/** What an active plan costs, from its quote: "$3.00 per month", "$29.00 per year", "$79.00 (one-time)". */
export function planCostText(quote: Pick<PlanQuoteView, 'listCents' | 'interval'>): string {
  return quote.interval
    ? `${formatCents(quote.listCents)} ${periodLabel(quote.interval)}`
    : `${formatCents(quote.listCents)} (one-time)`;
}

/**
 * The active plan's renewal line: the date it ends when it was cancelled (it stays active until then), else the
 * next billing date with what that payment charges (the quote's renewal figure, fee included); lifetime: none.
 */
export function renewalText(
  status: Pick<SubscriptionStatus, 'planType' | 'nextBillingDate' | 'cancelAtPeriodEnd'>,
  quote: Pick<PlanQuoteView, 'renewalCents'> | undefined,
): string | null {
  if (status.planType === 'lifetime') return 'Paid once: no renewals.';
  if (!status.nextBillingDate) return null;
  const date = formatLongDate(status.nextBillingDate);
  if (status.cancelAtPeriodEnd) return `Your plan ends on ${date} and will not renew.`;
  const charge = quote?.renewalCents != null ? ` (${formatCents(quote.renewalCents)}, processing fee included)` : '';
  return `Next billing date: ${date}${charge}`;
}

/** 'Cancel Subscription' for an active non-lifetime plan with an id, unless already set to end. */
export const canCancel = (
  status: Pick<SubscriptionStatus, 'status' | 'planType' | 'id' | 'cancelAtPeriodEnd'> | undefined,
): boolean =>
  !!status &&
  status.status === 'active' &&
  !!status.planType &&
  status.planType !== 'lifetime' &&
  !!status.id &&
  !status.cancelAtPeriodEnd;

/** Stripe is retrying a failed renewal: the plan is still in force, the host should check their card. */
export const isPastDue = (status: Pick<SubscriptionStatus, 'providerStatus'> | undefined): boolean =>
  status?.providerStatus === 'past_due';

// ---- Promo codes ---------------------------------------------------------------------------------------------------

/** A promo: none, a fixed price (one-dolla: monthly only, shown as 67% off) or a percentage (80%). */
export type PromoState = 'none' | 'one-dolla' | 'percentage';

export const promoStateOf = (promo: PlanQuotes['promo'] | undefined): PromoState =>
  !promo ? 'none' : promo.kind === 'price' ? 'one-dolla' : 'percentage';

/** "A and B", "A, B and C". */
function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The applied code in words: "67% off the Monthly Plan" or "80% off every plan", and that it applies to the first
 * payment only (promo codes discount the first payment; renewals are at the list price).
 */
export function promoSummary(promo: NonNullable<PlanQuotes['promo']>, plans: readonly PlanQuoteView[]): string {
  const applies = plans.filter((plan) => promo.planTypes.includes(plan.planType));
  const every = plans.length > 0 && applies.length === plans.length;
  const names = applies.map((plan) => plan.name);
  const target = every ? 'every plan' : names.length > 0 ? `the ${listNames(names)}` : 'some plans';
  return `${promo.discountPercent}% off ${target}. The discount applies to your first payment only.`;
}

/** Under a discounted plan: what the promo covers and what later payments cost. */
export function promoNote(quote: Pick<PlanQuoteView, 'promoApplies' | 'renewalCents' | 'interval'>): string | null {
  if (!quote.promoApplies) return null;
  if (quote.renewalCents == null) return 'Promo price for this one-time payment.';
  return `Promo price applies to your first payment only; then ${formatCents(quote.renewalCents)} ${periodLabel(quote.interval)}, processing fee included.`;
}

/** Promo codes are trimmed (and matched case-insensitively by the server). */
export const cleanPromoCode = (value: string): string => value.trim();

// ---- Buying --------------------------------------------------------------------------------------------------------

export interface PurchaseFields {
  planType: PlanType;
  calculatedPrice: number;
  email?: string;
  promoCode?: string;
  discountPercent?: number;
}

/**
 * The body of create-payment-intent and checkout: the plan, the quote's price in dollars (two decimals), the
 * guest's e-mail, and the promo code with its discount only for a plan it applies to (the server refuses a code
 * sent for a plan it does not cover).
 */
export function purchaseFields(
  quote: Pick<PlanQuoteView, 'planType' | 'priceCents' | 'discountPercent' | 'promoApplies'>,
  promo: PlanQuotes['promo'] | undefined,
  guestEmail?: string | null,
): PurchaseFields {
  const fields: PurchaseFields = { planType: quote.planType, calculatedPrice: centsToDollars(quote.priceCents) };
  if (guestEmail) fields.email = guestEmail;
  if (promo && quote.promoApplies) {
    fields.promoCode = promo.code;
    fields.discountPercent = quote.discountPercent;
  }
  return fields;
}

/** Stripe Checkout comes back to this site's own pages (the server refuses any other address). */
export const checkoutUrls = (origin: string) => ({
  successUrl: `${origin}/billing-success`,
  cancelUrl: `${origin}/billing-details?checkout=cancelled`,
});

// ---- Guest checkout ------------------------------------------------------------------------------------------------

/** The guest checkout's e-mail check: text, an at sign, text, a dot, text, no spaces (outer spaces are trimmed). */
export function isGuestEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && GUEST_EMAIL_PATTERN.test(email);
}

// ---- History -------------------------------------------------------------------------------------------------------

export interface HistoryRow {
  id: string;
  createdAt: string;
  date: string;
  description: string;
  amount: string;
  status: string;
}

/** "$12.50" from dollars (the history's amounts are dollars, a number or a numeric string). */
export function formatDollars(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? `$${value.toFixed(2)}` : String(amount);
}

/** "paid" → "Paid", "partially_refunded" → "Partially refunded". */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown';
}

/** Every payment of every plan, newest first, as the Billing History table shows them. */
export function historyRows(history: SubscriptionHistory): HistoryRow[] {
  return [...history.flatMap((plan) => plan.payments)]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id))
    .map((payment) => ({
      id: payment.id,
      createdAt: payment.createdAt,
      date: formatShortDate(payment.createdAt),
      description: payment.description,
      amount: formatDollars(payment.amount),
      status: statusLabel(payment.status),
    }));
}
