import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';

import { createDocumentClient, createDynamoClient } from '#functions/adapters/dynamodb/client';
import { keys } from '#functions/adapters/dynamodb/keys';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { eventBody } from '#test/support/event-body';
import { requestsSettled } from '#test/support/page-state';

/**
 * A host's custom CSS cannot act for a signed-in visitor or paint over the site (issue 13, item 9). The probe's
 * CSS is refused at save time; stored anyway (as an older version could have), the booking page neither lets it
 * call the API for the visitor nor lets it cover the page.
 */

// The run's shared app: the test writes into its table (the global setup read its DynamoDB Local from the banner).
const stack = browserStackPerFile();

const ATTACK_CSS = [
  '.a { background: url(/api/user/calendar/connect?provider=builtin) }',
  '[data-booking-page] { position: fixed; inset: 0; z-index: 2147483647 }',
  '[data-booking-page]::before { content: "Your session expired: call 555-0100"; position: fixed; inset: 0; z-index: 2147483647 }',
].join('\n');

async function account(): Promise<string> {
  const email = `css-${randomBytes(4).toString('hex')}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${stack.app.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/register', { name: 'Css Host', email, password: 'css secret' })).status).toBe(201);
  const login = await post('/api/login', { username: email, password: 'css secret' });
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('custom CSS from a host', () => {
  it('is refused at save time with the reason, and stored anyway it neither calls the API nor covers the page', async () => {
    const hostCookie = await account();
    const body = eventBody();
    const api = (method: string, path: string, payload?: unknown, cookie = hostCookie) =>
      fetch(`${stack.app.baseUrl}${path}`, {
        method,
        headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
      });
    const refused = await api('POST', '/api/events', { ...body, customCss: ATTACK_CSS });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Custom CSS line 1: url() may only point to images uploaded here (/photos/…).',
    );
    const created = await api('POST', '/api/events', body);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // Stored past every check, straight into the table of the running app.
    const dynamoEndpoint = inject('e2eDynamoEndpoint');
    expect(dynamoEndpoint).toBeDefined();
    const db = createDocumentClient(createDynamoClient({ region: 'us-east-1', dynamoEndpoint }));
    await db.send(
      new UpdateCommand({
        TableName: inject('e2eTableName'),
        Key: keys.event(id),
        UpdateExpression: 'SET customCss = :css',
        ExpressionAttributeValues: { ':css': ATTACK_CSS },
      }),
    );

    // A signed-in visitor whose calendar the CSS would switch: they have none connected.
    const visitorCookie = await account();
    expect((await api('POST', '/api/user/calendar/disconnect', undefined, visitorCookie)).status).toBe(200);
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      visitorCookie.split('; ').map((pair) => {
        const [name, value] = pair.split('=') as [string, string];
        return { name, value, url: stack.app.baseUrl };
      }),
    );
    const page = await context.newPage();
    const apiLoads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/user/calendar/connect')) apiLoads.push(request.url());
    });
    await page.goto(`${stack.app.baseUrl}/book/${body.slug}`);
    await expect.poll(() => page.getByRole('grid').count()).toBe(1);
    // The live page (hydrated, its dates loaded) with every request it made finished: the CSS had its chance to load.
    await page.locator('[role="grid"]:not([aria-busy])').waitFor();
    await requestsSettled(page);
    expect(apiLoads).toEqual([]);
    const status = (await (await api('GET', '/api/user/calendar', undefined, visitorCookie)).json()) as {
      connected: boolean;
    };
    expect(status.connected).toBe(false);

    // Nothing covers the page: the header's logo link is still what is on top at its place.
    const covered = await page.evaluate(() => {
      const card = document.querySelector('[data-booking-page]')!;
      const style = getComputedStyle(card);
      const before = getComputedStyle(card, '::before');
      return { position: style.position, zIndex: style.zIndex, beforePosition: before.position };
    });
    expect(covered.position).not.toBe('fixed');
    expect(covered.beforePosition).not.toBe('fixed');
    await context.close();
    db.destroy();
  });
});
