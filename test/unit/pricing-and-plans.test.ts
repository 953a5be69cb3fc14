import { describe, expect, it } from 'vitest';

import {
  invalidPromoMessage,
  normalizePromoCode,
  processingFeeCents,
  quotePlan,
  SEED_PROMO_CODES,
} from '#shared/rules/pricing';
import {
  currentPlan,
  hostMayPublish,
  isNewer,
  planInForce,
  subscriptionView,
  type PlanRecord,
} from '#functions/domain/billing';

/**
 * The server's prices (shared/rules/pricing.ts) and the plan rules (functions/src/domain/billing.ts): what is
 * charged, which plan counts, which state wins when Stripe's events arrive out of order, and the trial rule.
 */

const [oneDolla, launchdeez] = SEED_PROMO_CODES as [(typeof SEED_PROMO_CODES)[0], (typeof SEED_PROMO_CODES)[1]];

describe('prices', () => {
  it('charges the list price plus 2.9% and 30 cents, in cents', () => {
    expect(quotePlan('monthly', null)).toEqual({
      planType: 'monthly',
      listCents: 300,
      priceCents: 300,
      feeCents: 39,
      totalCents: 339,
      renewalCents: 339,
      discountPercent: 0,
      promoCode: null,
    });
    expect(quotePlan('annual', null)).toMatchObject({ priceCents: 2900, feeCents: 114, totalCents: 3014 });
    expect(quotePlan('lifetime', null)).toMatchObject({ priceCents: 7900, feeCents: 259, totalCents: 8159 });
    expect(quotePlan('lifetime', null).renewalCents).toBeNull();
    // Half a cent rounds up: 2.9% of $0.50 is 1.45 cents.
    expect(processingFeeCents(50)).toBe(31);
  });

  it('"one dolla holla" makes the first monthly payment $1 (shown as 67% off) and nothing else', () => {
    expect(quotePlan('monthly', oneDolla)).toMatchObject({
      priceCents: 100,
      feeCents: 33,
      totalCents: 133,
      renewalCents: 339,
      discountPercent: 67,
      promoCode: 'one dolla holla',
    });
    expect(quotePlan('annual', oneDolla)).toMatchObject({ priceCents: 2900, discountPercent: 0, promoCode: null });
  });

  it('"launchdeez" takes 80% off the first payment of the plans it names, never the lifetime plan', () => {
    expect(quotePlan('monthly', launchdeez)).toMatchObject({ priceCents: 60, feeCents: 32, totalCents: 92 });
    expect(quotePlan('annual', launchdeez)).toMatchObject({ priceCents: 580, totalCents: 627, renewalCents: 3014 });
    expect(quotePlan('lifetime', launchdeez)).toMatchObject({ priceCents: 7900, discountPercent: 0, promoCode: null });
  });

  it('ignores a retired code, and matches codes trimmed and case-insensitively', () => {
    expect(quotePlan('monthly', { ...launchdeez, active: false }).priceCents).toBe(300);
    expect(normalizePromoCode('  One   DOLLA holla ')).toBe('one dolla holla');
    expect(invalidPromoMessage(' nope ')).toBe('Invalid promo code: The promo code "nope" is not valid.');
  });
});

const NOW = new Date('2026-11-25T12:00:00Z');
const plan = (fields: Partial<PlanRecord>): PlanRecord => ({
  id: 'sub_1',
  planType: 'monthly',
  status: 'active',
  createdAt: '2026-11-01T00:00:00Z',
  currentPeriodEnd: '2026-12-01T00:00:00Z',
  cancelAtPeriodEnd: false,
  customerId: 'cus_1',
  promoCode: null,
  stateAt: 1,
  ...fields,
});

describe('plans in force', () => {
  it('counts active, trialing and past_due (Stripe still retrying); not incomplete, unpaid, canceled', () => {
    for (const status of ['active', 'trialing', 'past_due'])
      expect(planInForce(plan({ status }), NOW), status).toBe(true);
    for (const status of ['incomplete', 'incomplete_expired', 'unpaid', 'canceled', 'paused'])
      expect(planInForce(plan({ status }), NOW), status).toBe(false);
  });

  it('keeps a cancelled subscription until its period ends, and no longer', () => {
    expect(planInForce(plan({ cancelAtPeriodEnd: true }), NOW)).toBe(true);
    expect(planInForce(plan({ cancelAtPeriodEnd: true, currentPeriodEnd: '2026-11-25T11:59:59Z' }), NOW)).toBe(false);
    // A renewing one past its period waits for the renewal's own word from Stripe.
    expect(planInForce(plan({ currentPeriodEnd: '2026-11-25T11:59:59Z' }), NOW)).toBe(true);
  });

  it('keeps a lifetime plan for good unless it was refunded', () => {
    const lifetime = plan({ id: 'pi_1', planType: 'lifetime', currentPeriodEnd: null });
    expect(planInForce(lifetime, NOW)).toBe(true);
    expect(planInForce({ ...lifetime, status: 'refunded' }, NOW)).toBe(false);
  });

  it('shows the plan that counts: in force first (lifetime before a subscription), else the latest one paid for', () => {
    const lifetime = plan({
      id: 'pi_1',
      planType: 'lifetime',
      currentPeriodEnd: null,
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(currentPlan([plan({}), lifetime], NOW)?.id).toBe('pi_1');
    const ended = plan({ id: 'sub_old', status: 'canceled', createdAt: '2026-10-01T00:00:00Z' });
    const abandoned = plan({ id: 'sub_new', status: 'incomplete', createdAt: '2026-11-20T00:00:00Z' });
    expect(currentPlan([ended, abandoned], NOW)?.id).toBe('sub_old');
    expect(currentPlan([abandoned], NOW)).toBeNull();
    expect(subscriptionView([abandoned], NOW)).toMatchObject({ status: 'none', id: null });
  });

  it('answers active while in force, with Stripe own status beside it', () => {
    expect(subscriptionView([plan({ status: 'past_due' })], NOW)).toEqual({
      status: 'active',
      planType: 'monthly',
      nextBillingDate: '2026-12-01T00:00:00Z',
      id: 'sub_1',
      cancelAtPeriodEnd: false,
      providerStatus: 'past_due',
    });
    const over = plan({ cancelAtPeriodEnd: true, currentPeriodEnd: '2026-11-20T00:00:00Z' });
    expect(subscriptionView([over], NOW)).toMatchObject({ status: 'canceled', providerStatus: 'active' });
  });
});

describe('event order', () => {
  it('lets a later second win, never an earlier one', () => {
    expect(isNewer({ stateAt: 10, status: 'past_due' }, { stateAt: 11, status: 'active' })).toBe(true);
    expect(isNewer({ stateAt: 11, status: 'active' }, { stateAt: 10, status: 'canceled' })).toBe(false);
    expect(isNewer(null, { stateAt: 0, status: 'incomplete' })).toBe(true);
  });

  it('within one second, lets the state further along win (created and updated of the same second, any order)', () => {
    expect(isNewer({ stateAt: 10, status: 'active' }, { stateAt: 10, status: 'incomplete' })).toBe(false);
    expect(isNewer({ stateAt: 10, status: 'incomplete' }, { stateAt: 10, status: 'active' })).toBe(true);
    expect(isNewer({ stateAt: 10, status: 'paid' }, { stateAt: 10, status: 'refunded' })).toBe(true);
    // The same status again (a flag such as cancel-at-period-end changed) passes.
    expect(isNewer({ stateAt: 10, status: 'active' }, { stateAt: 10, status: 'active' })).toBe(true);
  });
});

describe('the trial rule with billing', () => {
  const expired = { createdAt: '2026-11-01T00:00:00Z' };
  const fresh = { createdAt: '2026-11-24T00:00:00Z' };
  it('lets a host publish inside the trial, or after it with a plan in force', () => {
    expect(hostMayPublish({ ...fresh, plans: [] }, NOW, true)).toBe(true);
    expect(hostMayPublish({ ...expired, plans: [] }, NOW, true)).toBe(false);
    expect(hostMayPublish({ ...expired, plans: [plan({})] }, NOW, true)).toBe(true);
    expect(hostMayPublish({ ...expired, plans: [plan({ status: 'canceled' })] }, NOW, true)).toBe(false);
  });

  it('does not apply with billing off', () => {
    expect(hostMayPublish({ ...expired, plans: [] }, NOW, false)).toBe(true);
  });
});
