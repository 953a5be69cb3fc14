import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import { eventBody } from '#test/support/event-body';

/**
 * A new host registered and signed in through the running app's API, for browser tests that need an event type the
 * demo data does not have. Answers the session cookie, the e-mail address (not confirmed yet) and a way to create
 * event types as that host.
 */
export async function newHost(baseUrl: string, name = 'Test Host') {
  const email = `host-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'host secret';
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/register', { name, email, password })).status).toBe(201);
  const login = await post('/api/login', { username: email, password });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return {
    cookie,
    email,
    /** Creates an event type from the test defaults plus `overrides`; answers its slug. */
    async createEvent(overrides: Record<string, unknown> = {}): Promise<string> {
      const body = eventBody(overrides);
      expect((await post('/api/events', body, cookie)).status).toBe(201);
      return body.slug;
    },
  };
}

/** An account of a browser test's own, registered through the API and signed in on the pages. */
export interface E2eAccount {
  name: string;
  email: string;
  password: string;
}

/** Registers `account` through the running app's API (201). */
export async function registerAccount(baseUrl: string, account: E2eAccount): Promise<void> {
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(registered.status).toBe(201);
}

/** Opens /events signed out, signs in as `account` on the login page it leads to, and waits to be back on /events. */
export async function signInThroughEvents(page: Page, baseUrl: string, account: E2eAccount): Promise<void> {
  await page.goto(`${baseUrl}/events`);
  await page.waitForURL('**/login');
  await page.getByLabel('Username or Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/events');
}
