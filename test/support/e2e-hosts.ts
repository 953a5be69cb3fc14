import { randomBytes } from 'node:crypto';
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
