import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { localPhotoDir } from '#functions/adapters/photos/local-files';
import { composeDeps } from '#functions/composition';
import { parseConfig, setEnvironment } from '#functions/config';
import { refuseDemoBilling } from '#infra/cdk/billing';
import { demoBillingRequested, startDemoBilling, type DemoBilling } from '#infra/local/demo-billing';
import { createAppServer } from '#infra/local/server';
import { TEST_CARD_NUMBERS } from '#test/fakes/stripe';
import { apiClient, endTrial } from '#test/support/api-client';
import { integrationConfig, TEST_DATA_DIR } from '#test/support/local-stack';

/**
 * `BILLING=demo npm start` (issue 30): the app's own server with the bundled fake Stripe behind /demo-stripe/ (the
 * fake Stripe.js, its API calls and the hosted Checkout page, all on the site's address), GET /api/stripe-config
 * saying demo, a payment made as the browser makes it through that address and recorded from the forwarded webhook;
 * never in the cloud (the configuration and the CDK app refuse it).
 */

let demo: DemoBilling;
let baseUrl: string;
let close: () => Promise<void>;
const { call, newHost } = apiClient(() => baseUrl);
/** The monthly plan's price as the billing page sends it (the server's own figure, before the fee). */
const monthlyPrice = async () =>
  ((await call('GET', '/api/subscription/plans')).body.plans as { planType: string; priceCents: number }[]).find(
    (plan) => plan.planType === 'monthly',
  )!.priceCents / 100;

beforeAll(async () => {
  const server = createAppServer({
    siteDir: 'frontend/dist',
    photosDir: localPhotoDir(TEST_DATA_DIR),
    demoBilling: (request, response) => demo.handle(request, response),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  demo = await startDemoBilling(baseUrl);
  integrationConfig(demo.env);
  setEnvironment({ SITE_URL: baseUrl });
  demo.forwardEventsTo(baseUrl);
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});
afterAll(async () => {
  await close?.();
  await demo?.stop();
});

describe('BILLING=demo on one machine', () => {
  it('says demo in the Stripe configuration and serves the fake Stripe.js from the site, calling the site', async () => {
    expect((await call('GET', '/api/stripe-config')).body).toMatchObject({
      publishableKey: demo.fake.publishableKey,
      mode: 'test',
      demo: true,
    });
    const script = await fetch(`${baseUrl}/demo-stripe/stripe.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    const text = await script.text();
    expect(text).toContain("var API = '/demo-stripe/v1';");
    expect(text).not.toContain('https://api.stripe.com');
  });

  it('takes a payment made through the site address and records it from the forwarded webhook', async () => {
    const deps = composeDeps(integrationConfig(demo.env));
    const host = await newHost(deps.accounts);
    await endTrial(integrationConfig(demo.env), host.id);
    const started = await call('POST', '/api/subscription/create-payment-intent', {
      cookie: host.cookie,
      body: { planType: 'monthly', calculatedPrice: await monthlyPrice() },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const clientSecret = String(started.body.clientSecret);
    const intent = clientSecret.split('_secret_')[0]!;
    // What the fake Stripe.js sends when the card form is submitted (same origin: the page's CSP allows it).
    const confirmed = await fetch(`${baseUrl}/demo-stripe/v1/payment_intents/${intent}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: demo.fake.publishableKey,
        client_secret: clientSecret,
        test_card: TEST_CARD_NUMBERS.success,
      }),
    });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');
    await demo.fake.deliveries();
    await expect
      .poll(async () => (await call('GET', '/api/subscription/status', { cookie: host.cookie })).body.status)
      .toBe('active');
  });

  it("sends Checkout to the hosted page under the site's own address", async () => {
    const deps = composeDeps(integrationConfig(demo.env));
    const host = await newHost(deps.accounts);
    const session = await call('POST', '/api/subscription/checkout', {
      cookie: host.cookie,
      body: {
        planType: 'monthly',
        calculatedPrice: await monthlyPrice(),
        successUrl: `${baseUrl}/billing-success`,
        cancelUrl: `${baseUrl}/billing-details?checkout=cancelled`,
      },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const url = String(session.body.url);
    expect(url.startsWith(`${baseUrl}/demo-stripe/c/pay/`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="/demo-stripe/c/pay/`);
  });
});

describe('never in the cloud', () => {
  it('is asked for with BILLING=demo only, and never with Stripe keys of your own', () => {
    expect(demoBillingRequested({})).toBe(false);
    expect(demoBillingRequested({ BILLING: 'demo' })).toBe(true);
    expect(() => demoBillingRequested({ BILLING: 'real' })).toThrow('BILLING=real is not known');
    expect(() => demoBillingRequested({ BILLING: 'demo', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'BILLING=demo brings its own fake Stripe: unset STRIPE_SECRET_KEY',
    );
  });

  it('is refused by the configuration away from a fake on this machine, and by the CDK app', () => {
    const base = { ...demo.env, SESSION_SECRET: 'a'.repeat(43) };
    expect(() => parseConfig({ ...base, STRIPE_API_URL: 'https://api.stripe.com' })).toThrow(/BILLING_DEMO/);
    expect(() => parseConfig({ ...base, CALENDAR_KMS_KEY_ID: 'arn:aws:kms:us-east-1:123456789012:key/x' })).toThrow(
      /BILLING_DEMO/,
    );
    expect(parseConfig(base).billing).toMatchObject({ demo: true });
    expect(() => refuseDemoBilling({ BILLING: 'demo' })).toThrow('never in the cloud');
    expect(() => refuseDemoBilling({ BILLING_DEMO: 'true' })).toThrow('never in the cloud');
    expect(() => refuseDemoBilling({})).not.toThrow();
  });
});
