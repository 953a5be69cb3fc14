import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BILLING_OFF_MESSAGE } from '#functions/app/billing/billing-common';
import { composeDeps } from '#functions/composition';
import { apiClient, endTrial } from '#test/support/api-client';
import { eventBody } from '#test/support/event-body';
import { integrationConfig, startAppServer } from '#test/support/local-stack';

/**
 * Billing off (issue 18): a server without Stripe keys, the one-machine default. Nothing can be bought, the billing
 * calls say so plainly, and the trial rule does not apply: a host long past the 7 days keeps every feature.
 */

// No publishable key: billing off (the other integration files run with billing on, as in production).
const config = integrationConfig({ STRIPE_PUBLISHABLE_KEY: '' });
const deps = composeDeps(config);
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());
const { call, newHost } = apiClient(() => app.baseUrl);

describe('billing off', () => {
  it('answers 503 with a plain message on every call that would reach Stripe', async () => {
    expect(config.billing).toBeNull();
    const off = { status: 503, body: { message: BILLING_OFF_MESSAGE, error: BILLING_OFF_MESSAGE } };
    expect(await call('GET', '/api/stripe-config')).toMatchObject(off);
    const purchase = { planType: 'monthly', calculatedPrice: 3 };
    expect(await call('POST', '/api/subscription/create-payment-intent', { body: purchase })).toMatchObject(off);
    expect(
      await call('POST', '/api/subscription/checkout', {
        body: {
          ...purchase,
          successUrl: `${app.baseUrl}/billing-success`,
          cancelUrl: `${app.baseUrl}/billing-details`,
        },
      }),
    ).toMatchObject(off);
    expect(
      await call('POST', '/api/subscription/verify-payment', { body: { paymentIntentId: 'pi_123' } }),
    ).toMatchObject(off);
    expect(
      await call('POST', '/api/stripe/webhook', { body: { id: 'evt_1' }, headers: { 'stripe-signature': 't=1,v1=x' } }),
    ).toMatchObject(off);
  });

  it('still shows the plans, saying billing is off', async () => {
    const { status, body } = await call('GET', '/api/subscription/plans');
    expect(status).toBe(200);
    expect(body.billingEnabled).toBe(false);
    expect(body.plans.map((plan: { planType: string }) => plan.planType)).toEqual(['monthly', 'annual', 'lifetime']);
  });

  it('lets a host past the trial without a plan activate events and keep their booking pages', async () => {
    const host = await newHost(deps.accounts);
    await endTrial(config, host.id);
    const created = await call('POST', '/api/events', { body: eventBody(), cookie: host.cookie });
    expect(created.status).toBe(201);
    expect(created.body.active).toBe(true);
    expect((await call('GET', `/api/events/public/${created.body.slug}`)).status).toBe(200);
    expect((await call('GET', '/api/subscription/status', { cookie: host.cookie })).body).toEqual({
      status: 'none',
      planType: null,
      nextBillingDate: null,
      id: null,
      cancelAtPeriodEnd: false,
      providerStatus: null,
      billingEnabled: false,
    });
    expect((await call('GET', '/api/subscription/history', { cookie: host.cookie })).body).toEqual([]);
  });
});
