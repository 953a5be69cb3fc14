import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { requestsSettled } from '#test/support/page-state';

/**
 * Profile settings in the browser: name and e-mail, the photo (the
 * browser's checks, the server's check of the bytes, upload and removal), deleting the account; and the two public
 * sign-in helpers, /direct-login (mails a one-time link, signs nobody in) and /oauth-config.
 */

const stack = browserStackPerFile();
const openPage = stack.openPage;

const PASSWORD = 'profile-pass-42';

/** A valid 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const pathOf = (page: Page): string => new URL(page.url()).pathname;

let accounts = 0;
/** A fresh account, registered through the API. */
async function newAccount(): Promise<{ name: string; email: string }> {
  accounts += 1;
  const account = { name: 'Grace Hopper', email: `e2e-profile-${Date.now()}-${accounts}@example.com` };
  const response = await fetch(`${stack.app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return account;
}

async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** /profile-settings for a new account: the guard sends the visitor to /login and back after signing in. */
async function openProfileSettings(options: { colorScheme?: 'light' | 'dark'; width?: number } = {}) {
  const account = await newAccount();
  const page = await openPage('/profile-settings', options);
  await expect.poll(() => pathOf(page)).toBe('/login');
  await signIn(page, account.email);
  await expect.poll(() => pathOf(page)).toBe('/profile-settings');
  // The screen's code and its first reads come after the sign-in's redirect: on a loaded CI machine (two test files
  // at once beside the app) this has taken more than the default 10 s once.
  await expect
    .poll(() => page.getByRole('heading', { name: 'Profile Settings', level: 1 }).isVisible(), { timeout: 30_000 })
    .toBe(true);
  return { page, account };
}

describe('profile settings', () => {
  it('shows the account, changes the name (toast and header label follow) and refuses an invalid e-mail', async () => {
    const { page, account } = await openProfileSettings();
    expect(await page.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/events');

    const username = page.getByLabel('Username');
    expect(await username.getAttribute('readonly')).not.toBeNull();
    expect(await username.inputValue()).not.toBe('');
    expect(
      await page.getByText('Usernames cannot be changed as they need to remain unique for every user.').isVisible(),
    ).toBe(true);
    expect(await page.getByLabel('Full Name').inputValue()).toBe(account.name);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
    // No photo yet: the initials, and no Remove Photo.
    expect(await page.getByText('No profile photo').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Remove Photo' }).count()).toBe(0);

    // The shared schema's messages, before any call.
    await page.getByLabel('Full Name').fill(' ');
    await page.getByLabel('Email', { exact: true }).fill('grace@');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Name is required.').isVisible()).toBe(true);
    expect(await page.getByText('Please enter a valid email address.').isVisible()).toBe(true);
    expect(await page.getByLabel('Full Name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Full Name').fill('Grace B. Hopper');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Profile updated').isVisible()).toBe(true);
    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('button', { name: 'Grace B. Hopper' }).isVisible()).toBe(true);

    // The change is stored: a reload shows it.
    await page.reload();
    await expect.poll(() => page.getByLabel('Full Name').inputValue()).toBe('Grace B. Hopper');

    // Another account's e-mail: the server's 409 under the Email field.
    const other = await newAccount();
    await page.getByLabel('Email', { exact: true }).fill(other.email);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => page.getByText('An account with this email already exists.').first().isVisible())
      .toBe(true);
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  it('checks a chosen photo in the browser, lets the server refuse non-image bytes, uploads and removes a photo', async () => {
    const { page } = await openProfileSettings();
    const chooser = page.getByLabel('Choose a new photo');

    // The browser's checks: the type (from the name) and the size.
    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByText('Please select an image file (JPG, PNG, etc).').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Photo' }).count()).toBe(0);
    await chooser.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
    await expect.poll(() => page.getByText('Please select an image smaller than 2MB.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Photo' }).count()).toBe(0);

    // A text file named .png passes the browser's check (its type is image/png); the server reads the bytes.
    await chooser.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture'),
    });
    await page.getByRole('button', { name: 'Save Photo' }).click();
    await expect.poll(() => page.getByText('Upload failed').first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Please choose an image file (PNG, JPEG, GIF or WebP).').first().isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('button', { name: 'Save Photo' }).count()).toBe(0);

    // A real PNG: previewed, then uploaded.
    await chooser.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const preview = page.getByRole('img', { name: 'Preview of your new profile photo' });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Save Photo' }).click();
    await expect.poll(() => page.getByText('Photo uploaded').isVisible()).toBe(true);
    const photo = page.getByRole('img', { name: 'Profile photo' });
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/photos\//);
    // The stored photo is served: the browser decodes the 1×1 image.
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    const me = await page.evaluate(
      async () => (await (await fetch('/api/me')).json()) as { user: { photoUrl: string } },
    );
    expect(await photo.getAttribute('src')).toBe(me.user.photoUrl);

    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await expect.poll(() => page.getByText('Photo removed').isVisible()).toBe(true);
    await expect.poll(() => photo.count()).toBe(0);
    expect(await page.getByText('No profile photo').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Remove Photo' }).count()).toBe(0);
    await page.context().close();
  });

  it('deletes the account after confirmation: lands on / and the account can no longer sign in', async () => {
    const { page, account } = await openProfileSettings();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Issue 30: a subscription ends with the account, at once.
    expect(await dialog.textContent()).toContain(
      'it is cancelled at once and you will not be charged again. This cannot be undone.',
    );
    await expectNoSeriousA11yViolations(page);

    // Cancel keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect.poll(() => page.getByText('Account deleted').isVisible()).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/');
    const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { user: unknown });
    expect(me.user).toBeNull();

    await page.goto(`${stack.app.baseUrl}/login`);
    await signIn(page, account.email);
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    expect(await page.getByText('Invalid username or password').first().isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/login');
    await page.context().close();
  });

  it('has no serious accessibility violations in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openProfileSettings({ colorScheme });
      await requestsSettled(page);
      await expectNoSeriousA11yViolations(page);
      // With a refused file's message showing.
      await page
        .getByLabel('Choose a new photo')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid file type' }).isVisible()).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await page.context().close();
    }
  });
});

describe('sign-in helpers', () => {
  it('/direct-login asks for the e-mail, sends the request and shows the server message without signing in', async () => {
    const account = await newAccount();
    const page = await openPage('/direct-login');
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect.poll(() => page.getByText('Please enter your email').isVisible()).toBe(true);
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/manual-login'));
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    const { message } = (await (await answer).json()) as { message: string };
    expect(message).not.toBe('');
    await expect.poll(() => page.getByRole('heading', { name: 'Check your e-mail' }).isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: message }).isVisible()).toBe(true);

    // Nobody is signed in by the form.
    const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { user: unknown });
    expect(me.user).toBeNull();
    await page.context().close();
  });

  it('/oauth-config shows the public sign-in configuration', async () => {
    const response = await fetch(`${stack.app.baseUrl}/api/auth/debug-url`);
    expect(response.status).toBe(200);
    const { oauth } = (await response.json()) as {
      oauth: {
        googleConfigured: boolean;
        googleAuthUrl: string | null;
        callbackUrl: string;
        origin: string;
        environment: string;
      };
    };
    const page = await openPage('/oauth-config');
    await expect.poll(() => page.getByRole('heading', { name: 'OAuth Configuration' }).isVisible()).toBe(true);
    const list = page.locator('dl');
    await expect.poll(() => list.isVisible()).toBe(true);
    const entries = await list
      .locator('dt')
      .evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(entries).toEqual([
      ['Google sign-in configured', oauth.googleConfigured ? 'Yes' : 'No'],
      ['Origin', oauth.origin],
      ['Callback URL', oauth.callbackUrl],
      ['Environment', oauth.environment],
      ['Google auth URL', oauth.googleAuthUrl ?? 'Not available'],
    ]);
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
});
