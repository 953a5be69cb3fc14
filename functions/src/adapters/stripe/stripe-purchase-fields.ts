import { PLAN_INTERVAL, type PlanType } from '#shared/rules/pricing';
import type { BillingOwner } from '#functions/domain/billing';
import type { PurchaseStart } from '#functions/ports/billing';

/** What we write on what we create at Stripe: our metadata, and a subscription's price. */

export const CURRENCY = 'usd';

/** The owner as our metadata names it (a customer carries only this). */
type OwnerMetadata = { accountId: string } | { guestEmail: string };
/** Our metadata on every purchase object: the promo code is '' without one (Stripe drops empty values). */
type PurchaseMetadata = { planType: PlanType; promoCode: string } & OwnerMetadata;

export const ownerMetadata = (owner: BillingOwner): OwnerMetadata =>
  owner.kind === 'account' ? { accountId: owner.accountId } : { guestEmail: owner.email };

export const purchaseMetadata = (input: PurchaseStart): PurchaseMetadata => ({
  planType: input.planType,
  promoCode: input.promoCode ?? '',
  ...ownerMetadata(input.owner),
});

export function renewalOf(input: PurchaseStart): number {
  if (input.renewalAmount === null || PLAN_INTERVAL[input.planType] === null)
    throw new Error(`The ${input.planType} plan does not renew: it is not a subscription.`);
  return input.renewalAmount;
}

/** A subscription item's price: the renewal amount each month or year, on the plan's product. */
export function recurringPrice(input: PurchaseStart, product: string) {
  const interval = PLAN_INTERVAL[input.planType] ?? 'month';
  return { currency: CURRENCY, product, unit_amount: renewalOf(input), recurring: { interval } };
}
