import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { promoRefusalMessage, SEED_PROMO_CODES, type PromoCode } from '#shared/rules/pricing';
import { composeDeps } from '#functions/composition';
import type { Deps } from '#functions/ports/deps';
import { startFakeStripe, type FakeStripe } from '#test/fakes/stripe';
import { apiClient, endTrial } from '#test/support/api-client';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/**
 * Promo codes have limits (issue 31, item 4): a maximum number of uses in all, once per account and once per
 * e-mail address, and only the plans they name. Each use is recorded in the transaction that records the plan, so
 * two payments racing for a code's last use cannot both have it.
 */

let fake: FakeStripe;
let app: Awaited<ReturnType<typeof startAppServer>>;
let deps: Deps;
let config: ReturnType<typeof integrationConfig>;
const { call, newHost } = apiClient(() => app.baseUrl);

beforeAll(async () => {
  fake = await startFakeStripe();
  config = integrationConfig({
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
  });
  deps = composeDeps(config);
  for (const promo of SEED_PROMO_CODES) await deps.billing.savePromoCode(promo);
  app = await startAppServer();
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const paymentIntentOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
const unique = () => randomBytes(4).toString('hex');

/** A new code: 50% off monthly only (or `planTypes`), `maxRedemptions` uses in all. */
async function newCode(maxRedemptions: number, planTypes: PromoCode['planTypes'] = ['monthly']): Promise<PromoCode> {
  const promo: PromoCode = {
    code: `half ${unique()}`,
    kind: 'percent',
    percent: 50,
    planTypes,
    active: true,
    maxRedemptions,
  };
  await deps.billing.savePromoCode(promo);
  return promo;
}

/** Monthly at 50% off ($1.50). */
const monthlyWith = (code: string, email?: string) => ({
  planType: 'monthly',
  calculatedPrice: 1.5,
  promoCode: code,
  discountPercent: 50,
  ...(email ? { email } : {}),
});

/** Annual at 50% off ($14.50). */
const annualWith = (code: string) => ({
  planType: 'annual',
  calculatedPrice: 14.5,
  promoCode: code,
  discountPercent: 50,
});

/** An object as the fake Stripe holds it. */
const atStripe = async (path: string): Promise<{ status: string }> =>
  (
    await fetch(`${fake.url}/v1/${path}`, { headers: { authorization: `Bearer ${fake.secretKey}` } })
  ).json() as Promise<{
    status: string;
  }>;

async function pay(clientSecret: string) {
  fake.confirmPaymentIntent(paymentIntentOf(clientSecret), 'success');
  const verified = await call('POST', '/api/subscription/verify-payment', {
    body: { paymentIntentId: paymentIntentOf(clientSecret) },
  });
  expect(verified.body.status).toBe('paid');
}

async function hostPastTrial(email?: string) {
  const host = await newHost(deps.accounts, email);
  await endTrial(config, host.id);
  return host;
}

const uses = async (code: string) => (await deps.billing.promoCode(code))?.redemptions;

describe('promo code limits', () => {
  it('an account uses a code once: after its discounted plan ends, buying again with the code is 409', async () => {
    const promo = await newCode(10);
    const host = await hostPastTrial();
    const first = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: monthlyWith(promo.code),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await pay(first.body.clientSecret);
    expect(await uses(promo.code)).toBe(1);

    // The plan ends (cancelled at period end, period over): the old loop was to buy again at the discount.
    const owner = { kind: 'account' as const, accountId: host.id };
    const plan = (await deps.billing.getPlan(owner, first.body.id))!;
    await deps.billing.savePlan(owner, { ...plan, status: 'canceled', stateAt: plan.stateAt + 100 });
    const postsBefore = fake.requests.filter((request) => request.method === 'POST').length;

    const again = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: monthlyWith(promo.code),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: promoRefusalMessage(promo.code, 'already-used'),
      promoRefused: 'already-used',
    });
    // Refused before anything was made at Stripe, and counted once.
    expect(fake.requests.filter((request) => request.method === 'POST').length).toBe(postsBefore);
    expect(await uses(promo.code)).toBe(1);

    // The quotes say so too, for the signed-in account; the list price is still for sale.
    const quotes = await call('GET', `/api/subscription/plans?promoCode=${encodeURIComponent(promo.code)}`, {
      cookie: host.cookie,
    });
    expect(quotes.status).toBe(409);
    expect(quotes.body.message).toBe(promoRefusalMessage(promo.code, 'already-used'));
    const full = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: { planType: 'monthly', calculatedPrice: 3 },
    });
    expect(full.status).toBe(200);
  });

  it('an e-mail address uses a code once: another guest spelling, and an account with that address, are 409', async () => {
    const promo = await newCode(10);
    const email = `promo.${unique()}@example.com`;
    const guest = await call('POST', '/api/subscription/create-payment-intent', {
      body: monthlyWith(promo.code, email),
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    await pay(guest.body.clientSecret);

    const respelled = await call('POST', '/api/subscription/create-payment-intent', {
      body: monthlyWith(promo.code, `  ${email.toUpperCase()} `),
    });
    expect(respelled.status).toBe(409);
    expect(respelled.body.promoRefused).toBe('already-used');

    // Another account (registered with the address, not yet proven: the guest's plan is not its own).
    const other = await hostPastTrial(email);
    const byAccount = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: other.cookie,
      body: monthlyWith(promo.code),
    });
    expect(byAccount.status).toBe(409);
    expect(byAccount.body.message).toBe(promoRefusalMessage(promo.code, 'already-used'));
    expect(await uses(promo.code)).toBe(1);
  });

  it("two payments racing for a code's last use: exactly one gets it, the other is 409", async () => {
    const promo = await newCode(1);
    const [a, b] = await Promise.all([hostPastTrial(), hostPastTrial()]);
    const answers = await Promise.all(
      [a, b].map((host) =>
        call('POST', '/api/subscription/create-payment-intent', { cookie: host.cookie, body: monthlyWith(promo.code) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body).toMatchObject({
      message: promoRefusalMessage(promo.code, 'used-up'),
      promoRefused: 'used-up',
    });
    expect(await uses(promo.code)).toBe(1);

    // Only the winner's plan is recorded; the loser has none here.
    const plans = await Promise.all([a, b].map((host) => deps.billing.plans({ kind: 'account', accountId: host.id })));
    expect(plans.map((list) => list.length).sort()).toEqual([0, 1]);

    // Used up: the quotes say so to anyone.
    const quotes = await call('GET', `/api/subscription/plans?promoCode=${encodeURIComponent(promo.code)}`);
    expect(quotes.status).toBe(409);
    expect(quotes.body.message).toBe(promoRefusalMessage(promo.code, 'used-up'));
  });

  it('a code applies only to the plans it names: 80% off is not for the lifetime plan', async () => {
    const host = await hostPastTrial();
    const lifetime = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: { planType: 'lifetime', calculatedPrice: 15.8, promoCode: 'launchdeez', discountPercent: 80 },
    });
    expect(lifetime.status).toBe(400);
    expect(lifetime.body.message).toBe('Invalid promo code: The promo code "launchdeez" is not valid.');
    const quotes = await call('GET', '/api/subscription/plans?promoCode=launchdeez');
    expect(quotes.status).toBe(200);
    expect(quotes.body.promo.planTypes).toEqual(['monthly', 'annual']);
    expect(quotes.body.plans.find((plan: { planType: string }) => plan.planType === 'lifetime')).toMatchObject({
      promoApplies: false,
      priceCents: 7900,
    });
  });

  it('a use whose payment never happened is given back: the same host may start again, the count stays one', async () => {
    const promo = await newCode(1);
    const host = await hostPastTrial();
    const left = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: monthlyWith(promo.code),
    });
    expect(left.status).toBe(200);
    fake.confirmPaymentIntent(paymentIntentOf(left.body.clientSecret), 'declined');
    expect(await uses(promo.code)).toBe(1);

    const again = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: monthlyWith(promo.code),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await uses(promo.code)).toBe(1);
    await pay(again.body.clientSecret);
  });

  it('a use is given back only once its payment is ended at Stripe: the first form can no longer be paid', async () => {
    const promo = await newCode(10, ['monthly', 'annual']);
    const host = await hostPastTrial();
    const first = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: monthlyWith(promo.code),
    });
    expect(first.status).toBe(200);
    // Another plan (the same one within minutes is Stripe's same payment again: a double click).
    const second = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: annualWith(promo.code),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await uses(promo.code)).toBe(1);
    // The first subscription was cancelled at Stripe: paying its still-open form makes no plan.
    expect((await atStripe(`subscriptions/${first.body.id}`)).status).toBe('canceled');
    await pay(second.body.clientSecret);
    expect(await uses(promo.code)).toBe(1);
  });

  it('a lifetime payment intent whose use is given back is cancelled: its client secret can no longer pay', async () => {
    const code = `life ${unique()}`;
    await deps.billing.savePromoCode({
      code,
      kind: 'percent',
      percent: 50,
      planTypes: ['lifetime', 'annual'],
      active: true,
      maxRedemptions: 10,
    });
    const host = await hostPastTrial();
    const body = { planType: 'lifetime', calculatedPrice: 39.5, promoCode: code, discountPercent: 50 };
    const annual = annualWith(code);
    const first = await call('POST', '/api/subscription/create-payment-intent', { cookie: host.cookie, body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await call('POST', '/api/subscription/create-payment-intent', { cookie: host.cookie, body: annual });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await uses(code)).toBe(1);
    // The exploit: pay the first form after the second start gave its use back.
    expect(() => fake.confirmPaymentIntent(paymentIntentOf(first.body.clientSecret), 'success')).toThrow(
      /status of canceled/,
    );
    expect((await atStripe(`payment_intents/${paymentIntentOf(first.body.clientSecret)}`)).status).toBe('canceled');
    await pay(second.body.clientSecret);
    expect(await uses(code)).toBe(1);
    // Counted once, for the plan paid; a new start is refused (the host now has a plan in force).
    const again = await call('POST', '/api/subscription/create-payment-intent', { cookie: host.cookie, body });
    expect(again.status).toBe(409);
  });

  it('a use is kept when Stripe says its payment succeeded meanwhile, and a paid plan whose use was given back gets it again', async () => {
    const code = `life ${unique()}`;
    await deps.billing.savePromoCode({
      code,
      kind: 'percent',
      percent: 50,
      planTypes: ['lifetime', 'annual'],
      active: true,
      maxRedemptions: 10,
    });
    const host = await hostPastTrial();
    const body = { planType: 'lifetime', calculatedPrice: 39.5, promoCode: code, discountPercent: 50 };
    const annual = annualWith(code);
    const first = await call('POST', '/api/subscription/create-payment-intent', { cookie: host.cookie, body });
    expect(first.status).toBe(200);
    // Paid at Stripe, not yet recorded here (no webhook, no verification): a new start is refused, not given back.
    fake.confirmPaymentIntent(paymentIntentOf(first.body.clientSecret), 'success');
    const second = await call('POST', '/api/subscription/create-payment-intent', { cookie: host.cookie, body: annual });
    expect(second.status).toBe(409);
    expect(second.body.promoRefused).toBe('already-used');
    expect(await uses(code)).toBe(1);

    // Defence in depth: a use given back anyway is recorded again when the payment is recorded as paid.
    expect(await deps.billing.releaseRedemption(first.body.id)).toBe(true);
    expect(await uses(code)).toBe(0);
    const verified = await call('POST', '/api/subscription/verify-payment', {
      body: { paymentIntentId: paymentIntentOf(first.body.clientSecret) },
    });
    expect(verified.body.status).toBe('paid');
    expect(await uses(code)).toBe(1);
    expect(await deps.billing.restoreRedemption(first.body.id)).toBe(false);
    const third = await call('POST', '/api/subscription/create-payment-intent', { cookie: host.cookie, body });
    expect(third.status).toBe(409);
  });

  it('a code written without a maximum (before codes had one) may not be used until it is given one', async () => {
    const code = `old ${unique()}`;
    await deps.billing.savePromoCode({
      code,
      kind: 'percent',
      percent: 50,
      planTypes: ['monthly'],
      active: true,
    } as PromoCode);
    const quotes = await call('GET', `/api/subscription/plans?promoCode=${encodeURIComponent(code)}`);
    expect(quotes.status).toBe(409);
    expect(quotes.body.message).toBe(promoRefusalMessage(code, 'used-up'));
  });
});
