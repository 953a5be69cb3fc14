import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';

import { composeDeps } from '#functions/composition';
import { parseConfig, type Config } from '#functions/config';
import { TEST_CARD_NUMBERS } from '#test/fakes/stripe';
import { installFakeStripe } from '#test/fakes/stripe-js';
import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { endTrial } from '#test/support/api-client';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { newHost } from '#test/support/e2e-hosts';
import { fakesApp, sharedFakes } from '#test/support/fakes-app';

/**
 * Billing in the browser (issue 18) against the fake Stripe (test/fakes/stripe.ts) and the fake Stripe.js
 * (test/fakes/stripe-js.ts), which Playwright serves for js.stripe.com, api.stripe.com and checkout.stripe.com: the
 * app runs as `npm start` runs it with STRIPE_* pointing at the fake (the app shared with the other files against the
 * fakes, test/support/fakes-app.ts) (which forwards its webhooks to the app, as
 * `stripe listen` would). A host whose trial is over pays monthly with "one dolla holla" and can activate events
 * again, then cancels at period end and reads the history; another host's card is declined, then goes through
 * Stripe Checkout (cancelled once, then paid); a guest pays and claims the plan by registering and verifying.
 */

const { stripe: fake } = await sharedFakes();

const stack = browserStackPerFile({ app: fakesApp });

const ZONE = 'America/New_York';
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: ZONE });
const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: ZONE });

let config: Config;
beforeAll(() => {
  // The app against the fakes (test/support/fakes-app.ts): its DynamoDB Local and table, from its start-up banner.
  const banner = /DynamoDB:\s+(\S+) \(table "([^"]+)"/.exec(stack.app.output());
  if (!banner) throw new Error(`No DynamoDB line in the banner:\n${stack.app.output()}`);
  config = parseConfig({
    DYNAMODB_ENDPOINT: banner[1]!.replace('//localhost:', '//127.0.0.1:'),
    TABLE_NAME: banner[2]!,
    AWS_REGION: 'us-east-1',
    LOG_LEVEL: 'error',
  });
  fake.forwardEventsTo(`${stack.app.baseUrl}/api/stripe/webhook`);
});

interface SubscriptionStatusBody {
  status: string;
  planType: string | null;
  id: string | null;
  nextBillingDate: string | null;
  cancelAtPeriodEnd: boolean;
}

/** A browser page (New York time, the fake Stripe.js installed), signed in with `cookie` when given. */
async function openPage(
  path: string,
  options: { cookie?: string; width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await stack.browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    timezoneId: ZONE,
  });
  await installFakeStripe(context, fake);
  if (options.cookie) {
    await context.addCookies(
      options.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: stack.app.baseUrl };
      }),
    );
  }
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}${path}`);
  return page;
}

/** A new host with one inactive event type; `expired`: the account was made 8 days ago (its trial is over). */
async function host(name: string, expired: boolean) {
  const registered = await newHost(stack.app.baseUrl, name);
  const title = `Billing Review ${randomBytes(3).toString('hex')}`;
  await registered.createEvent({ title, active: false });
  const me = (await (
    await fetch(`${stack.app.baseUrl}/api/me`, { headers: { cookie: registered.cookie } })
  ).json()) as {
    user: { email: string };
  };
  if (expired) {
    const account = await composeDeps(config).accounts.findByEmail(me.user.email);
    await endTrial(config, account!.id);
  }
  return { cookie: registered.cookie, email: me.user.email, title };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const statusOf = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/subscription/status')).json()) as SubscriptionStatusBody);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const currentPlan = (page: Page) => page.getByRole('region', { name: 'Current Plan' });
const textOf = async (page: Page, name: string) => (await page.getByRole('region', { name }).textContent()) ?? '';

/** Billing History's rows: description, amount and status of each payment, newest first. */
const historyRows = async (page: Page) =>
  Promise.all(
    (await page.getByRole('table', { name: 'Your payments, newest first' }).locator('tbody tr').all()).map(
      async (row) => (await row.getByRole('cell').allTextContents()).slice(1).map((text) => text.trim()),
    ),
  );

/**
 * The form's "Card number" once the Payment Element is in it. A form that ends on "Payment Error", or is not ready
 * in time, fails the test with what it says and the app's last lines (a clean-clone run saw every payment form of
 * this file stay unready once, and said no more).
 */
async function cardNumberOf(form: Locator): Promise<Locator> {
  const cardNumber = form.getByLabel('Card number');
  const explain = async (what: string) =>
    `${what}. It says: ${(await form.textContent().catch(() => null)) ?? '(no form)'}\nThe app's last lines:\n${stack.app.output().slice(-3000)}`;
  try {
    await cardNumber.or(form.getByRole('alert')).first().waitFor();
  } catch (error) {
    throw new Error(await explain('The payment form did not get ready'), { cause: error });
  }
  if (!(await cardNumber.isVisible())) throw new Error(await explain('The payment form failed'));
  return cardNumber;
}

/** Opens the plan's embedded form and pays with `card`, typed into the (fake) Payment Element. */
async function payEmbedded(page: Page, plan: string, card: string, payButton: string | RegExp = /^Pay \$/) {
  await page.getByRole('button', { name: `Choose ${plan}` }).click();
  const form = page.getByRole('region', { name: `Pay for the ${plan}` });
  await (await cardNumberOf(form)).fill(card);
  await form.getByLabel('Expiration').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  const pay = form.getByRole('button', { name: payButton });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
}

/** The card menu of an event type on the dashboard's Inactive tab: the names of its items. */
async function inactiveMenuItems(page: Page, title: string): Promise<string[]> {
  await page.getByRole('tab', { name: 'Inactive' }).click();
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: `Options for ${title}` }).click();
  return (await card.getByRole('menuitem').allTextContents()).map((item) => item.trim());
}

/** Every webhook the fake forwarded so far was answered 200. */
async function expectWebhooksAccepted() {
  const deliveries = await fake.deliveries();
  expect(deliveries.length).toBeGreaterThan(0);
  expect(deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
}

describe('a host whose trial is over', () => {
  let expiredHost: Awaited<ReturnType<typeof host>>;
  beforeAll(async () => {
    expiredHost = await host('Hedy Lamarr', true);
  });

  it('pays monthly with "one dolla holla" in the embedded form: $1 + fee charged, plan active, events activate', async () => {
    const page = await openPage('/events', { cookie: expiredHost.cookie });
    // Expired: the banner, and 'Upgrade to Activate' instead of 'Activate'.
    const banner = page.getByRole('region', { name: 'Free Trial - Expired' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await inactiveMenuItems(page, expiredHost.title)).toContain('Upgrade to Activate');
    await page.keyboard.press('Escape');
    await banner.getByRole('link', { name: 'Upgrade Now' }).click();
    await expect.poll(() => pathOf(page)).toBe('/billing-details');
    await expect.poll(() => textOf(page, 'Current Plan')).toContain('Free Trial');
    expect(await textOf(page, 'Current Plan')).toMatch(/ExpiredExpired on \w+ \d+, \d{4}/);

    // The promo box: Apply waits for a code; an unknown code is refused in the server's words; a code is trimmed
    // and matched in any case; Remove goes back to no code.
    const promo = page.getByRole('region', { name: 'Promo code' });
    const input = promo.getByLabel('Have a promo code?');
    await input.waitFor();
    expect(await promo.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await input.fill('free lunch');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => promo.getByRole('alert').textContent())
      .toBe('Invalid promo code: The promo code "free lunch" is not valid.');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await input.fill('  One Dolla HOLLA ');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => promo.getByRole('status').textContent()).toContain('Promo code applied: one dolla holla');
    expect(await promo.getByRole('status').textContent()).toContain(
      '67% off the Monthly Plan. The discount applies to your first payment only.',
    );
    await promo.getByRole('button', { name: 'Remove promo code one dolla holla' }).click();
    await expect.poll(() => input.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('article', { name: 'Monthly Plan' }).textContent()).toContain('$3.39');
    await input.fill('one dolla holla');
    await page.keyboard.press('Enter');
    await expect.poll(() => promo.getByRole('status').isVisible()).toBe(true);
    const monthly = page.getByRole('article', { name: 'Monthly Plan' });
    await expect.poll(() => monthly.textContent()).toContain('Total$1.33');
    expect(await monthly.textContent()).toContain(
      'Promo price applies to your first payment only; then $3.39 per month',
    );
    await expectNoSeriousA11yViolations(page);

    await payEmbedded(page, 'Monthly Plan', TEST_CARD_NUMBERS.success, 'Pay $1.33');
    await expect
      .poll(() => page.getByText('Payment succeeded! Your account will be updated shortly.').isVisible())
      .toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/events');

    const status = await statusOf(page);
    expect(status).toMatchObject({ status: 'active', planType: 'monthly', cancelAtPeriodEnd: false });
    // At Stripe: the browser confirmed with the publishable key; the first invoice charged $1 + fee, the plan
    // renews at the list price plus its fee.
    const subscription = fake.object<Stripe.Subscription>(status.id!)!;
    const invoice = fake.object<Stripe.Invoice>(subscription.latest_invoice as string)!;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 133 });
    expect(subscription.items.data[0]!.price.unit_amount).toBe(339);
    const confirmed = fake.requests.filter((request) => request.path.endsWith('/confirm'));
    expect(confirmed.at(-1)).toMatchObject({ method: 'POST', key: 'publishable', status: 200 });

    // The dashboard: no trial banner, and the inactive event can be activated.
    await expect.poll(() => page.getByRole('region', { name: 'Free Trial - Expired' }).count()).toBe(0);
    const items = await inactiveMenuItems(page, expiredHost.title);
    expect(items).toContain('Activate');
    expect(items).not.toContain('Upgrade to Activate');
    await page
      .getByRole('article', { name: expiredHost.title, exact: true })
      .getByRole('menuitem', { name: 'Activate', exact: true })
      .click();
    await expect.poll(() => toast(page, 'Event activated').isVisible()).toBe(true);
    await expectWebhooksAccepted();
    await page.context().close();
  });

  it('cancels at the end of the period: the card says when the plan ends, Stripe will not renew it', async () => {
    const page = await openPage('/billing-details', { cookie: expiredHost.cookie });
    const status = await statusOf(page);
    const ends = longDate.format(new Date(status.nextBillingDate!));
    await expect.poll(() => textOf(page, 'Current Plan')).toContain(`Next billing date: ${ends}`);
    expect(await textOf(page, 'Current Plan')).toContain('Monthly PlanActive');
    // The plan's price comes with the plans' figures, a call of its own that may answer after the status.
    await expect.poll(() => textOf(page, 'Current Plan')).toContain('$3.39, processing fee included');
    // No plans to buy while one is active.
    expect(await page.getByRole('region', { name: 'Subscription Plans' }).count()).toBe(0);

    await currentPlan(page).getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await expect
      .poll(() => dialog.textContent())
      .toContain('Your subscription will be canceled at the end of the current billing period.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect.poll(() => toast(page, 'Subscription Canceled').isVisible()).toBe(true);
    await expect.poll(() => textOf(page, 'Current Plan')).toContain(`Your plan ends on ${ends} and will not renew.`);
    expect(await textOf(page, 'Current Plan')).toContain('Ends soon');
    expect(await currentPlan(page).getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);

    expect(fake.object<Stripe.Subscription>(status.id!)?.cancel_at_period_end).toBe(true);
    // Still in force until then.
    expect(await statusOf(page)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await expectWebhooksAccepted();
    await page.context().close();
  });

  it('lists the payment in Billing History; the page at 375 px in dark has no serious a11y violations', async () => {
    const page = await openPage('/billing-details', { cookie: expiredHost.cookie, width: 375, colorScheme: 'dark' });
    const table = page.getByRole('table', { name: 'Your payments, newest first' });
    await table.waitFor();
    expect((await table.getByRole('columnheader').allTextContents()).map((text) => text.trim())).toEqual([
      'Date',
      'Description',
      'Amount',
      'Status',
    ]);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    const cells = (await rows.first().getByRole('cell').allTextContents()).map((text) => text.trim());
    const paidAt = await rows.first().locator('time').getAttribute('datetime');
    expect(Math.abs(Date.parse(paidAt!) - Date.now())).toBeLessThan(10 * 60_000);
    expect(cells).toEqual([
      mediumDate.format(new Date(paidAt!)),
      'Monthly Plan (promo one dolla holla)',
      '$1.33',
      'Paid',
    ]);

    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
});

describe('a host paying with a declined card, then on Stripe Checkout', () => {
  let payer: Awaited<ReturnType<typeof host>>;
  beforeAll(async () => {
    payer = await host('Radia Perlman', false);
  });

  it('shows "Card declined: …" from the form and leaves the plan inactive', async () => {
    const page = await openPage('/billing-details', { cookie: payer.cookie });
    await expect.poll(() => textOf(page, 'Current Plan')).toContain('Free Trial');
    await payEmbedded(page, 'Annual Plan', TEST_CARD_NUMBERS.declined, 'Pay $30.14');
    const form = page.getByRole('region', { name: 'Pay for the Annual Plan' });
    await expect
      .poll(async () => (await form.getByRole('alert').allTextContents()).map((text) => text.trim()))
      .toContain('Card declined: generic_decline');
    // Nothing bought: the form stays open to try another card, the host has no plan.
    expect(await form.getByRole('button', { name: 'Pay $30.14' }).isEnabled()).toBe(true);
    expect(await page.getByText('Payment succeeded!').count()).toBe(0);
    expect((await statusOf(page)).status).toBe('none');
    // Once Stripe's webhooks are in: the attempt is in the history as failed, and still no plan.
    await expectWebhooksAccepted();
    await page.reload();
    await expect.poll(() => textOf(page, 'Current Plan')).toContain('Free Trial');
    await expect.poll(() => historyRows(page)).toEqual([['Annual Plan', '$30.14', 'Failed']]);
    expect((await statusOf(page)).status).toBe('none');
    await page.context().close();
  });

  it('goes to Stripe Checkout and back: Cancel says "Checkout Cancelled", Pay ends on "Payment Successful!"', async () => {
    const page = await openPage('/billing-details', { cookie: payer.cookie });
    const checkout = page.getByRole('button', { name: 'Pay on Stripe Checkout for the Annual Plan' });

    // Cancelled on Stripe's page: back on Billing Details with the toast, the marker gone from the address.
    await checkout.click();
    await expect.poll(() => page.url()).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect.poll(() => toast(page, 'Checkout Cancelled').isVisible()).toBe(true);
    expect(await toast(page, 'You can try again or choose a different plan.').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(pathOf(page)).toBe('/billing-details');
    expect((await statusOf(page)).status).toBe('none');

    // Paid on Stripe's page: the success page verifies, then says so.
    await checkout.click();
    await expect.poll(() => page.url()).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => page.getByText('Total due today: $30.14').isVisible()).toBe(true);
    await page.getByLabel('Test card').selectOption('success');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => pathOf(page)).toBe('/billing-success');
    expect(new URL(page.url()).searchParams.get('session_id')).toBe(sessionId);
    await page.getByRole('heading', { name: 'Processing your payment...' }).waitFor();
    const done = page.getByRole('heading', { name: 'Payment Successful!' });
    await expect.poll(() => done.isVisible()).toBe(true);
    expect(await page.getByText('Your Annual Plan is active. Thank you!').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/events');
    await expectNoSeriousA11yViolations(page);
    expect(fake.object<Stripe.Checkout.Session>(sessionId)).toMatchObject({ status: 'complete', amount_total: 3014 });

    await page.getByRole('link', { name: 'View Billing Details' }).click();
    await expect.poll(() => pathOf(page)).toBe('/billing');
    await expect.poll(() => textOf(page, 'Current Plan')).toContain('Annual PlanActive');
    expect(await statusOf(page)).toMatchObject({ status: 'active', planType: 'annual' });
    await expect
      .poll(() => historyRows(page))
      .toEqual([
        ['Annual Plan', '$30.14', 'Paid'],
        ['Annual Plan', '$30.14', 'Failed'],
      ]);
    await expectWebhooksAccepted();
    await page.context().close();
  });
});

describe('guest checkout', () => {
  /** The last link to `path` mailed to `address`. */
  async function mailedLink(address: string, path: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(async () => {
        const { emails } = (await (await fetch(`${stack.app.mailViewer}/store`)).json()) as {
          emails: { destination: { to: string[] }; body: { text?: string } }[];
        };
        const texts = emails.filter((mail) => mail.destination.to.includes(address)).map((mail) => mail.body.text);
        link = texts
          .reverse()
          .map((text) => text?.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))?.[0])
          .find(Boolean);
        return link;
      })
      .toBeDefined();
    return link!;
  }

  it('pays as a guest; registering and verifying the address claims the plan', async () => {
    const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'guest secret 42';
    const page = await openPage('/billing-details');
    const panel = page.getByRole('region', { name: 'Guest Checkout' });
    const address = panel.getByLabel('Email');
    const proceed = panel.getByRole('button', { name: 'Continue as Guest' });
    await address.waitFor();
    expect(await proceed.isDisabled()).toBe(true);
    await address.fill('guest@example');
    await address.blur();
    await expect.poll(() => panel.getByText('Please enter a valid email address').isVisible()).toBe(true);
    expect(await proceed.isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await address.fill(email);
    await expect.poll(() => panel.getByText('Please enter a valid email address').count()).toBe(0);
    await proceed.click();
    await expect.poll(() => panel.textContent()).toContain(`Paying as ${email}`);

    await payEmbedded(page, 'Lifetime Plan', TEST_CARD_NUMBERS.success, 'Pay $81.59');
    await expect
      .poll(() => page.getByText('Payment succeeded! Your account will be updated shortly.').isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByText(`Your plan will belong to the Meetwise account that verifies ${email}.`).count())
      .toBe(1);
    await expect.poll(() => pathOf(page)).toBe('/login');

    // Registered with that address and signed in: not yet proven, so not yet theirs.
    await page.goto(`${stack.app.baseUrl}/register-email`);
    await page.getByLabel('Full Name').fill('Guest Payer');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await page.getByLabel('Username or Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/events');
    expect((await statusOf(page)).status).toBe('none');

    // The mailed link proves the address: the plan is theirs.
    const link = await mailedLink(email, '/verify-email');
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'E-mail address confirmed' }).isVisible()).toBe(true);
    await page.goto(`${stack.app.baseUrl}/billing-details`);
    await expect.poll(() => textOf(page, 'Current Plan')).toContain('Lifetime PlanActive');
    expect(await textOf(page, 'Current Plan')).toContain('Paid once: no renewals.');
    expect(await statusOf(page)).toMatchObject({ status: 'active', planType: 'lifetime' });
    await expect.poll(() => historyRows(page)).toEqual([['Lifetime Plan', '$81.59', 'Paid']]);
    await expectWebhooksAccepted();
    await page.context().close();
  });
});
