import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { requestsSettled } from '#test/support/page-state';

/**
 * Accounts in the browser (issue 5): registration by e-mail, sign-in with the e-mail, the login guard's return to
 * the page asked for, a wrong password, sign-out through the user menu, the Google error card. The host console does
 * not exist yet, so /events and /profile-settings show the not-found content behind the guard: URLs are asserted.
 */

const stack = browserStackPerFile();

const PASSWORD = 'correct-horse-42';
const account = { name: 'Ada Lovelace', email: `e2e-auth-${Date.now()}@example.com` };

const openPage = stack.openPage;

/**
 * This app runs without Google, so the sign-in pages hide their Google buttons (issue 15 item 10); a test of the
 * buttons answers GET /api/auth/debug-url as a configured server would, before the page loads.
 */
async function openWithGoogleConfigured(path: string, googleAuthUrl = 'https://accounts.google.com/o/oauth2/v2/auth') {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await context.route('**/api/auth/debug-url', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        oauth: {
          googleConfigured: true,
          googleAuthUrl,
          callbackUrl: `${stack.app.baseUrl}/api/auth/google/callback`,
          origin: stack.app.baseUrl,
          environment: 'local',
        },
      }),
    }),
  );
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}${path}`);
  return page;
}

const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Registers the test account through the API when the registration test has not (run in isolation). */
let registered = false;
async function ensureAccount(): Promise<void> {
  if (registered) return;
  const response = await fetch(`${stack.app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, password: PASSWORD }),
  });
  expect([201, 409]).toContain(response.status);
  registered = true;
}

describe('registration and sign-in', () => {
  it('validates the registration form, creates the account and goes on to /login', async () => {
    const page = await openPage('/register-email');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const messages = [
      'Full name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Password must be at least 6 characters.',
    ];
    for (const text of messages) await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
    // The first invalid field has focus and is described by its message.
    const name = page.getByLabel('Full Name');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toBe('register-name-error');
    // The e-mail-only page has no Google button.
    expect(await page.getByRole('button', { name: /Google/ }).count()).toBe(0);

    await name.fill('A');
    await page.getByLabel('Email', { exact: true }).fill('ada@');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const text of messages) await expect.poll(() => page.getByText(text).isVisible()).toBe(true);

    await name.fill(account.name);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Account created!').isVisible()).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/login');
    registered = true;

    // The same e-mail again, by someone else (another password; the same one would be a retry, answered as the
    // first): the server's 409 message.
    await page.goto(`${stack.app.baseUrl}/register`);
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(`${PASSWORD}-other`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Registration failed').isVisible()).toBe(true);
    expect(await page.getByText('An account with this email already exists.').first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('signs in with the e-mail, lands on /events, shows the user menu and signs out through it', async () => {
    await ensureAccount();
    const page = await openPage('/login');
    await signIn(page, account.email, PASSWORD);
    await expect.poll(() => page.getByText('Login successful').isVisible()).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/events');

    // Signed in on a host-area path: Help and the user menu instead of Login.
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: account.name });
    await expect.poll(() => menuButton.isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: /Help/ }).getAttribute('target')).toBe('_blank');
    expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);

    // Keyboard: Enter opens with focus on the first item, arrows move, Escape closes and returns focus.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focusedText).toBe('Bookings');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText()).toBe('Teams');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText()).toBe('Logout');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(
      await page
        .getByRole('menuitem', { includeHidden: true })
        .evaluateAll((items) => items.map((item) => item.textContent)),
    ).toEqual(['Bookings', 'Teams', 'Calendar Sync', 'Integrations', 'Profile Settings', 'Billing Details', 'Logout']);

    await menuButton.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => page.getByText('Logged out').isVisible()).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/');
    // The session is gone: a guarded page sends the visitor to /login again.
    await page.goto(`${stack.app.baseUrl}/events`);
    await expect.poll(() => pathOf(page)).toBe('/login');
    await page.context().close();
  });

  it('sends a signed-out visitor from a guarded page to /login and back to it after sign-in', async () => {
    await ensureAccount();
    const page = await openPage('/profile-settings?tab=1');
    await expect.poll(() => pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.getItem('meetwise.redirectAfterLogin'))).toBe(
      '/profile-settings?tab=1',
    );
    await signIn(page, account.email, PASSWORD);
    await expect.poll(() => pathOf(page)).toBe('/profile-settings?tab=1');
    expect(await page.evaluate(() => sessionStorage.getItem('meetwise.redirectAfterLogin'))).toBeNull();

    // Signed in, /login goes straight on to /events.
    await page.goto(`${stack.app.baseUrl}/login`);
    await expect.poll(() => pathOf(page)).toBe('/events');
    await page.context().close();
  });

  it('shows "Login failed" with the server message for a wrong password, and the field messages for empty fields', async () => {
    await ensureAccount();
    const page = await openPage('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByText('Username or email is required').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);

    await signIn(page, account.email, 'not-the-password');
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    expect(await page.getByText('Invalid username or password').first().isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/login');
    await page.context().close();
  });
});

describe('sign-in page', () => {
  it('shows the Google Authentication Error card for ?error=', async () => {
    const page = await openWithGoogleConfigured('/login?error=redirect_uri_mismatch');
    const card = page.getByRole('alert').filter({ hasText: 'Google Authentication Error' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain('redirect_uri_mismatch');
    expect(await card.textContent()).toContain('redirect URL');
    expect(await card.getByRole('link').getAttribute('href')).toBe('/register');
    expect(await page.getByRole('button', { name: 'Sign in with Google' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Create New Account' }).getAttribute('href')).toBe('/register');
    await page.context().close();
  });

  it('opens the Google fallback dialog 3 seconds after starting Google sign-in when the browser stays', async () => {
    // The browser stays on the page when the Google route answers 204; the debug route gives the full OAuth URL
    // (and says Google is configured, so the login page shows its Google button).
    const oauthUrl = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=test';
    const page = await openWithGoogleConfigured('/login', oauthUrl);
    await page.route('**/api/auth/google?type=login', (route) => route.fulfill({ status: 204 }));
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Google Authentication' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(await dialog.textContent()).toContain(
      "If automatic redirection didn't work, please try one of these options:",
    );
    const links = dialog.getByRole('link');
    await expect.poll(() => links.count()).toBe(3);
    expect(
      await links.evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('href'), a.getAttribute('target')])),
    ).toEqual([
      ['/api/auth/google?type=login', '_blank'],
      ['/api/auth/debug-url', '_blank'],
      [oauthUrl, '_blank'],
    ]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });

  it('shows the auth result page, and goes on to the remembered page when the auth_success cookie is set', async () => {
    await ensureAccount();
    const failed = await openPage('/auth-success/failure');
    await expect.poll(() => failed.getByRole('heading', { name: 'Authentication Failed' }).isVisible()).toBe(true);
    expect(await failed.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    expect(await failed.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    await failed.context().close();

    const page = await openPage('/login');
    await signIn(page, account.email, PASSWORD);
    await expect.poll(() => pathOf(page)).toBe('/events');
    // Success without the cookie: welcome, countdown, then /events.
    await page.goto(`${stack.app.baseUrl}/auth-success`);
    await expect.poll(() => page.getByRole('heading', { name: 'Authentication Successful!' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`Welcome, ${account.email}!`).isVisible()).toBe(true);
    await expect.poll(() => pathOf(page), { timeout: 8_000 }).toBe('/events');
    // With the cookie: straight on to the remembered page; the cookie is cleared.
    await page.evaluate(() => {
      sessionStorage.setItem('meetwise.redirectAfterLogin', '/billing-details');
      document.cookie = 'auth_success=1; path=/';
    });
    await page.goto(`${stack.app.baseUrl}/auth-success/success`);
    await expect.poll(() => pathOf(page)).toBe('/billing-details');
    expect(await page.evaluate(() => document.cookie)).not.toContain('auth_success');
    await page.context().close();
  });

  it('keeps the auth code and the current-user call off the public booking page', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${stack.app.baseUrl}/book/intro-call`);
    await requestsSettled(page);
    expect(requested.filter((path) => path === '/api/me' || path.includes('auth-screens'))).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations in light and dark, wide and narrow', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        for (const path of ['/login?error=redirect_uri_mismatch', '/register', '/auth-success/failure']) {
          const page = await openPage(path, { colorScheme, width });
          await requestsSettled(page);
          await expectNoSeriousA11yViolations(page);
          await page.context().close();
        }
      }
    }
  });
});
