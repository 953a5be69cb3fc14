import { describe, expect, it } from 'vitest';

import type { PlanQuotes, PlanQuoteView, SubscriptionStatus } from '#shared/api/schemas/billing';
import {
  PLAN_INTERVAL,
  PLAN_NAMES,
  PLAN_TYPES,
  quotePlan,
  SEED_PROMO_CODES,
  type PlanType,
  type PromoCode,
} from '#shared/rules/pricing';
import { chromeFor, isHostAreaPath } from '#frontend/app/layout-rules.ts';
import {
  BILLING_TEXTS,
  billingIsOff,
  canCancel,
  checkoutUrls,
  cleanPromoCode,
  formatDollars,
  historyRows,
  isGuestEmail,
  isPastDue,
  planCostText,
  promoNote,
  promoStateOf,
  promoSummary,
  purchaseFields,
  renewalText,
  statusLabel,
  trialLine,
} from '#frontend/features/billing/lib/billing-view.ts';
import { billingOff } from '#frontend/lib/subscription-status.ts';

/** The billing page's views of the server's answers (issue 18). */

const [ONE_DOLLA, SEED_LAUNCHDEEZ] = SEED_PROMO_CODES as [PromoCode, PromoCode];
/** An 80% code that names every plan (the seeded "launchdeez" names only the renewing ones). */
const LAUNCHDEEZ: PromoCode = { ...SEED_LAUNCHDEEZ, planTypes: ['monthly', 'annual', 'lifetime'] };

/** A plan as GET /api/subscription/plans answers it, from the server's own pricing rules. */
function quoteView(planType: PlanType, promo: PromoCode | null = null): PlanQuoteView {
  const quote = quotePlan(planType, promo);
  return {
    planType,
    name: PLAN_NAMES[planType],
    interval: PLAN_INTERVAL[planType],
    listCents: quote.listCents,
    priceCents: quote.priceCents,
    feeCents: quote.feeCents,
    totalCents: quote.totalCents,
    renewalCents: quote.renewalCents,
    discountPercent: quote.discountPercent,
    promoApplies: quote.promoCode !== null,
  };
}

function quotes(promo: PromoCode | null): PlanQuotes {
  return {
    billingEnabled: true,
    plans: PLAN_TYPES.map((planType) => quoteView(planType, promo)),
    promo: promo && {
      code: promo.code,
      kind: promo.kind,
      discountPercent: promo.displayPercent ?? promo.percent ?? 0,
      planTypes: promo.planTypes ?? [...PLAN_TYPES],
      firstPaymentOnly: true,
    },
  };
}

const activeMonthly: SubscriptionStatus = {
  status: 'active',
  planType: 'monthly',
  nextBillingDate: '2026-04-09T12:00:00.000Z',
  id: 'sub_123',
  cancelAtPeriodEnd: false,
  providerStatus: 'active',
  billingEnabled: true,
};

describe('Current Plan', () => {
  it("shows the trial as 'Active until {date}' or 'Expired on {date}' (7 days from createdAt)", () => {
    const createdAt = '2026-03-01T12:00:00.000Z';
    expect(trialLine(createdAt, new Date('2026-03-03T12:00:00.000Z'))).toEqual({
      expired: false,
      text: 'Active until March 8, 2026',
    });
    expect(trialLine(createdAt, new Date('2026-03-09T12:00:00.000Z'))).toEqual({
      expired: true,
      text: 'Expired on March 8, 2026',
    });
  });

  it("says what an active plan costs, from the server's quote", () => {
    expect(planCostText(quoteView('monthly'))).toBe('$3.00 per month');
    expect(planCostText(quoteView('annual'))).toBe('$29.00 per year');
    expect(planCostText(quoteView('lifetime'))).toBe('$79.00 (one-time)');
  });

  it('gives the next billing date with its charge, or the date a cancelled plan ends', () => {
    expect(renewalText(activeMonthly, quoteView('monthly'))).toBe(
      'Next billing date: April 9, 2026 ($3.39, processing fee included)',
    );
    expect(renewalText(activeMonthly, undefined)).toBe('Next billing date: April 9, 2026');
    expect(renewalText({ ...activeMonthly, cancelAtPeriodEnd: true }, quoteView('monthly'))).toBe(
      'Your plan ends on April 9, 2026 and will not renew.',
    );
    expect(renewalText({ ...activeMonthly, planType: 'lifetime', nextBillingDate: null }, undefined)).toMatch(/once/);
    expect(renewalText({ ...activeMonthly, nextBillingDate: null }, undefined)).toBeNull();
  });

  it("offers 'Cancel Subscription' only for an active plan that renews, has an id and is not already ending", () => {
    expect(canCancel(activeMonthly)).toBe(true);
    expect(canCancel({ ...activeMonthly, planType: 'annual' })).toBe(true);
    expect(canCancel({ ...activeMonthly, planType: 'lifetime', id: 'pi_1' })).toBe(false);
    expect(canCancel({ ...activeMonthly, id: null })).toBe(false);
    expect(canCancel({ ...activeMonthly, cancelAtPeriodEnd: true })).toBe(false);
    expect(canCancel({ ...activeMonthly, status: 'canceled' })).toBe(false);
    expect(canCancel(undefined)).toBe(false);
    expect(BILLING_TEXTS.cancelConfirm).toBe(
      'Your subscription will be canceled at the end of the current billing period.',
    );
  });

  it('warns while Stripe retries a renewal', () => {
    expect(isPastDue({ providerStatus: 'past_due' })).toBe(true);
    expect(isPastDue(activeMonthly)).toBe(false);
  });
});

describe('promo codes', () => {
  it('knows none, one-dolla and percentage', () => {
    expect(promoStateOf(null)).toBe('none');
    expect(promoStateOf(quotes(ONE_DOLLA).promo)).toBe('one-dolla');
    expect(promoStateOf(quotes(LAUNCHDEEZ).promo)).toBe('percentage');
  });

  it("describes the applied code from the server's figures, first payment only", () => {
    const dolla = quotes(ONE_DOLLA);
    expect(promoSummary(dolla.promo!, dolla.plans)).toBe(
      '67% off the Monthly Plan. The discount applies to your first payment only.',
    );
    const launch = quotes(LAUNCHDEEZ);
    expect(promoSummary(launch.promo!, launch.plans)).toBe(
      '80% off every plan. The discount applies to your first payment only.',
    );
  });

  it('notes under a discounted plan that the promo is for the first payment', () => {
    expect(promoNote(quoteView('monthly', ONE_DOLLA))).toBe(
      'Promo price applies to your first payment only; then $3.39 per month, processing fee included.',
    );
    expect(promoNote(quoteView('annual', ONE_DOLLA))).toBeNull();
    expect(promoNote(quoteView('lifetime', LAUNCHDEEZ))).toBe('Promo price for this one-time payment.');
  });

  it('trims codes', () => {
    expect(cleanPromoCode('  One Dolla Holla ')).toBe('One Dolla Holla');
    expect(cleanPromoCode('   ')).toBe('');
  });
});

describe('buying', () => {
  it("sends the quote's price and the promo only for a plan it applies to", () => {
    const dolla = quotes(ONE_DOLLA);
    const [monthly, annual] = dolla.plans as [PlanQuoteView, PlanQuoteView];
    expect(purchaseFields(monthly, dolla.promo)).toEqual({
      planType: 'monthly',
      calculatedPrice: 1,
      promoCode: 'one dolla holla',
      discountPercent: 67,
    });
    expect(purchaseFields(annual, dolla.promo)).toEqual({ planType: 'annual', calculatedPrice: 29 });
    const launch = quotes(LAUNCHDEEZ);
    expect(purchaseFields(launch.plans[2]!, launch.promo, 'guest@example.com')).toEqual({
      planType: 'lifetime',
      calculatedPrice: 15.8,
      email: 'guest@example.com',
      promoCode: 'launchdeez',
      discountPercent: 80,
    });
  });

  it("returns from Stripe Checkout to this site's pages", () => {
    expect(checkoutUrls('https://meetwise.example')).toEqual({
      successUrl: 'https://meetwise.example/billing-success',
      cancelUrl: 'https://meetwise.example/billing-details?checkout=cancelled',
    });
  });

  it('checks the guest e-mail: text, @, text, dot, text, no spaces', () => {
    for (const email of ['a@b.co', 'first.last@example.com', '  guest@example.org  ']) {
      expect(isGuestEmail(email), email).toBe(true);
    }
    for (const email of ['', 'guest', 'guest@', 'guest@example', '@example.com', 'gu est@example.com', 'a@b .c']) {
      expect(isGuestEmail(email), email).toBe(false);
    }
    expect(BILLING_TEXTS.guestEmailInvalid).toBe('Please enter a valid email address');
  });
});

describe('billing off', () => {
  it('is off when the quotes or the status say so', () => {
    expect(billingIsOff({ billingEnabled: false }, undefined)).toBe(true);
    expect(billingIsOff(undefined, { billingEnabled: false })).toBe(true);
    expect(billingIsOff({ billingEnabled: true }, { billingEnabled: true })).toBe(false);
    expect(billingIsOff(undefined, undefined)).toBe(false);
    expect(billingOff({ billingEnabled: false })).toBe(true);
    expect(billingOff(activeMonthly)).toBe(false);
    expect(billingOff(undefined)).toBe(false);
  });
});

describe('Billing History', () => {
  it('lists every payment newest first, amounts in dollars', () => {
    const rows = historyRows([
      {
        id: 'sub_2',
        planType: 'annual',
        status: 'active',
        createdAt: '2026-03-01T12:00:00.000Z',
        currentPeriodEnd: '2027-03-01T12:00:00.000Z',
        cancelAtPeriodEnd: false,
        payments: [
          {
            id: 'in_3',
            createdAt: '2026-03-01T12:00:00.000Z',
            description: 'Annual Plan',
            planType: 'annual',
            amount: 30.14,
            status: 'paid',
          },
        ],
      },
      {
        id: 'sub_1',
        planType: 'monthly',
        status: 'canceled',
        createdAt: '2026-01-01T12:00:00.000Z',
        currentPeriodEnd: '2026-02-01T12:00:00.000Z',
        cancelAtPeriodEnd: true,
        payments: [
          {
            id: 'in_1',
            createdAt: '2026-01-01T12:00:00.000Z',
            description: 'Monthly Plan (promo one dolla holla)',
            planType: 'monthly',
            amount: 1.33,
            status: 'paid',
          },
          {
            id: 'in_2',
            createdAt: '2026-02-01T12:00:00.000Z',
            description: 'Monthly Plan',
            planType: 'monthly',
            amount: 3.39,
            status: 'partially_refunded',
          },
        ],
      },
    ]);
    expect(rows.map((row) => [row.date, row.description, row.amount, row.status])).toEqual([
      ['Mar 1, 2026', 'Annual Plan', '$30.14', 'Paid'],
      ['Feb 1, 2026', 'Monthly Plan', '$3.39', 'Partially refunded'],
      ['Jan 1, 2026', 'Monthly Plan (promo one dolla holla)', '$1.33', 'Paid'],
    ]);
    expect(historyRows([])).toEqual([]);
    expect(BILLING_TEXTS.historyEmpty).toBe('No billing history available');
  });

  it('formats amounts given as numbers or numeric strings', () => {
    expect(formatDollars(3)).toBe('$3.00');
    expect(formatDollars('79')).toBe('$79.00');
    expect(formatDollars('n/a')).toBe('n/a');
    expect(statusLabel('')).toBe('Unknown');
  });
});

describe('routes', () => {
  it('treats /billing as the billing page: host area, no Pricing', () => {
    expect(isHostAreaPath('/billing')).toBe(true);
    expect(isHostAreaPath('/billing-details')).toBe(true);
    expect(isHostAreaPath('/billing-success')).toBe(false);
    expect(chromeFor('/billing').showPricing).toBe(false);
    expect(chromeFor('/billing-success').showPricing).toBe(false);
  });
});
