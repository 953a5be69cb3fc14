import { describe, expect, it } from 'vitest';

import {
  normalizePromoCode,
  promoAppliesTo,
  promoRefusalMessage,
  quotePlan,
  SEED_PROMO_CODES,
  type PromoCode,
} from '#shared/rules/pricing';
import { planQuotes } from '#functions/app/billing/plan-prices';
import {
  redemptionUnpaid,
  releasesRedemption,
  type BillingOwner,
  type PaymentRecord,
  type PlanRecord,
} from '#functions/domain/billing';
import type { Deps } from '#functions/ports/deps';
import { isPromoRefusal } from '#frontend/features/billing/lib/payment-rules.ts';

/**
 * Promo code limits (issue 31, item 4): a code names the plans it applies to and its maximum number of uses; each
 * account and each e-mail address uses it once; a use whose payment never happened is given back.
 */

const code = (fields: Partial<PromoCode> = {}): PromoCode => ({
  code: 'half',
  kind: 'percent',
  percent: 50,
  planTypes: ['monthly'],
  active: true,
  maxRedemptions: 2,
  ...fields,
});

const plan = (fields: Partial<PlanRecord> = {}): PlanRecord => ({
  id: 'sub_1',
  planType: 'monthly',
  status: 'incomplete',
  createdAt: '2026-01-01T00:00:00.000Z',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  customerId: 'cus_1',
  promoCode: 'half',
  stateAt: 1,
  ...fields,
});

const payment = (status: PaymentRecord['status']): PaymentRecord => ({
  id: 'in_1',
  planId: 'sub_1',
  planType: 'monthly',
  amount: 185,
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  description: 'Monthly Plan',
  paymentIntentId: 'pi_1',
  stateAt: 1,
});

describe('which plans a code applies to', () => {
  it('only the plans it names: the seeded 80% code is not for the lifetime plan', () => {
    const launchdeez = SEED_PROMO_CODES.find((promo) => promo.code === 'launchdeez')!;
    expect(launchdeez.planTypes).toEqual(['monthly', 'annual']);
    expect(promoAppliesTo(launchdeez, 'lifetime')).toBe(false);
    expect(quotePlan('lifetime', launchdeez)).toMatchObject({ priceCents: 7900, promoCode: null });
    expect(promoAppliesTo(code({ planTypes: [] }), 'monthly')).toBe(false);
    expect(promoAppliesTo(code({ planTypes: ['monthly', 'lifetime'] }), 'lifetime')).toBe(true);
  });

  it('every seeded code has a maximum number of uses', () => {
    for (const promo of SEED_PROMO_CODES) expect(promo.maxRedemptions).toBeGreaterThan(0);
  });

  it('says plainly why a valid code is refused', () => {
    expect(promoRefusalMessage(' Half ', 'used-up')).toBe(
      'Promo code used up: The promo code "Half" has been used as many times as it may be.',
    );
    expect(promoRefusalMessage('half', 'already-used')).toBe(
      'Promo code already used: The promo code "half" has already been used with this account or e-mail address. Each may use it once.',
    );
    expect(isPromoRefusal({ message: 'x', promoRefused: 'used-up' })).toBe(true);
    expect(isPromoRefusal({ message: 'The price has changed', expected: {} })).toBe(false);
    expect(isPromoRefusal(undefined)).toBe(false);
  });
});

describe('when an earlier use is given back', () => {
  it('a plan never paid, or Stripe let expire, or a lifetime payment cancelled unpaid', () => {
    expect(redemptionUnpaid(plan(), [])).toBe(true);
    expect(redemptionUnpaid(plan({ status: 'incomplete_expired' }), [payment('failed')])).toBe(true);
    expect(redemptionUnpaid(plan({ id: 'pi_9', planType: 'lifetime', status: 'canceled' }), [])).toBe(true);
  });

  it('never a plan that was paid, is being paid, or is unknown', () => {
    expect(redemptionUnpaid(plan({ status: 'active' }), [payment('paid')])).toBe(false);
    expect(redemptionUnpaid(plan({ status: 'canceled' }), [payment('paid')])).toBe(false);
    expect(redemptionUnpaid(plan(), [payment('processing')])).toBe(false);
    expect(redemptionUnpaid(plan({ status: 'incomplete_expired' }), [payment('refunded')])).toBe(false);
    expect(redemptionUnpaid(null, [])).toBe(false);
  });

  it('a recorded state that ends a payment that never happened releases the use', () => {
    expect(releasesRedemption({ planType: 'monthly', status: 'incomplete_expired', promoCode: 'half' })).toBe(true);
    expect(releasesRedemption({ planType: 'lifetime', status: 'canceled', promoCode: 'half' })).toBe(true);
    expect(releasesRedemption({ planType: 'monthly', status: 'canceled', promoCode: 'half' })).toBe(false);
    expect(releasesRedemption({ planType: 'monthly', status: 'incomplete_expired', promoCode: null })).toBe(false);
  });
});

describe('the quotes reflect the limits', () => {
  const account = { id: 'acc-1', email: 'Host@Example.com' };
  function quoteDeps(
    stored: (PromoCode & { redemptions: number }) | null,
    uses: { planId: string; owner: BillingOwner }[] = [],
    plans: PlanRecord[] = [],
  ) {
    const asked: unknown[] = [];
    const billing = {
      promoCode: async (normalized: string) =>
        stored && normalizePromoCode(stored.code) === normalized ? stored : null,
      promoUses: async (promo: string, buyer: unknown) => {
        asked.push({ promo, buyer });
        return uses;
      },
      getPlan: async (_owner: BillingOwner, id: string) => plans.find((candidate) => candidate.id === id) ?? null,
      payments: async () => [],
    };
    const deps = {
      billing,
      config: { billing: {} },
      accounts: { get: async (id: string) => (id === account.id ? account : null) },
    } as unknown as Pick<Deps, 'billing' | 'config' | 'accounts'>;
    return { deps, asked };
  }

  it('409 for a code used as many times as it may be, for anyone', async () => {
    const { deps } = quoteDeps({ ...code(), redemptions: 2 });
    await expect(planQuotes(deps, 'HALF', null)).rejects.toMatchObject({
      status: 409,
      message: promoRefusalMessage('HALF', 'used-up'),
      extra: { promoRefused: 'used-up' },
    });
  });

  it('409 for a signed-in account that used it on a paid plan; a use never paid does not count', async () => {
    const owner: BillingOwner = { kind: 'account', accountId: account.id };
    const paid = quoteDeps({ ...code(), redemptions: 1 }, [{ planId: 'sub_1', owner }], [plan({ status: 'active' })]);
    await expect(planQuotes(paid.deps, 'half', { userId: account.id } as never)).rejects.toMatchObject({
      status: 409,
      message: promoRefusalMessage('half', 'already-used'),
    });
    expect(paid.asked).toEqual([{ promo: 'half', buyer: { accountId: 'acc-1', email: 'Host@Example.com' } }]);

    const unpaid = quoteDeps({ ...code(), redemptions: 1 }, [{ planId: 'sub_1', owner }], [plan()]);
    const quotes = await planQuotes(unpaid.deps, 'half', { userId: account.id } as never);
    expect(quotes.promo).toMatchObject({ code: 'half', planTypes: ['monthly'] });
    // Signed out, nothing is known of the buyer: the quotes apply the code.
    expect((await planQuotes(paid.deps, 'half', null)).promo?.code).toBe('half');
  });
});
