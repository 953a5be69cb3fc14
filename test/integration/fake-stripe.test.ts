import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';

import { quotePlan, SEED_PROMO_CODES, type PlanType } from '#shared/rules/pricing';
import { stripePaymentProvider, type StripeProviderOptions } from '#functions/adapters/stripe/stripe-provider';
import { StripeRestError } from '#functions/adapters/stripe/stripe-rest';
import { STRIPE_API_VERSION } from '#functions/config';
import type { BillingOwner } from '#functions/domain/billing';
import { ServiceUnavailable, WebhookSignatureInvalid } from '#functions/errors';
import type { PaymentProvider, ProviderEvent, PurchaseStart } from '#functions/ports/billing';
import type { Logger } from '#functions/ports/core';
import { freePort } from '#infra/local/ports';
import { startFakeStripe } from '#test/fakes/stripe';

/**
 * The fake Stripe (test/fakes/stripe.ts) driven by our adapter (functions/src/adapters/stripe/stripe-provider.ts, over
 * our small REST client) as the billing functions use it, and by the real `stripe` SDK, which keeps the fake honest:
 * customers, subscriptions with
 * a promo's once-only first discount, the Payment Element's outcomes, Checkout, lifetime payments, renewals,
 * refunds, webhooks signed with the SDK's helper, and Stripe's failures. No database.
 */

const fake = await startFakeStripe();
afterAll(() => fake.close());

const logged: { message: string; fields?: Record<string, unknown> }[] = [];
const logger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (message, fields) => logged.push({ message, fields }),
};
const options: StripeProviderOptions = {
  publishableKey: fake.publishableKey,
  mode: 'test',
  secretKey: fake.secretKey,
  webhookSecret: fake.webhookSecret,
  apiUrl: fake.url,
  logger,
};
const stripe = stripePaymentProvider(options);
/** The SDK itself, for what the adapter does not do (checking the fake's answers as Stripe's). */
const sdk = new Stripe(fake.secretKey, {
  apiVersion: STRIPE_API_VERSION,
  host: '127.0.0.1',
  port: Number(new URL(fake.url).port),
  protocol: 'http',
  maxNetworkRetries: 0,
});

const PROMO = SEED_PROMO_CODES[0]!; // "one dolla holla": monthly at $1
const DAY = 86_400_000;

const account = (): BillingOwner => ({ kind: 'account', accountId: randomUUID() });
const guest = (): BillingOwner => ({ kind: 'guest', email: `guest.${randomUUID().slice(0, 8)}@example.test` });

/** What the use case sends for a plan (prices from shared/rules/pricing.ts), with `promo` when given. */
function purchase(planType: PlanType, owner: BillingOwner, promo: typeof PROMO | null = null): PurchaseStart {
  const quote = quotePlan(planType, promo);
  return {
    planType,
    owner,
    firstAmount: quote.totalCents,
    renewalAmount: quote.renewalCents,
    description: `${planType[0]!.toUpperCase()}${planType.slice(1)} Plan`,
    promoCode: quote.promoCode,
    idempotencyKey: randomUUID(),
  };
}

async function customerFor(owner: BillingOwner, provider: PaymentProvider = stripe): Promise<string> {
  const email = owner.kind === 'guest' ? owner.email : `${owner.accountId}@example.test`;
  return provider.createCustomer({ email, name: 'Ada Lovelace', owner, idempotencyKey: randomUUID() });
}

async function startedMonthly(owner = account(), promo: typeof PROMO | null = PROMO) {
  const customerId = await customerFor(owner);
  const started = await stripe.startSubscription({ ...purchase('monthly', owner, promo), customerId });
  return { owner, customerId, ...started };
}

async function activeMonthly(owner = account()) {
  const started = await startedMonthly(owner);
  fake.confirmPaymentIntent(started.paymentIntentId, 'success');
  return started;
}

/** Reads the latest recorded event of `type` about `id` through the adapter's webhook path. */
async function readLatest(type: Stripe.Event.Type, id: string): Promise<ProviderEvent> {
  const event = fake
    .events(type)
    .reverse()
    .find((candidate) => JSON.stringify(candidate.data.object).includes(id));
  if (!event) throw new Error(`No ${type} event about ${id}.`);
  const { body, signature } = fake.signedDelivery(event);
  return stripe.readWebhook(body, signature);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('It succeeded.');
    },
    (error: unknown) => error,
  );
}

const monthFromNow = () => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
};

describe('fake Stripe through the adapter', () => {
  it('creates a customer with the owner in its metadata, once per idempotency key', async () => {
    const owner = account();
    const idempotencyKey = randomUUID();
    const input = { email: 'ada@example.test', name: 'Ada Lovelace', owner, idempotencyKey };
    const id = await stripe.createCustomer(input);
    expect(id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(await stripe.createCustomer(input)).toBe(id);
    expect(fake.object(id)).toMatchObject({
      object: 'customer',
      email: 'ada@example.test',
      name: 'Ada Lovelace',
      livemode: false,
      metadata: { accountId: owner.kind === 'account' ? owner.accountId : '' },
    });
    const calls = fake.requests.filter((request) => request.path === '/v1/customers');
    expect(calls.at(-1)).toMatchObject({ replayed: true, idempotencyKey: `${idempotencyKey}:customer` });
    expect(stripe).toMatchObject({ apiVersion: STRIPE_API_VERSION, mode: 'test', publishableKey: fake.publishableKey });
  });

  it('starts a monthly subscription incomplete: the promo first payment through a once-only coupon, then the list price', async () => {
    const { owner, customerId, subscription, clientSecret, paymentIntentId, amountDue } = await startedMonthly();
    expect(amountDue).toBe(133); // $1 + 2.9% + $0.30
    expect(clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    expect(clientSecret.startsWith(`${paymentIntentId}_secret_`)).toBe(true);
    expect(subscription).toMatchObject({
      status: 'incomplete',
      planType: 'monthly',
      owner,
      promoCode: 'one dolla holla',
      customerId,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      latestPayment: {
        status: 'open',
        amount: 133,
        subscriptionId: subscription.id,
        paymentIntentId,
        planType: 'monthly',
      },
    });
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription.latestPayment?.id).toMatch(/^in_/);

    const stored = await sdk.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(stored.items.data[0]).toMatchObject({
      object: 'subscription_item',
      price: { unit_amount: 339, currency: 'usd', product: 'meetwise_monthly', recurring: { interval: 'month' } },
    });
    const invoice = stored.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'open',
      subtotal: 339,
      total: 133,
      amount_due: 133,
      billing_reason: 'subscription_create',
      confirmation_secret: { client_secret: clientSecret, type: 'payment_intent' },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    expect(invoice.parent?.subscription_details?.metadata).toMatchObject({ planType: 'monthly' });
    expect(await sdk.coupons.retrieve('meetwise_first_206')).toMatchObject({
      amount_off: 206,
      currency: 'usd',
      duration: 'once',
    });
    expect(await sdk.products.retrieve('meetwise_monthly')).toMatchObject({ object: 'product', active: true });
    // Without the expansion the includable client secret stays out.
    expect((await sdk.invoices.retrieve(invoice.id)).confirmation_secret).toBeUndefined();

    const created = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/subscriptions',
    );
    expect(created.at(-1)).toMatchObject({
      idempotencyKey: expect.stringMatching(/:sub$/),
      params: {
        payment_behavior: 'default_incomplete',
        discounts: [{ coupon: 'meetwise_first_206' }],
        metadata: { planType: 'monthly', promoCode: 'one dolla holla' },
      },
    });
    expect(fake.requests.every((request) => request.stripeVersion === STRIPE_API_VERSION)).toBe(true);
  });

  it('a paying card makes the subscription active for a month, its first invoice paid', async () => {
    const { subscription, paymentIntentId, owner } = await startedMonthly();
    const intent = fake.confirmPaymentIntent(paymentIntentId, 'success');
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 133 });

    const active = await stripe.getSubscription(subscription.id);
    expect(active).toMatchObject({
      status: 'active',
      owner,
      latestPayment: { id: subscription.latestPayment!.id, status: 'paid', amount: 133 },
    });
    expect(Math.abs(Date.parse(active!.currentPeriodEnd!) - monthFromNow())).toBeLessThan(60_000);

    // The invoice's own intent reads as the invoice's payment, with the subscription's metadata.
    expect(await stripe.getPaymentIntent(paymentIntentId)).toMatchObject({
      id: subscription.latestPayment!.id,
      paymentIntentId,
      subscriptionId: subscription.id,
      planType: 'monthly',
      owner,
      status: 'paid',
      amount: 133,
      failureCode: null,
    });
    expect(fake.events().map((event) => event.type)).toEqual(
      expect.arrayContaining(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']),
    );
  });

  it('a declined card leaves the subscription incomplete and its payment failed with the decline code', async () => {
    const { subscription, paymentIntentId } = await startedMonthly();
    const declined = fake.confirmPaymentIntent(paymentIntentId, 'declined');
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(await stripe.getPaymentIntent(paymentIntentId)).toMatchObject({
      status: 'failed',
      failureCode: 'generic_decline',
      subscriptionId: subscription.id,
    });
    expect(await stripe.getSubscription(subscription.id)).toMatchObject({
      status: 'incomplete',
      currentPeriodEnd: null,
      latestPayment: { status: 'open' },
    });
    const failed = await readLatest('invoice.payment_failed', subscription.id);
    expect(failed).toMatchObject({ kind: 'payment', payment: { status: 'failed', subscriptionId: subscription.id } });

    // Another card may follow the declined one.
    fake.confirmPaymentIntent(paymentIntentId, 'insufficient_funds');
    expect(await stripe.getPaymentIntent(paymentIntentId)).toMatchObject({ failureCode: 'insufficient_funds' });
    fake.confirmPaymentIntent(paymentIntentId, 'expired_card');
    expect(await stripe.getPaymentIntent(paymentIntentId)).toMatchObject({ failureCode: 'expired_card' });
    fake.confirmPaymentIntent(paymentIntentId, 'success');
    expect(await stripe.getSubscription(subscription.id)).toMatchObject({ status: 'active' });
  });

  it('a card that asks for 3D Secure waits in requires_action until authenticated', async () => {
    const { subscription, paymentIntentId } = await startedMonthly();
    const waiting = fake.confirmPaymentIntent(paymentIntentId, 'requires_action');
    expect(waiting).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    expect(await stripe.getPaymentIntent(paymentIntentId)).toMatchObject({ status: 'requires_action' });

    fake.authenticate(paymentIntentId, 'fail');
    expect(await stripe.getPaymentIntent(paymentIntentId)).toMatchObject({
      status: 'failed',
      failureCode: 'payment_intent_authentication_failure',
    });
    fake.confirmPaymentIntent(paymentIntentId, 'requires_action');
    fake.authenticate(paymentIntentId, 'complete');
    expect(await stripe.getSubscription(subscription.id)).toMatchObject({ status: 'active' });
  });

  it('an annual plan without a promo has no coupon and runs a year', async () => {
    const owner = account();
    const customerId = await customerFor(owner);
    const { subscription, paymentIntentId, amountDue } = await stripe.startSubscription({
      ...purchase('annual', owner),
      customerId,
    });
    expect(amountDue).toBe(2900 + 114);
    expect(subscription).toMatchObject({ planType: 'annual', promoCode: null });
    const created = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/subscriptions',
    );
    expect(created.at(-1)?.params.discounts).toBeUndefined();
    fake.confirmPaymentIntent(paymentIntentId, 'success');
    const active = await stripe.getSubscription(subscription.id);
    expect(Date.parse(active!.currentPeriodEnd!) - Date.now()).toBeGreaterThan(364 * DAY);
  });

  it('sells a lifetime plan as a one-time payment intent', async () => {
    const owner = account();
    const customerId = await customerFor(owner);
    const { payment, clientSecret } = await stripe.startPayment({ ...purchase('lifetime', owner), customerId });
    expect(payment).toMatchObject({
      status: 'requires_payment_method',
      planType: 'lifetime',
      owner,
      subscriptionId: null,
      amount: 7900 + 259,
      customerId,
    });
    expect(clientSecret.startsWith(`${payment.id}_secret_`)).toBe(true);
    expect(fake.object(payment.id)).toMatchObject({
      automatic_payment_methods: { enabled: true },
      description: 'Lifetime Plan',
      metadata: { planType: 'lifetime', accountId: owner.kind === 'account' ? owner.accountId : '' },
    });

    fake.confirmPaymentIntent(payment.id, 'success');
    expect(await stripe.getPaymentIntent(payment.id)).toMatchObject({ id: payment.id, status: 'paid', amount: 8159 });
    expect(await readLatest('payment_intent.succeeded', payment.id)).toMatchObject({
      kind: 'payment',
      payment: { id: payment.id, planType: 'lifetime', status: 'paid', owner },
    });
  });

  it('opens a Checkout session for a subscription, which the hosted page completes', async () => {
    const owner = account();
    const customerId = await customerFor(owner);
    const successUrl = 'http://localhost:5173/billing-success?session_id={CHECKOUT_SESSION_ID}';
    const { id, url } = await stripe.startCheckout({
      ...purchase('monthly', owner, PROMO),
      customerId,
      customerEmail: null,
      successUrl,
      cancelUrl: 'http://localhost:5173/billing-details',
    });
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${id}`);
    expect(await stripe.getCheckout(id)).toMatchObject({
      mode: 'subscription',
      status: 'open',
      paymentStatus: 'unpaid',
      planType: 'monthly',
      owner,
      subscription: null,
      payment: null,
    });
    expect(await sdk.checkout.sessions.retrieve(id)).toMatchObject({ amount_subtotal: 339, amount_total: 133 });

    const page = await fetch(`${fake.url}/c/pay/${id}`);
    const html = await page.text();
    expect(html).toContain('$1.33');
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('href="http://localhost:5173/billing-details"');
    const paid = await fetch(`${fake.url}/c/pay/${id}/complete`, {
      method: 'POST',
      body: new URLSearchParams({ card: 'success' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:5173/billing-success?session_id=${id}`);

    const checkout = await stripe.getCheckout(id);
    expect(checkout).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      subscription: { status: 'active', planType: 'monthly', owner, promoCode: 'one dolla holla', customerId },
      payment: { status: 'paid', amount: 133 },
    });
    expect(await readLatest('checkout.session.completed', id)).toMatchObject({
      kind: 'checkout',
      checkout: { id, status: 'complete', paymentStatus: 'paid', subscription: null, owner },
    });
  });

  it('opens a Checkout session for a guest’s lifetime plan in payment mode', async () => {
    const owner = guest();
    const { id } = await stripe.startCheckout({
      ...purchase('lifetime', owner),
      customerId: null,
      customerEmail: owner.kind === 'guest' ? owner.email : null,
      successUrl: 'http://localhost:5173/billing-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:5173/billing-details',
    });
    const declined = await fetch(`${fake.url}/c/pay/${id}/complete`, {
      method: 'POST',
      body: new URLSearchParams({ card: 'declined' }),
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await stripe.getCheckout(id)).toMatchObject({ status: 'open', payment: { status: 'failed' } });

    const session = fake.completeCheckout(id, 'success');
    expect(session).toMatchObject({
      status: 'complete',
      customer: null,
      customer_email: owner.kind === 'guest' ? owner.email : '',
    });
    expect(await stripe.getCheckout(id)).toMatchObject({
      mode: 'payment',
      paymentStatus: 'paid',
      owner,
      subscription: null,
      payment: { planType: 'lifetime', owner, status: 'paid', amount: 8159, subscriptionId: null },
    });
    const params = fake.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!.params;
    expect(params).toMatchObject({
      mode: 'payment',
      customer_email: owner.kind === 'guest' ? owner.email : '',
      payment_intent_data: { metadata: { planType: 'lifetime' } },
    });
    expect(params.subscription_data).toBeUndefined();
  });

  it('cancels at the period end: still active until the period is over, then canceled', async () => {
    const { subscription, owner } = await activeMonthly();
    const cancelled = await stripe.cancelAtPeriodEnd(subscription.id);
    expect(cancelled).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      owner,
      latestPayment: { status: 'paid' },
    });
    expect(await readLatest('customer.subscription.updated', subscription.id)).toMatchObject({
      kind: 'subscription',
      subscription: { id: subscription.id, cancelAtPeriodEnd: true, status: 'active' },
    });

    fake.endSubscription(subscription.id);
    expect(await stripe.getSubscription(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await readLatest('customer.subscription.deleted', subscription.id)).toMatchObject({
      kind: 'subscription',
      subscription: { status: 'canceled', owner },
    });
  });

  it('a failed renewal leaves the subscription past_due; a paid one moves it to the next period', async () => {
    const { subscription } = await activeMonthly();
    const periodEnd = (await stripe.getSubscription(subscription.id))!.currentPeriodEnd!;
    const failedInvoice = fake.renew(subscription.id, { fail: true });
    expect(failedInvoice).toMatchObject({ billing_reason: 'subscription_cycle', amount_due: 339, status: 'open' });
    expect(await stripe.getSubscription(subscription.id)).toMatchObject({
      status: 'past_due',
      latestPayment: { id: failedInvoice.id, status: 'open', amount: 339 },
    });
    expect(await readLatest('invoice.payment_failed', failedInvoice.id)).toMatchObject({
      kind: 'payment',
      payment: { id: failedInvoice.id, status: 'failed', amount: 339, planType: 'monthly' },
    });

    const paidInvoice = fake.renew(subscription.id);
    const renewed = await stripe.getSubscription(subscription.id);
    expect(renewed).toMatchObject({ status: 'active', latestPayment: { id: paidInvoice.id, status: 'paid' } });
    expect(Date.parse(renewed!.currentPeriodEnd!)).toBeGreaterThan(Date.parse(periodEnd) + 50 * DAY);
  });

  it('reads refunds as the refunded payment: a lifetime intent, or a subscription’s invoice', async () => {
    const owner = account();
    const customerId = await customerFor(owner);
    const { payment } = await stripe.startPayment({ ...purchase('lifetime', owner), customerId });
    fake.confirmPaymentIntent(payment.id, 'success');
    fake.refund(payment.id);
    expect(await readLatest('charge.refunded', payment.id)).toMatchObject({
      kind: 'payment',
      payment: { id: payment.id, paymentIntentId: payment.id, status: 'refunded', planType: 'lifetime', owner },
    });
    expect(await stripe.getPaymentIntent(payment.id)).toMatchObject({ status: 'refunded' });

    const monthly = await activeMonthly();
    fake.refund(monthly.paymentIntentId, { amount: 50 });
    expect(await readLatest('charge.refunded', monthly.paymentIntentId)).toMatchObject({
      kind: 'payment',
      payment: {
        id: monthly.subscription.latestPayment!.id,
        paymentIntentId: monthly.paymentIntentId,
        subscriptionId: monthly.subscription.id,
        status: 'partially_refunded',
        owner: monthly.owner,
      },
    });
  });

  it('reads each kind of event, and ignores what is not ours', async () => {
    const { subscription, paymentIntentId } = await activeMonthly();
    expect(await readLatest('customer.subscription.created', subscription.id)).toMatchObject({
      kind: 'subscription',
      stripeType: 'customer.subscription.created',
      subscription: { id: subscription.id, status: 'incomplete', latestPayment: null },
    });
    const paid = await readLatest('invoice.paid', subscription.id);
    expect(paid).toMatchObject({
      kind: 'payment',
      payment: { status: 'paid', subscriptionId: subscription.id, amount: 133, promoCode: 'one dolla holla' },
    });
    const event = fake.events('invoice.paid').find((candidate) => candidate.id === paid.id)!;
    expect(paid.created).toBe(event.created);
    expect(event).toMatchObject({ object: 'event', api_version: STRIPE_API_VERSION, livemode: false });
    // The invoice's own intent is told by the invoice's events.
    expect(await readLatest('payment_intent.succeeded', paymentIntentId)).toMatchObject({ kind: 'ignored' });
    expect(await readLatest('customer.created', String(subscription.customerId))).toMatchObject({
      kind: 'ignored',
      stripeType: 'customer.created',
    });
  });

  it('refuses forged, stale and foreign signatures with WebhookSignatureInvalid', async () => {
    const event = fake.events('invoice.paid')[0]!;
    const { body, signature } = fake.signedDelivery(event);
    await expect(stripe.readWebhook(body, signature)).resolves.toMatchObject({ id: event.id });

    const forged = body.replace('"paid"', '"void"');
    const stale = fake.signedDelivery(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const foreign = fake.signedDelivery(event, { secret: 'whsec_someone_else' });
    for (const [payload, header] of [
      [forged, signature],
      [stale.body, stale.signature],
      [foreign.body, foreign.signature],
      [body, 'not a signature'],
      [body, ''],
    ] as const) {
      const error = await rejection(stripe.readWebhook(payload, header));
      expect(error).toBeInstanceOf(WebhookSignatureInvalid);
      expect(error).toMatchObject({
        status: 400,
        message: 'Invalid Stripe signature.',
        extra: { error: 'Invalid Stripe signature.' },
      });
    }
  });

  it('answers null for ids Stripe does not know', async () => {
    expect(await stripe.getSubscription('sub_doesnotexist')).toBeNull();
    expect(await stripe.getCheckout('cs_test_doesnotexist')).toBeNull();
    expect(await stripe.getPaymentIntent('pi_doesnotexist')).toBeNull();
  });

  it('retries an answer lost on the way back with the same idempotency key: one subscription', async () => {
    const owner = account();
    const customerId = await customerFor(owner);
    const before = fake.events('customer.subscription.created').length;
    fake.failNext({ kind: 'connection_reset', method: 'POST', path: /^\/v1\/subscriptions$/, afterApply: true });
    const { subscription } = await stripe.startSubscription({ ...purchase('monthly', owner), customerId });
    expect(fake.events('customer.subscription.created')).toHaveLength(before + 1);
    const attempts = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/subscriptions',
    );
    expect(attempts.slice(-2)).toMatchObject([{ dropped: true }, { replayed: true, status: 200 }]);
    expect(attempts.at(-1)!.idempotencyKey).toBe(attempts.at(-2)!.idempotencyKey);
    expect(subscription.status).toBe('incomplete');
  });

  it('answers ServiceUnavailable when Stripe keeps failing, is rate limiting, or cannot be reached', async () => {
    const { subscription } = await startedMonthly();
    const message = 'The payment service is not reachable just now. Please try again in a moment.';
    fake.failNext({ kind: 'server_error', times: 3 });
    const failing = await rejection(stripe.getSubscription(subscription.id));
    expect(failing).toBeInstanceOf(ServiceUnavailable);
    expect(failing).toMatchObject({ status: 503, message, extra: { error: message } });

    fake.failNext({ kind: 'server_error', times: 2 });
    expect(await stripe.getSubscription(subscription.id)).toMatchObject({ id: subscription.id }); // retried twice

    fake.failNext({ kind: 'rate_limit' });
    expect(await rejection(stripe.getSubscription(subscription.id))).toBeInstanceOf(ServiceUnavailable);

    const unreachable = stripePaymentProvider({ ...options, apiUrl: `http://127.0.0.1:${await freePort()}` });
    expect(await rejection(unreachable.getSubscription(subscription.id))).toMatchObject({ status: 503, message });
  });

  it('answers ServiceUnavailable and logs an error when Stripe refuses our key', async () => {
    const refused = stripePaymentProvider({ ...options, secretKey: 'sk_test_revoked0000000000000000' });
    const error = await rejection(
      refused.createCustomer({ email: 'a@example.test', name: null, owner: account(), idempotencyKey: randomUUID() }),
    );
    expect(error).toBeInstanceOf(ServiceUnavailable);
    expect(error).toMatchObject({ message: 'Payment service authentication error. Our team has been notified.' });
    expect(logged.at(-1)).toMatchObject({ fields: { type: 'StripeAuthenticationError', statusCode: 401 } });
  });

  it('lets an invalid request of ours through as Stripe’s error', async () => {
    const error = await rejection(
      stripe.startSubscription({ ...purchase('monthly', account()), customerId: 'cus_doesnotexist' }),
    );
    // Our client's error (adapters/stripe/stripe-rest.ts) with the SDK's type name and fields.
    expect(error).toBeInstanceOf(StripeRestError);
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      param: 'customer',
      statusCode: 404,
    });
  });
});

describe('fake Stripe as Stripe answers', () => {
  it('answers 400 for an idempotency key reused with other parameters, and for unknown parameters', async () => {
    const idempotencyKey = randomUUID();
    await sdk.customers.create({ email: 'one@example.test' }, { idempotencyKey });
    expect(await rejection(sdk.customers.create({ email: 'two@example.test' }, { idempotencyKey }))).toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
    expect(
      await rejection(sdk.customers.create({ email: 'x@example.test', shoe_size: 42 } as Stripe.CustomerCreateParams)),
    ).toMatchObject({ type: 'StripeInvalidRequestError', code: 'parameter_unknown', param: 'shoe_size' });
    expect(await rejection(sdk.products.create({ id: 'meetwise_monthly', name: 'Again' }))).toMatchObject({
      code: 'resource_already_exists',
    });
  });

  it('lets the publishable key read and confirm an intent with its client secret, as Stripe.js does', async () => {
    const { paymentIntentId, clientSecret } = await startedMonthly();
    const api = `${fake.url}/v1/payment_intents/${paymentIntentId}`;
    const read = await fetch(
      `${api}?${new URLSearchParams({ key: fake.publishableKey, client_secret: clientSecret })}`,
    );
    expect(read.status).toBe(200);
    const view = (await read.json()) as Record<string, unknown>;
    expect(view).toMatchObject({ id: paymentIntentId, status: 'requires_payment_method', client_secret: clientSecret });
    expect(view).not.toHaveProperty('metadata');
    expect(view).not.toHaveProperty('customer');

    const wrong = await fetch(`${api}?${new URLSearchParams({ key: fake.publishableKey, client_secret: 'nope' })}`);
    expect(wrong.status).toBe(400);
    const forbidden = await fetch(`${fake.url}/v1/customers`, {
      method: 'POST',
      body: new URLSearchParams({ key: fake.publishableKey }),
    });
    expect(forbidden.status).toBe(403);

    const confirm = (card: string) =>
      fetch(`${api}/confirm`, {
        method: 'POST',
        body: new URLSearchParams({
          key: fake.publishableKey,
          client_secret: clientSecret,
          test_card: card,
          'payment_method_data[type]': 'card',
          'payment_method_data[billing_details][address][country]': 'US',
          'payment_method_data[billing_details][address][postal_code]': '10001',
          return_url: 'http://localhost:5173/billing-success',
        }),
      });
    const declined = await confirm('4000000000000002');
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: { id: paymentIntentId, status: 'requires_payment_method' },
      },
    });
    const paid = await confirm('4242 4242 4242 4242');
    expect(await paid.json()).toMatchObject({ id: paymentIntentId, status: 'succeeded' });
    expect(paid.headers.get('access-control-allow-origin')).toBe('*');
    const again = await confirm('4242424242424242');
    expect(await again.json()).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
  });

  it('records events in order and forwards them, signed, to a webhook URL', async () => {
    const received: { signature: string | null; type: string }[] = [];
    const { createServer } = await import('node:http');
    const port = await freePort();
    const endpoint = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const event = sdk.webhooks.constructEvent(
          body,
          String(request.headers['stripe-signature']),
          fake.webhookSecret,
        );
        received.push({ signature: String(request.headers['stripe-signature']), type: event.type });
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(port, '127.0.0.1', resolve));
    try {
      fake.forwardEventsTo(`http://127.0.0.1:${port}/api/stripe/webhook`);
      const { paymentIntentId } = await startedMonthly();
      fake.confirmPaymentIntent(paymentIntentId, 'success');
      fake.forwardEventsTo(null);
      const deliveries = await fake.deliveries();
      expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
      const types = received.map((delivery) => delivery.type);
      // Products and coupons are made once per plan and amount, by whichever test comes first.
      expect(types.filter((type) => !['product.created', 'coupon.created'].includes(type))).toEqual([
        'customer.created',
        'customer.subscription.created',
        'invoice.created',
        'invoice.finalized',
        'payment_intent.created',
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice_payment.paid',
        'invoice.paid',
        'invoice.payment_succeeded',
        'customer.subscription.updated',
      ]);
    } finally {
      fake.forwardEventsTo(null);
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });
});
