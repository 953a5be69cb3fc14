import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SEED_PROMO_CODES } from '#shared/rules/pricing';
import { DELETION_CANCELLATION_COMMENT, DELETION_NEEDS_STRIPE } from '#functions/app/accounts/accounts';
import { composeDeps } from '#functions/composition';
import { STRIPE_API_VERSION } from '#functions/config';
import type { PlanRecord } from '#functions/domain/billing';
import type { Deps } from '#functions/ports/deps';
import { startFakeStripe, type FakeStripe } from '#test/fakes/stripe';
import { apiClient, endTrial } from '#test/support/api-client';
import { eventBody } from '#test/support/event-body';
import { integrationConfig, sentEmails, startAppServer } from '#test/support/local-stack';

/**
 * Billing through the local app server against the fake Stripe (test/fakes/stripe.ts), which the real `stripe`
 * SDK talks to: the server's prices, payments recorded from the browser's return and from webhooks alike, bad
 * inputs refused with nothing written, webhook signatures, duplicated and out-of-order events, cancelling, guest
 * checkout claimed by the account that proves the address, and the trial rule across every subscription state.
 */

let fake: FakeStripe;
let app: Awaited<ReturnType<typeof startAppServer>>;
let deps: Deps;
let config: ReturnType<typeof integrationConfig>;
const { call, newHost, signIn } = apiClient(() => app.baseUrl);

beforeAll(async () => {
  fake = await startFakeStripe();
  config = integrationConfig({
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
  });
  deps = composeDeps(config);
  // The codes a new installation starts with (the local runner and the CDK stack seed them the same way).
  for (const promo of SEED_PROMO_CODES) await deps.billing.savePromoCode(promo);
  app = await startAppServer();
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const webhookUrl = () => `${app.baseUrl}/api/stripe/webhook`;
const account = (id: string) => ({ kind: 'account' as const, accountId: id });
/** Requests that would make something at Stripe. */
const creations = () => fake.requests.filter((request) => request.method === 'POST').length;
const paymentIntentOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

async function startMonthlyWithPromo(cookie: string) {
  const started = await call('POST', '/api/subscription/create-payment-intent', {
    cookie,
    body: { planType: 'monthly', calculatedPrice: 1, promoCode: '  One Dolla HOLLA ', discountPercent: 67 },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body as { clientSecret: string; amount: number; id: string; promoCode: string };
}

/** A new host past their trial, paying monthly (with the promo code) through the embedded form; `id`: the subscription. */
async function paidSubscription() {
  const host = await newHost(deps.accounts);
  await endTrial(config, host.id);
  const started = await startMonthlyWithPromo(host.cookie);
  fake.confirmPaymentIntent(paymentIntentOf(started.clientSecret), 'success');
  await call('POST', '/api/subscription/verify-payment', {
    body: { paymentIntentId: paymentIntentOf(started.clientSecret) },
  });
  return { host, id: started.id };
}

/** Stripe's events for `objectId` of `type`, oldest first. */
const eventsFor = (type: Stripe.Event.Type, objectId: string) =>
  fake.events(type).filter((event) => (event.data.object as { id?: string }).id === objectId);

describe("Stripe's public configuration and the server's prices", () => {
  it('reports the publishable key, the pinned API version and test mode', async () => {
    expect(await call('GET', '/api/stripe-config')).toEqual({
      status: 200,
      body: { publishableKey: fake.publishableKey, stripeApiVersion: STRIPE_API_VERSION, mode: 'test' },
    });
  });

  it('quotes every plan with the fee, and a code where it applies (trimmed, any case)', async () => {
    const plain = (await call('GET', '/api/subscription/plans')).body;
    expect(plain.billingEnabled).toBe(true);
    expect(plain.promo).toBeNull();
    expect(plain.plans.map((plan: { totalCents: number }) => plan.totalCents)).toEqual([339, 3014, 8159]);
    const promo = (await call('GET', `/api/subscription/plans?promoCode=${encodeURIComponent(' ONE dolla Holla ')}`))
      .body;
    expect(promo.promo).toEqual({
      code: 'one dolla holla',
      kind: 'price',
      discountPercent: 67,
      planTypes: ['monthly'],
      firstPaymentOnly: true,
    });
    expect(promo.plans[0]).toMatchObject({ priceCents: 100, feeCents: 33, totalCents: 133, promoApplies: true });
    expect(promo.plans[1]).toMatchObject({ priceCents: 2900, promoApplies: false });
    // 80% off the renewing plans it names; the lifetime plan stays at its price (issue 31).
    const launch = (await call('GET', '/api/subscription/plans?promoCode=launchdeez')).body;
    expect(launch.plans[1]).toMatchObject({ priceCents: 580, discountPercent: 80, promoApplies: true });
    expect(launch.plans[2]).toMatchObject({ priceCents: 7900, discountPercent: 0, promoApplies: false });
    expect(await call('GET', '/api/subscription/plans?promoCode=free%20lunch')).toMatchObject({
      status: 400,
      body: { message: 'Invalid promo code: The promo code "free lunch" is not valid.' },
    });
  });
});

describe('paying for a plan with the embedded form', () => {
  it('monthly with "one dolla holla": $1 plus the fee charged, the plan active at once, events can be activated', async () => {
    const host = await newHost(deps.accounts);
    await endTrial(config, host.id);
    expect((await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).status).toBe(402);

    const started = await startMonthlyWithPromo(host.cookie);
    expect(started).toMatchObject({ amount: 133, promoCode: 'one dolla holla', discountPercent: 67 });
    expect(started.id).toMatch(/^sub_/);
    // The subscription charges the list price plus its fee from the second month on.
    const subscription = fake.object<Stripe.Subscription>(started.id)!;
    expect(subscription.items.data[0]!.price.unit_amount).toBe(339);

    fake.confirmPaymentIntent(paymentIntentOf(started.clientSecret), 'success');
    const verified = await call('POST', '/api/subscription/verify-payment', {
      body: { paymentIntentId: paymentIntentOf(started.clientSecret), redirectStatus: 'succeeded' },
    });
    expect(verified.body).toMatchObject({ status: 'paid', planType: 'monthly' });

    const status = (await call('GET', '/api/subscription/status', { cookie: host.cookie })).body;
    expect(status).toMatchObject({ status: 'active', planType: 'monthly', id: started.id, billingEnabled: true });
    expect(Date.parse(status.nextBillingDate)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const history = (await call('GET', '/api/subscription/history', { cookie: host.cookie })).body;
    expect(history).toHaveLength(1);
    expect(history[0].payments).toEqual([
      expect.objectContaining({
        amount: 1.33,
        status: 'paid',
        planType: 'monthly',
        description: 'Monthly Plan (promo one dolla holla)',
      }),
    ]);
    expect((await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).status).toBe(201);

    // The webhook's later word changes nothing: the same plan, one payment.
    for (const event of [...eventsFor('invoice.paid', subscription.latest_invoice as string), ...fake.events()]) {
      if (!event.type.startsWith('invoice.') && !event.type.startsWith('customer.subscription.')) continue;
      expect((await fake.deliver(webhookUrl(), event)).status).toBe(200);
    }
    const after = (await call('GET', '/api/subscription/history', { cookie: host.cookie })).body;
    expect(after[0].payments).toHaveLength(1);
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status).toBe('active');
    // A host with a plan in force buys no second one.
    expect(
      await call('POST', '/api/subscription/create-payment-intent', {
        cookie: host.cookie,
        body: { planType: 'annual', calculatedPrice: 29 },
      }),
    ).toMatchObject({ status: 409 });
  });

  it('a declined card leaves the plan unpaid: verification says failed and the host is not subscribed', async () => {
    const host = await newHost(deps.accounts);
    const started = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: { planType: 'lifetime', calculatedPrice: 79, discountPercent: 0 },
    });
    expect(started.body).toMatchObject({ amount: 8159, planType: 'lifetime' });
    const intent = fake.confirmPaymentIntent(started.body.id, 'declined');
    expect(intent.last_payment_error?.code).toBe('card_declined');
    const verified = await call('POST', '/api/subscription/verify-payment', {
      body: { paymentIntentId: started.body.id },
    });
    expect(verified.body).toMatchObject({ status: 'failed', planType: 'lifetime' });
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status).toBe('none');

    // Another card on the same payment succeeds: a lifetime plan, never cancellable.
    fake.confirmPaymentIntent(started.body.id, 'success');
    expect(
      (await call('POST', '/api/subscription/verify-payment', { body: { paymentIntentId: started.body.id } })).body
        .status,
    ).toBe('paid');
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body).toMatchObject({
      status: 'active',
      planType: 'lifetime',
      nextBillingDate: null,
    });
    expect(await call('POST', `/api/subscription/${started.body.id}/cancel`, { cookie: host.cookie })).toMatchObject({
      status: 409,
      body: { error: 'A lifetime plan cannot be cancelled.' },
    });
  });
});

describe('bad inputs: the right status, and nothing written here or at Stripe', () => {
  let host: Awaited<ReturnType<typeof newHost>>;
  beforeAll(async () => {
    host = await newHost(deps.accounts);
  });

  const refused = async (body: Record<string, unknown>, status: number, message?: string) => {
    const before = creations();
    const answer = await call('POST', '/api/subscription/create-payment-intent', { cookie: host.cookie, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (message) expect(answer.body).toMatchObject({ message, error: message });
    expect(creations()).toBe(before);
    expect(await deps.billing.plans(account(host.id))).toEqual([]);
    return answer.body;
  };

  it('an unknown plan is 400', async () => {
    await refused({ planType: 'weekly', calculatedPrice: 1 }, 400);
  });

  it('a tampered price or discount is 409 with the server figures', async () => {
    const body = await refused({ planType: 'monthly', calculatedPrice: 0.5 }, 409);
    expect(body.expected).toEqual({ calculatedPrice: 3, discountPercent: 0, amount: 339, promoCode: null });
    await refused({ planType: 'annual', calculatedPrice: 29, discountPercent: 20 }, 409);
    await refused({ planType: 'monthly', calculatedPrice: 0.6, promoCode: 'launchdeez', discountPercent: 90 }, 409);
    await refused({ planType: 'monthly', calculatedPrice: '1.00' }, 409);
  });

  it('a code for another plan, or no code at all, is 400 in the spec words', async () => {
    await refused(
      { planType: 'annual', calculatedPrice: 1, promoCode: 'one dolla holla' },
      400,
      'Invalid promo code: The promo code "one dolla holla" is not valid.',
    );
    await refused(
      { planType: 'monthly', calculatedPrice: 1, promoCode: 'nope' },
      400,
      'Invalid promo code: The promo code "nope" is not valid.',
    );
  });

  it('Checkout refuses success and cancel pages that are not this site own', async () => {
    const before = creations();
    for (const [successUrl, cancelUrl] of [
      ['https://evil.example/billing-success', `${app.baseUrl}/billing-details`],
      [`${app.baseUrl}/events`, `${app.baseUrl}/billing-details`],
      [`${app.baseUrl}/billing-success`, 'https://evil.example/billing-details'],
      [`${app.baseUrl}/billing-success`, 'javascript:alert(1)'],
    ]) {
      const answer = await call('POST', '/api/subscription/checkout', {
        cookie: host.cookie,
        body: { planType: 'monthly', calculatedPrice: 3, successUrl, cancelUrl },
      });
      expect(answer.status, `${successUrl} ${cancelUrl}`).toBe(400);
    }
    expect(creations()).toBe(before);
  });

  it('a guest without an e-mail is 400; another account subscription is 404 and stays as it was', async () => {
    expect(
      (
        await call('POST', '/api/subscription/create-payment-intent', {
          body: { planType: 'monthly', calculatedPrice: 3 },
        })
      ).status,
    ).toBe(400);
    const owner = await newHost(deps.accounts);
    const started = await startMonthlyWithPromo(owner.cookie);
    fake.confirmPaymentIntent(paymentIntentOf(started.clientSecret), 'success');
    await call('POST', '/api/subscription/verify-payment', {
      body: { paymentIntentId: paymentIntentOf(started.clientSecret) },
    });
    const before = creations();
    expect(await call('POST', `/api/subscription/${started.id}/cancel`, { cookie: host.cookie })).toMatchObject({
      status: 404,
    });
    expect(creations()).toBe(before);
    expect((await deps.billing.getPlan(account(owner.id), started.id))?.cancelAtPeriodEnd).toBe(false);
  });
});

describe('Checkout', () => {
  it('redirects to Stripe and back; the return and the webhook record the same plan, once', async () => {
    const host = await newHost(deps.accounts);
    const answer = await call('POST', '/api/subscription/checkout', {
      cookie: host.cookie,
      body: {
        planType: 'annual',
        calculatedPrice: 5.8,
        promoCode: 'LaunchDeez',
        successUrl: `${app.baseUrl}/billing-success`,
        cancelUrl: `${app.baseUrl}/billing-details?checkout=cancelled`,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const sessionId = new URL(answer.body.url).pathname.split('/').pop()!;
    const session = fake.object<Stripe.Checkout.Session>(sessionId)!;
    expect(session.success_url).toBe(`${app.baseUrl}/billing-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${app.baseUrl}/billing-details?checkout=cancelled`);

    fake.completeCheckout(sessionId, 'success');
    const verified = await call('POST', '/api/subscription/verify-payment', { body: { sessionId } });
    expect(verified.body).toMatchObject({ status: 'paid', planType: 'annual' });
    for (const event of eventsFor('checkout.session.completed', sessionId)) {
      expect((await fake.deliver(webhookUrl(), event)).status).toBe(200);
    }
    const history = (await call('GET', '/api/subscription/history', { cookie: host.cookie })).body;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ planType: 'annual', status: 'active' });
    expect(history[0].payments).toEqual([expect.objectContaining({ amount: 6.27, status: 'paid' })]);
  });
});

describe("Stripe's webhook", () => {
  const post = (body: string, signature?: string) =>
    fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body,
    });

  it('refuses a forged, stale, foreign or missing signature with 400, changing nothing', async () => {
    const { host, id } = await paidSubscription();
    fake.endSubscription(id);
    const [ended] = eventsFor('customer.subscription.deleted', id);
    const valid = fake.signedDelivery(ended!);
    const forged = valid.body.replace('"canceled"', '"active"');
    expect((await post(forged, valid.signature)).status).toBe(400);
    const stale = fake.signedDelivery(ended!, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await post(stale.body, stale.signature)).status).toBe(400);
    const foreign = fake.signedDelivery(ended!, { secret: 'whsec_someoneElsesSecret0000' });
    expect((await post(foreign.body, foreign.signature)).status).toBe(400);
    const missing = await post(valid.body);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'Missing Stripe-Signature header.' });
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status).toBe('active');

    // The genuine delivery ends the plan; the trial is over, so events can no longer be activated.
    expect((await post(valid.body, valid.signature)).status).toBe(200);
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body).toMatchObject({
      status: 'canceled',
      providerStatus: 'canceled',
    });
    expect((await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).status).toBe(402);
  });

  it('processes a duplicated or replayed event once, and never lets an older event undo a newer state', async () => {
    const { host, id } = await paidSubscription();
    fake.advanceClock(40 * 86_400);
    const failed = fake.renew(id, { fail: true });
    for (const event of [
      ...eventsFor('invoice.payment_failed', failed.id),
      ...eventsFor('invoice.payment_failed', failed.id),
    ])
      expect((await fake.deliver(webhookUrl(), event)).status).toBe(200);
    const pastDue = (await call('GET', '/api/subscription/status', { cookie: host.cookie })).body;
    // past_due keeps the plan in force while Stripe retries (docs/architecture.md, "Billing").
    expect(pastDue).toMatchObject({ status: 'active', providerStatus: 'past_due' });
    let history = (await call('GET', '/api/subscription/history', { cookie: host.cookie })).body;
    expect(history[0].payments.filter((p: { status: string }) => p.status === 'failed')).toHaveLength(1);
    expect((await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).status).toBe(201);

    fake.advanceClock(60);
    fake.endSubscription(id);
    const [deleted] = eventsFor('customer.subscription.deleted', id);
    expect((await fake.deliver(webhookUrl(), deleted!)).status).toBe(200);
    // The older events again, in any order: the plan stays ended, the failed payment stays one.
    const older = fake
      .events()
      .filter((event) => event.type.startsWith('customer.subscription.') && event.id !== deleted!.id)
      .reverse();
    for (const event of older) expect((await fake.deliver(webhookUrl(), event)).status).toBe(200);
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status).toBe('canceled');
    history = (await call('GET', '/api/subscription/history', { cookie: host.cookie })).body;
    expect(history[0].payments.filter((p: { status: string }) => p.status === 'failed')).toHaveLength(1);
  });

  it('records a refund of a lifetime plan, which ends it', async () => {
    const host = await newHost(deps.accounts);
    const started = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: { planType: 'lifetime', calculatedPrice: 79 },
    });
    fake.confirmPaymentIntent(started.body.id, 'success');
    fake.forwardEventsTo(webhookUrl());
    try {
      fake.refund(started.body.id);
      expect((await fake.deliveries()).every((delivery) => delivery.status === 200)).toBe(true);
    } finally {
      fake.forwardEventsTo(null);
    }
    const history = (await call('GET', '/api/subscription/history', { cookie: host.cookie })).body;
    expect(history[0]).toMatchObject({ planType: 'lifetime', status: 'refunded' });
    expect(history[0].payments[0]).toMatchObject({ status: 'refunded', amount: 81.59 });
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status).toBe('refunded');
  });
});

describe('cancelling', () => {
  it('cancels at the end of the period: active until then, ended after', async () => {
    const { host, id } = await paidSubscription();

    const cancelled = await call('POST', `/api/subscription/${id}/cancel`, { cookie: host.cookie });
    expect(cancelled).toMatchObject({
      status: 200,
      body: {
        status: 'active',
        cancelAtPeriodEnd: true,
        message: 'Your subscription will be canceled at the end of the current billing period.',
      },
    });
    expect(fake.object<Stripe.Subscription>(id)?.cancel_at_period_end).toBe(true);
    // Again: no error, nothing more at Stripe.
    const before = creations();
    expect((await call('POST', `/api/subscription/${id}/cancel`, { cookie: host.cookie })).status).toBe(200);
    expect(creations()).toBe(before);
    expect((await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).status).toBe(201);

    // The period ends (the webhook may never come on one machine: the recorded period end decides).
    const plan = (await deps.billing.getPlan(account(host.id), id))!;
    await deps.billing.savePlan(account(host.id), {
      ...plan,
      currentPeriodEnd: new Date(Date.now() - 1000).toISOString(),
      stateAt: plan.stateAt + 1,
    });
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status).toBe('canceled');
    expect((await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).status).toBe(402);
  });
});

describe('guest checkout', () => {
  /** The last link to `page` mailed to `to`. */
  async function linkTokenFor(to: string, page: string): Promise<string> {
    const text = (await sentEmails(config.sesEndpoint!))
      .filter((mail) => mail.destination.to.includes(to))
      .map((mail) => mail.body.text ?? '')
      .reverse()
      .find((body) => body.includes(page));
    const link = text?.match(new RegExp(`https?://\\S+${page}\\?token=[\\w-]+`))?.[0];
    expect(link, `a ${page} link mailed to ${to}`).toBeDefined();
    return new URL(link!).searchParams.get('token')!;
  }

  it('a plan paid with an e-mail belongs to the account that later registers and proves it, not before', async () => {
    const email = `guest.${randomBytes(4).toString('hex')}@example.com`;
    const started = await call('POST', '/api/subscription/create-payment-intent', {
      body: { planType: 'monthly', calculatedPrice: 3, email },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    fake.confirmPaymentIntent(paymentIntentOf(started.body.clientSecret), 'success');
    expect(
      (
        await call('POST', '/api/subscription/verify-payment', {
          body: { paymentIntentId: paymentIntentOf(started.body.clientSecret) },
        })
      ).body.status,
    ).toBe('paid');
    expect(await deps.billing.plans({ kind: 'guest', email })).toHaveLength(1);

    // Registered, address not yet proven: the plan is not theirs.
    const host = await newHost(deps.accounts, email);
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status).toBe('none');
    // Proven with the mailed link: now it is.
    const token = await linkTokenFor(email, '/verify-email');
    expect((await call('POST', '/api/auth/verify-email', { body: { token }, cookie: host.cookie })).status).toBe(200);
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body).toMatchObject({
      status: 'active',
      planType: 'monthly',
    });
    expect(await deps.billing.plans({ kind: 'guest', email })).toEqual([]);
    expect(await signIn(email, 'correct-horse-battery')).toContain('=');
  });

  it('goes straight to an account whose address is already proven, never to one whose address is not', async () => {
    const provenHost = await newHost(deps.accounts);
    const token = await linkTokenFor(provenHost.email, '/verify-email');
    await call('POST', '/api/auth/verify-email', { body: { token }, cookie: provenHost.cookie });
    const unproven = await newHost(deps.accounts);

    for (const [who, email] of [
      ['proven', provenHost.email],
      ['unproven', unproven.email],
    ] as const) {
      const started = await call('POST', '/api/subscription/create-payment-intent', {
        body: { planType: 'lifetime', calculatedPrice: 79, email },
      });
      fake.confirmPaymentIntent(started.body.id, 'success');
      await call('POST', '/api/subscription/verify-payment', { body: { paymentIntentId: started.body.id } });
      const cookie = who === 'proven' ? provenHost.cookie : unproven.cookie;
      expect((await call('GET', '/api/subscription/status', { cookie })).body.status, who).toBe(
        who === 'proven' ? 'active' : 'none',
      );
    }
  });
});

describe('the trial rule across subscription states', () => {
  const states: [string, Partial<PlanRecord>, boolean][] = [
    ['incomplete', { status: 'incomplete', currentPeriodEnd: null }, false],
    ['incomplete_expired', { status: 'incomplete_expired', currentPeriodEnd: null }, false],
    ['active', {}, true],
    ['trialing', { status: 'trialing' }, true],
    ['past_due', { status: 'past_due' }, true],
    ['unpaid', { status: 'unpaid' }, false],
    ['paused', { status: 'paused' }, false],
    ['canceled', { status: 'canceled' }, false],
    ['set to cancel, period running', { cancelAtPeriodEnd: true }, true],
    ['set to cancel, period over', { cancelAtPeriodEnd: true, currentPeriodEnd: '2020-01-01T00:00:00.000Z' }, false],
    ['lifetime', { id: 'pi_life', planType: 'lifetime', currentPeriodEnd: null }, true],
    ['lifetime refunded', { id: 'pi_life', planType: 'lifetime', status: 'refunded', currentPeriodEnd: null }, false],
  ];
  for (const [label, fields, allowed] of states) {
    it(`${label}: ${allowed ? 'may' : 'may not'} activate events; booking pages ${allowed ? 'up' : 'deactivated'}`, async () => {
      const host = await newHost(deps.accounts);
      const created = await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie });
      await endTrial(config, host.id);
      await deps.hosts.setPlan(host.id, {
        id: 'sub_state',
        planType: 'monthly',
        status: 'active',
        createdAt: new Date().toISOString(),
        currentPeriodEnd: '2099-01-01T00:00:00.000Z',
        cancelAtPeriodEnd: false,
        customerId: null,
        promoCode: null,
        stateAt: 1,
        ...fields,
      });
      expect((await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie })).status).toBe(
        allowed ? 201 : 402,
      );
      expect((await call('GET', `/api/events/public/${created.body.slug}`)).status).toBe(allowed ? 200 : 403);
    });
  }
});

describe('deleting an account with a subscription (issue 30)', () => {
  async function subscribed() {
    const { host, id } = await paidSubscription();
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status).toBe('active');
    return { ...host, subscriptionId: id };
  }

  it('cancels the subscription at Stripe at once, before the account goes: nothing is charged again', async () => {
    const host = await subscribed();
    // Set to end with its period first: it would still be a subscription at Stripe until then.
    await call('POST', `/api/subscription/${host.subscriptionId}/cancel`, { cookie: host.cookie });

    const deleted = await call('DELETE', '/api/auth/account', { cookie: host.cookie });
    expect(deleted).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Your account has been deleted. Your subscription was cancelled, and you will not be charged again.',
      },
    });
    const subscription = fake.object<Stripe.Subscription>(host.subscriptionId)!;
    expect(subscription.status).toBe('canceled');
    expect(subscription.cancellation_details?.comment).toBe(DELETION_CANCELLATION_COMMENT);
    expect(
      fake.requests.filter(
        (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${host.subscriptionId}`,
      ),
    ).toHaveLength(1);
    // No final invoice, no proration, and no renewal ever again.
    expect(eventsFor('invoice.created', host.subscriptionId)).toEqual([]);
    expect(() => fake.renew(host.subscriptionId)).toThrow(/canceled: it does not renew/);
    expect(await deps.accounts.get(host.id)).toBeNull();
  });

  it('stops when Stripe cannot be reached: 503 with a clear message, the account and the subscription as they were', async () => {
    const host = await subscribed();
    // Every attempt of the first call fails (the client tries three times).
    fake.failNext({ kind: 'server_error', path: /^\/v1\/subscriptions\//, times: 3 });
    const refused = await call('DELETE', '/api/auth/account', { cookie: host.cookie });
    expect(refused).toMatchObject({ status: 503, body: { message: DELETION_NEEDS_STRIPE } });
    expect(await deps.accounts.get(host.id)).not.toBeNull();
    expect((await call('GET', '/api/me', { cookie: host.cookie })).body.user).toMatchObject({ email: host.email });
    expect(fake.object<Stripe.Subscription>(host.subscriptionId)!.status).toBe('active');

    // Once Stripe answers again, the deletion goes through.
    expect((await call('DELETE', '/api/auth/account', { cookie: host.cookie })).status).toBe(200);
    expect(fake.object<Stripe.Subscription>(host.subscriptionId)!.status).toBe('canceled');
    expect(await deps.accounts.get(host.id)).toBeNull();
  });

  it('deletes an account whose subscription already ended without asking Stripe to cancel it again', async () => {
    const host = await subscribed();
    fake.endSubscription(host.subscriptionId);
    for (const event of eventsFor('customer.subscription.deleted', host.subscriptionId))
      expect((await fake.deliver(webhookUrl(), event)).status).toBe(200);
    const before = fake.requests.filter((request) => request.method === 'DELETE').length;
    const deleted = await call('DELETE', '/api/auth/account', { cookie: host.cookie });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Your account has been deleted.' } });
    expect(fake.requests.filter((request) => request.method === 'DELETE').length).toBe(before);
  });
});
