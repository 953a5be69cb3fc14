import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { browserStackPerFile } from '#test/support/browser-per-file';
import { fakesApp, sharedFakes } from '#test/support/fakes-app';

/**
 * Google sign-in in the browser (issue 5) against the fake Google (test/fakes/google.ts): the app runs as `npm start`
 * runs it, with GOOGLE_* pointing at the fake (the app shared with the other files against the fakes); the browser really goes to the fake's consent page and back.
 */

const { google } = await sharedFakes();

const stack = browserStackPerFile({ app: fakesApp });

const pathOf = (page: Page): string => new URL(page.url()).pathname;
let people = 0;
function googleUser(name: string) {
  people += 1;
  const account = { sub: `2${Date.now()}${people}`, email: `e2e.google.${Date.now()}.${people}@gmail.test`, name };
  google.accounts = [account];
  return account;
}

describe('Google sign-in', () => {
  it("signs up from the landing page: Google's consent, then /auth-success, then /events", async () => {
    const person = googleUser('Katherine Johnson');
    const page = await stack.openPage('/');
    await page.getByRole('link', { name: 'Sign up with Google' }).first().click();
    await expect.poll(() => page.url()).toContain(`${google.url}/o/oauth2/v2/auth`);
    await page.getByRole('button', { name: `Katherine Johnson (${person.email})` }).click();
    // The auth_success cookie sends the page straight on (no remembered page: /events).
    await expect.poll(() => pathOf(page)).toBe('/events');
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('auth_success');
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.user).toMatchObject({ email: person.email, name: 'Katherine Johnson' });
    await page.context().close();
  });

  it('comes back to the guarded page asked for after signing in with Google', async () => {
    const person = googleUser('Dorothy Vaughan');
    const page = await stack.openPage('/profile-settings');
    await expect.poll(() => pathOf(page)).toBe('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('button', { name: `Dorothy Vaughan (${person.email})` }).click();
    await expect.poll(() => pathOf(page)).toBe('/profile-settings');
    await expect.poll(() => page.getByLabel('Full Name').inputValue()).toBe('Dorothy Vaughan');
    expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
    await page.context().close();
  });

  it('shows the Google Authentication Error card when the visitor cancels at Google', async () => {
    googleUser('Mary Jackson');
    const page = await stack.openPage('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const card = page.getByRole('alert').filter({ hasText: 'Google Authentication Error' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain('Google sign-in was cancelled.');
    expect(pathOf(page)).toBe('/login');
    await page.context().close();
  });
});
