import {
  dollarsToCents,
  invalidPromoMessage,
  normalizePromoCode,
  PLAN_NAMES,
  PLAN_TYPES,
  promoAppliesTo,
  quotePlan,
  type PlanQuote,
  type PlanType,
} from '#shared/rules/pricing';
import { billingError } from '#functions/app/billing/billing-common';
import { findPromo, promoRefused, useUnpaid } from '#functions/app/billing/promo-uses';
import type { CallerDeps } from '#functions/app/common/caller';
import type { Config } from '#functions/config';
import { Conflict, ValidationFailed } from '#functions/errors';
import type { BillingStore } from '#functions/ports/billing';
import type { Principal } from '#functions/ports/core';

export type QuoteDeps = CallerDeps & { billing: BillingStore; config: Config };
/**
 * GET /api/subscription/plans: every plan's figures, with the code applied where it may be; 409 for a code used
 * up, or (signed in) already used by this account or its e-mail address.
 */
export async function planQuotes(deps: QuoteDeps, promoCode: string | undefined, principal: Principal | null = null) {
  const promo = promoCode ? await findPromo(deps, promoCode) : null;
  if (promo && promoCode && principal) {
    const account = await deps.accounts.get(principal.userId);
    if (account) {
      const uses = await deps.billing.promoUses(normalizePromoCode(promoCode), {
        accountId: account.id,
        email: account.email,
      });
      for (const use of uses) {
        if (!(await useUnpaid({ ...deps, payments: null }, use))) throw promoRefused(promoCode, 'already-used');
      }
    }
  }
  const plans = PLAN_TYPES.map((planType) => {
    const quote = quotePlan(planType, promo);
    return {
      planType,
      name: PLAN_NAMES[planType],
      interval: planType === 'lifetime' ? null : planType === 'monthly' ? ('month' as const) : ('year' as const),
      listCents: quote.listCents,
      priceCents: quote.priceCents,
      feeCents: quote.feeCents,
      totalCents: quote.totalCents,
      renewalCents: quote.renewalCents,
      discountPercent: quote.discountPercent,
      promoApplies: quote.promoCode !== null,
    };
  });
  const applied = plans.filter((plan) => plan.promoApplies);
  return {
    billingEnabled: deps.config.billing !== null,
    plans,
    promo:
      promo && applied.length > 0
        ? {
            code: promo.code,
            kind: promo.kind,
            discountPercent: Math.max(...applied.map((plan) => plan.discountPercent)),
            planTypes: applied.map((plan) => plan.planType),
            firstPaymentOnly: true as const,
          }
        : null,
  };
}

export interface PurchaseRequest {
  planType: PlanType;
  calculatedPrice: number;
  email?: string | undefined;
  promoCode?: string | undefined;
  discountPercent?: number | undefined;
}

/**
 * The server's quote for a purchase: the code must be valid for the plan (400 in the spec's words otherwise), and
 * the client's calculatedPrice and discountPercent must agree with it (409 with the server's figures otherwise):
 * nothing is ever charged as the client sent it.
 */
export async function priceFor(deps: { billing: BillingStore }, request: PurchaseRequest): Promise<PlanQuote> {
  // A code used up is refused once this buyer's own unpaid use has been given back (checkPromoUse).
  const promo = request.promoCode ? await findPromo(deps, request.promoCode, false) : null;
  if (promo && !promoAppliesTo(promo, request.planType)) {
    throw billingError(ValidationFailed, invalidPromoMessage(request.promoCode ?? ''));
  }
  const quote = quotePlan(request.planType, promo);
  const priceAgrees = dollarsToCents(request.calculatedPrice) === quote.priceCents;
  const discountAgrees =
    request.discountPercent === undefined || Math.round(request.discountPercent) === quote.discountPercent;
  if (!priceAgrees || !discountAgrees) {
    throw billingError(
      Conflict,
      `The price has changed: the ${PLAN_NAMES[request.planType]} costs $${(quote.priceCents / 100).toFixed(2)}${
        quote.discountPercent ? ` with ${quote.discountPercent}% off` : ''
      }, plus a processing fee of $${(quote.feeCents / 100).toFixed(2)}. Please check the price and try again.`,
      {
        expected: {
          calculatedPrice: quote.priceCents / 100,
          discountPercent: quote.discountPercent,
          amount: quote.totalCents,
          promoCode: quote.promoCode,
        },
      },
    );
  }
  return quote;
}
