import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { mailedLink } from '#test/support/mail-store';

/**
 * Links in e-mails survive mail scanners (issue 13, item 8): a mailed sign-in link opens a page with one button;
 * opening it (as a scanner does) signs nobody in and uses nothing up; the button's POST signs in.
 */

const stack = browserStackPerFile();

function mailedLinkTo(address: string, page = '/sign-in-link'): Promise<string> {
  return mailedLink(
    stack.app.mailViewer,
    address,
    (texts) => texts.at(-1)?.match(new RegExp(`https?://\\S+${page}\\?token=[\\w-]+`))?.[0],
    `No ${page} link was mailed to ${address}`,
  );
}

async function register(account: { name: string; email: string; password: string }): Promise<void> {
  const registered = await fetch(`${stack.app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(registered.status).toBe(201);
}

describe('a mailed sign-in link', () => {
  it('opens a page that signs in only when its button is pressed', async () => {
    const email = `linked-${randomBytes(4).toString('hex')}@example.com`;
    await register({ name: 'Lin Ked', email, password: 'linked secret' });

    const page = await stack.openPage('/direct-login', { width: 375 });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect.poll(() => page.getByRole('status').first().isVisible()).toBe(true);

    const link = await mailedLinkTo(email);
    // A scanner's visit: the page loads and nothing is used up.
    expect((await fetch(link)).status).toBe(200);
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Meetwise' }).isVisible()).toBe(true);
    const me = () =>
      page.evaluate(
        async () => ((await (await fetch('/api/me')).json()) as { user: { email: string } | null }).user?.email ?? null,
      );
    expect(await me()).toBeNull();
    await expectNoSeriousA11yViolations(page);
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls).toBe(false);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/(auth-success|events)/);
    expect(await me()).toBe(email);
    await page.context().close();
  });

  it('confirms an address only for the account signed in: signed out, the page asks to sign in and comes back', async () => {
    const email = `confirm-${randomBytes(4).toString('hex')}@example.com`;
    await register({ name: 'Con Firm', email, password: 'confirm secret' });
    const link = await mailedLinkTo(email, '/verify-email');

    const page = await stack.openPage(new URL(link).pathname + new URL(link).search, { width: 375 });
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Please sign in to the Meetwise account that asked for this link');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username or Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('confirm secret');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Back on the link's page, signed in: the same link now confirms.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/verify-email');
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'E-mail address confirmed' }).isVisible()).toBe(true);
    await page.context().close();
  });
});
