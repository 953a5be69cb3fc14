import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DEMO_PAYMENTS_TEXTS } from '#frontend/features/billing/components/demo-payments-banner.tsx';
import { TEST_CARD_NUMBERS } from '#test/fakes/stripe';
import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { newHost } from '#test/support/e2e-hosts';

/**
 * `BILLING=demo npm start` (issue 30) as a newcomer tries it: the app started with only that switch runs the bundled
 * fake Stripe behind its own address, the billing screen says "Demo payments" with the test card, and a host pays
 * the monthly plan in the embedded form with that card, nothing else installed (no Stripe.js from the internet: the
 * page loads the fake one from the app's /demo-stripe/), and the plan is active.
 */

const stack = browserStackPerFile({ env: () => ({ BILLING: 'demo' }) });

async function openSignedIn(path: string, cookie: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: stack.app.baseUrl };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}${path}`);
  return page;
}

describe('demo payments on one machine', () => {
  it('says so on the billing screen and takes the test card through the bundled fake Stripe', async () => {
    expect(stack.app.output()).toMatch(/Payments:\s+demo/i);
    const host = await newHost(stack.app.baseUrl, 'Demo Payer');
    const page = await openSignedIn('/billing-details', host.cookie, 'dark');
    const stripeLoads: string[] = [];
    page.on('request', (request) => {
      if (/stripe/i.test(request.url())) stripeLoads.push(new URL(request.url()).origin);
    });

    const banner = page.getByRole('region', { name: DEMO_PAYMENTS_TEXTS.title });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain('4242 4242 4242 4242');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Choose Monthly Plan' }).click();
    const form = page.getByRole('region', { name: 'Pay for the Monthly Plan' });
    await form.getByLabel('Card number').fill(TEST_CARD_NUMBERS.success);
    await form.getByLabel('Expiration').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    const pay = form.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await expect
      .poll(() => page.getByText('Payment succeeded! Your account will be updated shortly.').isVisible())
      .toBe(true);
    await expect
      .poll(async () =>
        page.evaluate(
          async () => ((await (await fetch('/api/subscription/status')).json()) as { status: string }).status,
        ),
      )
      .toBe('active');
    // Everything Stripe came from the app's own address.
    expect(new Set(stripeLoads)).toEqual(new Set([stack.app.baseUrl]));
    await page.context().close();
  });
});
