import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { eventBody } from '#test/support/event-body';

/**
 * New hosts are bookable at once, and a host who cannot take bookings is said to be so at step 1 (issue 13, item
 * 14): a host registers, creates an event, and the booking page offers its calendar; after the host disconnects
 * their calendar, the page says bookings are not available instead of a month grid.
 */

const stack = browserStackPerFile();

async function api(path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${stack.app.baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return response;
}

async function newHost(): Promise<string> {
  const email = `fresh-${randomBytes(4).toString('hex')}@example.com`;
  expect(
    (await api('/api/auth/register', { method: 'POST', body: { name: 'Fresh Host', email, password: 'fresh secret' } }))
      .status,
  ).toBe(201);
  const login = await api('/api/login', { method: 'POST', body: { username: email, password: 'fresh secret' } });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('a new host', () => {
  it('is bookable at once; without a calendar the page says so at step 1', async () => {
    const cookie = await newHost();
    const body = eventBody();
    expect((await api('/api/events', { method: 'POST', body, cookie })).status).toBe(201);

    const page = await stack.openPage(`/book/${body.slug}`);
    await expect.poll(() => page.getByRole('grid').count()).toBe(1);
    expect(await page.getByText('Bookings are not available right now').count()).toBe(0);

    expect((await api('/api/user/calendar/disconnect', { method: 'POST', body: {}, cookie })).status).toBe(200);
    const notice = page.getByRole('status').filter({ hasText: 'Bookings are not available right now' });
    // The published page carries its event: it says so once the publisher has rendered it again (the table's stream).
    await expect
      .poll(
        async () => {
          await page.reload();
          return notice.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await notice.textContent()).toContain(
      'Fresh Host has not connected a calendar yet, so this event cannot be booked.',
    );
    expect(await page.getByRole('grid').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
});
