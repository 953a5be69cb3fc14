import {
  invalidPromoMessage,
  normalizePromoCode,
  promoRefusalMessage,
  type PromoCode,
  type PromoRefusal,
} from '#shared/rules/pricing';
import { billingError, providerOf, TOOK_MONEY } from '#functions/app/billing/billing-common';
import { redemptionUnpaid, type BillingOwner, type PromoBuyer } from '#functions/domain/billing';
import { Conflict, ValidationFailed } from '#functions/errors';
import type { BillingStore, PaymentProvider } from '#functions/ports/billing';
import type { Logger } from '#functions/ports/core';

/** A code that may not be used: 409, with the reason for the page (`promoRefused`). */
export const promoRefused = (code: string, refusal: PromoRefusal) =>
  billingError(Conflict, promoRefusalMessage(code, refusal), { promoRefused: refusal });

/**
 * The stored code for `code` (trimmed, case-insensitive), or 400 in the spec's words; 409 once it has been used as
 * many times as it may be (the payment's transaction checks that again, so two buyers racing cannot both pass).
 */
export async function findPromo(
  deps: { billing: BillingStore },
  code: string,
  refuseUsedUp = true,
): Promise<PromoCode & { redemptions: number }> {
  const promo = await deps.billing.promoCode(normalizePromoCode(code));
  if (!promo?.active) throw billingError(ValidationFailed, invalidPromoMessage(code));
  if (refuseUsedUp && promo.redemptions >= promo.maxRedemptions) throw promoRefused(code, 'used-up');
  return promo;
}

/**
 * Whether an earlier use of a code by this buyer went to a payment that never happened (so it may be given back):
 * a plan never paid, or a Stripe Checkout session that expired unpaid.
 */
export async function useUnpaid(
  deps: { billing: BillingStore; payments: PaymentProvider | null },
  use: { planId: string; owner: BillingOwner },
): Promise<boolean> {
  if (use.planId.startsWith('cs_')) {
    // Open or expired, unpaid: checkPromoUse expires an open one at Stripe before giving its use back.
    const checkout = deps.payments ? await deps.payments.getCheckout(use.planId) : null;
    return checkout !== null && checkout.status !== 'complete' && checkout.paymentStatus !== 'paid';
  }
  const [plan, payments] = await Promise.all([
    deps.billing.getPlan(use.owner, use.planId),
    deps.billing.payments(use.owner),
  ]);
  return redemptionUnpaid(plan, payments);
}

/**
 * Ends at Stripe the unpaid payment an earlier use went to, so it can no longer be paid: the payment intent of a
 * lifetime plan is cancelled, an incomplete subscription cancelled, an open Checkout session expired. Answers
 * whether the payment can no longer succeed; false when Stripe says it was paid (or may still be), or the cancel
 * failed: the use is then kept.
 */
export async function endUnpaidAtStripe(
  deps: { billing: BillingStore; payments: PaymentProvider | null; logger: Logger },
  use: { planId: string; owner: BillingOwner },
): Promise<boolean> {
  const provider = providerOf(deps);
  try {
    if (use.planId.startsWith('cs_')) {
      const checkout = await provider.expireCheckout(use.planId);
      return checkout === null || (checkout.status === 'expired' && checkout.paymentStatus !== 'paid');
    }
    const plan = await deps.billing.getPlan(use.owner, use.planId);
    if (plan?.planType === 'lifetime') {
      const payment = await provider.cancelPayment(use.planId);
      return payment === null || payment.status === 'canceled';
    }
    let subscription = await provider.getSubscription(use.planId);
    if (subscription?.status === 'incomplete') {
      subscription = await provider.cancelNow(use.planId, 'Promo code given back: the buyer started a new payment.');
    }
    if (!subscription) return true;
    const paid = subscription.latestPayment !== null && TOOK_MONEY.has(subscription.latestPayment.status);
    return ['canceled', 'incomplete_expired'].includes(subscription.status) && !paid;
  } catch (error) {
    deps.logger.warn('Could not end an unpaid payment whose promo code use would be given back', {
      id: use.planId,
      error: String(error),
    });
    return false;
  }
}

/** The buyer a code's use is counted for: the account the plan goes to (if any) and the e-mail address. */
export const promoBuyerOf = (buyer: { owner: BillingOwner; email: string }): PromoBuyer => ({
  accountId: buyer.owner.kind === 'account' ? buyer.owner.accountId : null,
  email: buyer.email,
});

/**
 * Before anything is made at Stripe: 409 when this account or e-mail address has used the code on a payment that
 * happened (or may still); a use whose payment never happened (a form opened and left) is given back first; then
 * 409 when the code has been used as many times as it may be.
 */
export async function checkPromoUse(
  deps: { billing: BillingStore; payments: PaymentProvider | null },
  promoCode: string,
  buyer: PromoBuyer,
): Promise<UnpaidUse[]> {
  const found = await deps.billing.promoUses(normalizePromoCode(promoCode), buyer);
  const uses = found.filter((use, index) => found.findIndex((other) => other.planId === use.planId) === index);
  for (const use of uses) {
    if (!(await useUnpaid(deps, use))) throw promoRefused(promoCode, 'already-used');
  }
  // This buyer's own unpaid uses are given back (recordPurchase) once their payments are ended at Stripe.
  const promo = await findPromo(deps, promoCode, false);
  if (promo.redemptions - uses.length >= promo.maxRedemptions) throw promoRefused(promoCode, 'used-up');
  return uses;
}

export type UnpaidUse = { planId: string; owner: BillingOwner };
