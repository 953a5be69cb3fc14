import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort } from '#infra/local/ports';
import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { newHost } from '#test/support/e2e-hosts';
import { mailedLink } from '#test/support/mail-store';

/**
 * The Integrations screens in the browser (issue 29). A host adds a webhook endpoint pointing at a small receiver on
 * this machine (`npm start` allows http://127.0.0.1 endpoints), sees its signing secret once, sends a test event and
 * finds it in the delivery log with the receiver's 200 (the receiver verifies the signature with that secret and the
 * `standardwebhooks` package), redelivers it (same webhook-id, attempt 2), edits and deletes the endpoint. Then
 * creates an API key, sees it once, calls GET /api/events with it (200), revokes it (401). Both screens axe clean
 * in light at 1280 px and dark at 375 px, without sideways scroll.
 */

const ZONE = 'America/New_York';
const stack = browserStackPerFile();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver: answers 200 to every POST and keeps what came. */
const received: Received[] = [];
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  const port = await freePort();
  await new Promise<void>((listening) => receiver.listen(port, '127.0.0.1', listening));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/meetwise`;
});

afterAll(() => new Promise<void>((closed) => (receiver ? receiver.close(() => closed()) : closed())));

async function contextFor(cookie: string, width: number, colorScheme: 'light' | 'dark'): Promise<BrowserContext> {
  const context = await stack.browser.newContext({ viewport: { width, height: 900 }, timezoneId: ZONE, colorScheme });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: stack.app.baseUrl };
    }),
  );
  return context;
}

/** axe clean, and nothing wider than the window. */
async function expectAccessibleAndFitting(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Confirms the host's e-mail address through the link mailed to it at registration (the local mail store). */
async function confirmEmail(address: string, cookie: string): Promise<void> {
  const pattern = /https?:\/\/\S+\/verify-email\?token=[\w-]+/;
  const link = await mailedLink(
    stack.app.mailViewer,
    address,
    (texts) => texts.map((text) => text.match(pattern)?.[0]).find(Boolean),
    `No confirmation link was mailed to ${address}`,
  );
  const verified = await fetch(`${stack.app.baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
  });
  expect(verified.status).toBe(200);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    return focused?.getAttribute('aria-label') ?? focused?.textContent?.trim() ?? '';
  });

describe('webhooks', () => {
  it('adds an endpoint, shows its secret once, sends a test event, logs it with 200, redelivers, edits and deletes', async () => {
    const host = await newHost(stack.app.baseUrl, 'Wendy Webhooks');
    const context = await contextFor(host.cookie, 1280, 'light');
    const page = await context.newPage();

    // Through the console's navigation: the user menu's "Integrations" opens the webhooks screen.
    await page.goto(`${stack.app.baseUrl}/events`);
    await page.getByRole('button', { name: 'Wendy Webhooks' }).click();
    await page.getByRole('menuitem', { name: 'Integrations' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/integrations/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Integrations' })
        .getByRole('link', { name: 'Webhooks' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await page.getByText('No endpoints yet.').waitFor();
    await expectAccessibleAndFitting(page);

    // The form: the route's own checks show next to their fields, focus on the first.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.waitFor();
    expect(await form.getByRole('checkbox').count()).toBe(6);
    expect(await form.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('true');
    await form.getByLabel('Endpoint URL').fill('not a url');
    for (const name of [
      'Booking created',
      'Booking rescheduled',
      'Booking cancelled',
      'Booking confirmed',
      'Booking declined',
      'Guest marked as no-show',
    ]) {
      await form.getByRole('checkbox', { name: new RegExp(`^${name}`) }).uncheck();
    }
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText('Please enter a valid URL (https://…).').waitFor();
    await form.getByText('Choose at least one event.').waitFor();
    expect(await form.getByLabel('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('url');
    await expectNoSeriousA11yViolations(page);

    // The server's own refusal (http:// to a public name) lands on the field too.
    await form.getByRole('checkbox', { name: /^Booking created/ }).check();
    await form.getByRole('checkbox', { name: /^Booking cancelled/ }).check();
    await form.getByLabel('Endpoint URL').fill('http://example.com/hooks');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText(/^Webhook URLs must start with https:\/\//).waitFor();
    expect(await form.getByLabel('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByText('Choose at least one event.').count()).toBe(0);

    await form.getByLabel('Endpoint URL').fill(receiverUrl);
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once: focused and selected, with a copy button and the warning.
    const secretDialog = page.getByRole('dialog', { name: 'Endpoint added' });
    await secretDialog.waitFor();
    await secretDialog.getByText("You won't see it again.").waitFor();
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(secret);
    await secretDialog.getByRole('button', { name: 'Copy' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/integrations-webhook-secret-1280.png' });
    // A click beside it does not lose it; "Done" closes it and focus goes back to "Add endpoint".
    await page.mouse.click(5, 5);
    expect(await secretDialog.isVisible()).toBe(true);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => secretDialog.isVisible()).toBe(false);
    await expect.poll(() => focusedLabel(page)).toBe('Add endpoint');

    // Listed with its events; the secret is nowhere on the screen any more, nor in the list's answer.
    const endpoint = page.getByTestId('webhook');
    await endpoint.getByRole('heading', { name: receiverUrl }).waitFor();
    await endpoint.getByText('Active', { exact: true }).waitFor();
    await endpoint.getByText('Booking created, Booking cancelled').waitFor();
    expect(await page.content()).not.toContain(secret);
    const listed = await (
      await fetch(`${stack.app.baseUrl}/api/webhooks`, { headers: { cookie: host.cookie } })
    ).text();
    expect(listed).toContain(receiverUrl);
    expect(listed).not.toContain(secret);

    // "Send test event": 202 → toast; the log (open since the endpoint was added) shows the receiver's 200.
    const log = endpoint.getByRole('region', { name: 'Delivery log' });
    await log.getByText('No deliveries yet.').waitFor();
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, 'Test event sent').waitFor();
    const rows = log.getByTestId('delivery');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    await rows.first().getByText('Test event').waitFor();
    await rows.first().getByText('200 OK').waitFor();
    await rows
      .first()
      .getByText(/Attempt 1/)
      .waitFor();
    expect(received).toHaveLength(1);
    const ping = received[0]!;
    const verified = new Webhook(secret).verify(ping.body, ping.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe('ping');
    await expectAccessibleAndFitting(page);

    // "Redeliver": 202 → toast; a second attempt of the same message shows on top of the log.
    await rows.first().getByRole('button', { name: 'Redeliver' }).click();
    await toast(page, 'Redelivery queued').waitFor();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    await rows
      .first()
      .getByText(/Attempt 2/)
      .waitFor();
    await rows.first().getByText('200 OK').waitFor();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(ping.headers['webhook-id']);
    new Webhook(secret).verify(received[1]!.body, received[1]!.headers as Record<string, string>);
    await page.screenshot({ path: '/tmp/integrations-webhooks-1280.png', fullPage: true });

    // Dark at 375 px: the same screen, its log open, fits and is axe clean.
    const phone = await contextFor(host.cookie, 375, 'dark');
    const phonePage = await phone.newPage();
    await phonePage.goto(`${stack.app.baseUrl}/integrations/webhooks`);
    await phonePage.getByTestId('webhook').getByRole('button', { name: 'Delivery log' }).click();
    await phonePage.getByTestId('delivery').first().getByText('200 OK').waitFor();
    await expectAccessibleAndFitting(phonePage);
    await phonePage.screenshot({ path: '/tmp/integrations-webhooks-375-dark.png', fullPage: true });
    await phone.close();

    // Edit: fewer events, switched off.
    await endpoint.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
    expect(await edit.getByLabel('Endpoint URL').inputValue()).toBe(receiverUrl);
    await edit.getByRole('checkbox', { name: /^Booking cancelled/ }).uncheck();
    await edit.getByRole('switch', { name: 'Active' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Endpoint saved').waitFor();
    await endpoint.getByText('Paused', { exact: true }).waitFor();
    await endpoint.getByText(/^Events:\s*Booking created$/).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Edit');

    // Delete, after a confirmation (Cancel keeps it).
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete endpoint' });
    await confirm.getByText(receiverUrl).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await endpoint.count()).toBe(1);
    await expect.poll(() => focusedLabel(page)).toBe('Delete');
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Endpoint deleted').waitFor();
    await page.getByText('No endpoints yet.').waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Add endpoint');
    await context.close();
  });
});

describe('API keys', () => {
  it('creates a key shown once, which calls GET /api/events (200) until it is revoked (401)', async () => {
    const host = await newHost(stack.app.baseUrl, 'Kim Keys');
    const context = await contextFor(host.cookie, 1280, 'light');
    const page = await context.newPage();
    await page.goto(`${stack.app.baseUrl}/integrations/webhooks`);
    await page.getByRole('navigation', { name: 'Integrations' }).getByRole('link', { name: 'API keys' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/integrations/api-keys');
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByText('Authorization: Bearer mw_…').waitFor();
    expect(await page.getByRole('link', { name: 'API document (OpenAPI)' }).getAttribute('href')).toBe(
      '/api/openapi.json',
    );
    await page.getByText('No API keys yet.').waitFor();
    await expectAccessibleAndFitting(page);

    // A name is needed.
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Please enter a name for the key.').waitFor();
    expect(await page.getByLabel('Key name').getAttribute('aria-invalid')).toBe('true');

    // Keys are for confirmed addresses: the refusal shows on the form; once confirmed, the key is made.
    await page.getByLabel('Key name').fill('CRM sync');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /confirm your e-mail address/ })
      .waitFor();
    await confirmEmail(host.email, host.cookie);
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key created' });
    await dialog.waitFor();
    await dialog.getByText("You won't see it again.").waitFor();
    const key = await dialog.getByLabel('API key').inputValue();
    expect(key).toMatch(/^mw_[\w-]{40,}$/);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await page.getByLabel('Key name').getAttribute('id'),
    );

    const item = page.getByTestId('api-key');
    await item.getByRole('heading', { name: 'CRM sync' }).waitFor();
    await item.getByText('Never').waitFor();
    expect(await page.content()).not.toContain(key);

    // The key calls a route a key may use, as its host.
    const events = await fetch(`${stack.app.baseUrl}/api/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(events.status).toBe(200);
    expect(Array.isArray(await events.json())).toBe(true);
    await page.reload();
    await item.getByRole('heading', { name: 'CRM sync' }).waitFor();
    expect(await item.getByText('Never').count()).toBe(0);

    // Dark at 375 px.
    const phone = await contextFor(host.cookie, 375, 'dark');
    const phonePage = await phone.newPage();
    await phonePage.goto(`${stack.app.baseUrl}/integrations/api-keys`);
    await phonePage.getByTestId('api-key').waitFor();
    await expectAccessibleAndFitting(phonePage);
    await phonePage.screenshot({ path: '/tmp/integrations-api-keys-375-dark.png', fullPage: true });
    await phone.close();

    // Revoke, after a confirmation: the key is refused from then on.
    await item.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByText(/CRM sync/).waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'API key revoked').waitFor();
    await page.getByText('No API keys yet.').waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Your keys');
    const refused = await fetch(`${stack.app.baseUrl}/api/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(401);
    await context.close();
  });
});
