import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EMBED_DOM_EVENTS } from '#shared/embed';
import { freePort } from '#infra/local/ports';
import { addDays, apiSlots, chooseDate, dateIn, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { framesRendered } from '#test/support/page-state';

/**
 * The embed (issue 29) as a host's visitor meets it: a plain page on another site (its own server on 127.0.0.1,
 * while the app is localhost: another origin and another site, so the frame is third-party) loads `/embed.js` and
 * embeds the demo host's Intro Call inline and as a pop-up. A guest books through each frame (1280 px inline,
 * 375 px pop-up); the host page gets `meetwise:booked` with the booking's id, which the host's API knows, with the
 * page's utm_* parameters as its source. The inline frame is as tall as its page; the pop-up is a modal dialog
 * (focus in and kept in, Escape and the close button, focus back, no scrolling behind, 320 px). The console framed
 * by that site is refused. Chromium blocks third-party cookies in the frames (checked): nothing needs one.
 */

const GUEST_ZONE = 'Europe/Berlin';
const SLUG = 'intro-call';
const stack = browserStackPerFile();

let hostServer: Server;
let hostOrigin: string;
const contexts: BrowserContext[] = [];

interface Recorded {
  type: string;
  target: string;
  bubbles: boolean;
  detail: Record<string, unknown>;
}

/** The host's pages: the event inline, the event as a pop-up and a floating button, Meetwise's console framed. */
function hostPage(path: string): string {
  const app = stack.app.baseUrl;
  const recorder = `<script>
      window.events = [];
      ${JSON.stringify(EMBED_DOM_EVENTS)}.forEach(function (type) {
        document.addEventListener(type, function (event) {
          window.events.push({ type: type, target: event.target.id, bubbles: event.bubbles, detail: event.detail });
        });
      });
    </script>`;
  const pages: Record<string, string> = {
    '/inline': `<h1>Studio Nord</h1>
      <p>Book a first call with us.</p>
      <div id="inline" data-meetwise-inline="${SLUG}" data-meetwise-name="Ada Inline"
           data-meetwise-email="ada-inline@example.com"><a href="${app}/book/${SLUG}">Book</a></div>`,
    '/popup': `<h1>Studio Nord</h1>
      <div style="height: 600px"></div>
      <button id="open" data-meetwise-popup="${SLUG}">Book a call</button>
      <div id="floating" data-meetwise-floating="${SLUG}" data-meetwise-label="Talk to us"></div>
      <div style="height: 3000px"></div>`,
    '/framed': `<iframe id="console" title="console" src="${app}/events"></iframe>
      <iframe id="login" title="login" src="${app}/login?embed=1"></iframe>
      <iframe id="plain" title="plain" src="${app}/book/${SLUG}"></iframe>`,
  };
  const body = pages[path] ?? '<p>Not found</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1"><title>Studio Nord</title></head>
    <body>${recorder}${body}<script src="${app}/embed.js" async></script></body></html>`;
}

beforeAll(async () => {
  const port = await freePort();
  hostServer = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://host');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(hostPage(pathname));
  });
  await new Promise<void>((done) => hostServer.listen(port, '127.0.0.1', done));
  hostOrigin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await new Promise<void>((done) => hostServer?.close(() => done()));
});

async function openHostPage(path: string, width: number, height = 900): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width, height }, timezoneId: GUEST_ZONE });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${hostOrigin}${path}`);
  return page;
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { events: Recorded[] }).events);

async function eventOf(page: Page, type: string, count = 1): Promise<Recorded> {
  await expect.poll(async () => (await events(page)).filter((one) => one.type === type).length).toBe(count);
  return (await events(page)).filter((one) => one.type === type)[count - 1]!;
}

async function frameOf(page: Page, selector: string): Promise<Frame> {
  const frame = await (await page.waitForSelector(selector, { state: 'attached' })).contentFrame();
  if (!frame) throw new Error(`${selector} has no frame`);
  return frame;
}

/** The first date from tomorrow (guest's zone) with `count` free slots of the event, as the API lists them. */
async function freeDate(count: number): Promise<string> {
  const { id } = (await (await fetch(`${stack.app.baseUrl}/api/events/public/${SLUG}`)).json()) as { id: number };
  const today = dateIn(new Date().toISOString(), GUEST_ZONE);
  for (let offset = 1; offset < 30; offset++) {
    const date = addDays(today, offset);
    if ((await apiSlots(stack.app.baseUrl, id, date, GUEST_ZONE)).length >= count) return date;
  }
  throw new Error(`No date with ${count} free slots of ${SLUG} in the next 30 days`);
}

/** The demo host's view of a booking (GET /api/bookings/{id}, signed in). */
async function hostBooking(id: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const login = await fetch(`${stack.app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'jordan', password: 'meetwise-demo' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const response = await fetch(`${stack.app.baseUrl}/api/bookings/${id}`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Picks `date` and its first free slot in the frame, fills what is empty, confirms. */
async function bookInFrame(frame: Frame, date: string, guest: { name: string; email: string }): Promise<void> {
  // The booking page's helpers drive a page; a frame answers the same calls.
  const page = frame as unknown as Page;
  await chooseDate(page, date);
  await slotButtons(page).first().click();
  await frame.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  const name = frame.getByLabel('Name', { exact: true });
  const email = frame.getByLabel('Email', { exact: true });
  if (!(await name.inputValue())) await name.fill(guest.name);
  if (!(await email.inputValue())) await email.fill(guest.email);
  await frame.getByRole('button', { name: 'Confirm Booking' }).click();
  await frame.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
}

/** The iframe element's height against the height of the page in it, and whether that page scrolls inside. */
async function frameFit(page: Page, frame: Frame, selector: string) {
  const element = await page.$eval(selector, (node) => node.getBoundingClientRect().height);
  const inner = await frame.evaluate(() => ({
    content: document.documentElement.scrollHeight,
    viewport: window.innerHeight,
  }));
  return { fits: Math.abs(element - inner.content) <= 2, scrolls: inner.content > inner.viewport + 1, element };
}

/** Whether the element the host page's focus is on lies inside the open dialog (the frame's element counts). */
const focusInDialog = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    return !!dialog && !!document.activeElement && dialog.contains(document.activeElement);
  });

describe('the embed on another site', () => {
  it('serves the loader and the script, and lets only the embed pages be framed', async () => {
    const app = stack.app.baseUrl;
    const loader = await fetch(`${app}/embed.js`);
    expect(loader.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300');
    const scriptPath = /"(\/embed\/embed\.[0-9a-f]+\.js)"/.exec(await loader.text())![1]!;
    const script = await fetch(`${app}${scriptPath}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const embed = await fetch(`${app}/book/${SLUG}?embed=1&embed_origin=${encodeURIComponent(hostOrigin)}`);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    for (const path of [`/book/${SLUG}`, '/events', '/events?embed=1', '/login?embed=1', '/billing']) {
      const page = await fetch(`${app}${path}`);
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses to show the console, sign-in or a booking page without embed=1 in a frame of another site', async () => {
    const page = await openHostPage('/framed', 1280);
    const app = new URL(stack.app.baseUrl).origin;
    for (const id of ['console', 'login', 'plain']) {
      const frame = await frameOf(page, `#${id}`);
      await frame.waitForLoadState('load');
      // Chromium shows its own error page in place of a page that forbids framing: none of Meetwise's document.
      const shown = await frame.evaluate(() => ({ origin: location.origin, root: !!document.getElementById('root') }));
      expect(shown.origin, id).not.toBe(app);
      expect(shown.root, id).toBe(false);
    }
  });

  it('inline at 1280 px: as tall as its page, prefilled, books, and tells the host page', async () => {
    const date = await freeDate(2);
    const page = await openHostPage('/inline?utm_source=newsletter&utm_campaign=spring&other=x', 1280);
    const frame = await frameOf(page, '#inline iframe');
    const src = new URL(frame.url());
    expect(src.origin).toBe(new URL(stack.app.baseUrl).origin);
    expect(src.pathname).toBe(`/book/${SLUG}`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      embed: '1',
      embed_origin: hostOrigin,
      name: 'Ada Inline',
      email: 'ada-inline@example.com',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
    });
    expect(await page.getByTitle('Book a meeting').count()).toBeGreaterThan(0);

    expect((await eventOf(page, 'meetwise:ready')).detail).toEqual({ eventSlug: SLUG });
    // Third-party cookies are blocked in this frame: whatever it books, it books without one.
    expect(
      await frame.evaluate(() => {
        document.cookie = 'meetwise-probe=1; SameSite=None; Secure; Path=/';
        return document.cookie;
      }),
    ).not.toContain('meetwise-probe');

    await expect.poll(() => frameFit(page, frame, '#inline iframe')).toMatchObject({ fits: true, scrolls: false });
    const calendarHeight = (await frameFit(page, frame, '#inline iframe')).element;

    const page_ = frame as unknown as Page;
    await chooseDate(page_, date);
    expect((await eventOf(page, 'meetwise:date-selected')).detail).toEqual({ eventSlug: SLUG, date });
    await slotButtons(page_).first().click();
    await frame.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
    // The height follows the page in the frame step by step.
    await expect.poll(() => frameFit(page, frame, '#inline iframe')).toMatchObject({ fits: true, scrolls: false });
    expect((await frameFit(page, frame, '#inline iframe')).element).not.toBe(calendarHeight);
    expect(await frame.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Inline');
    expect(await frame.getByLabel('Email', { exact: true }).inputValue()).toBe('ada-inline@example.com');
    await frame.getByRole('button', { name: 'Confirm Booking' }).click();
    await frame.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();

    const booked = await eventOf(page, 'meetwise:booked');
    expect(booked).toMatchObject({ target: 'inline', bubbles: true, detail: { eventSlug: SLUG } });
    const detail = booked.detail as { bookingId: string; start: string; end: string };
    const { status, body } = await hostBooking(detail.bookingId);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: detail.bookingId, name: 'Ada Inline', email: 'ada-inline@example.com' });
    expect(Date.parse(String(body.startTime))).toBe(Date.parse(detail.start));
    expect(Date.parse(String(body.endTime))).toBe(Date.parse(detail.end));
    expect(body.source).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
    await expect.poll(() => frameFit(page, frame, '#inline iframe')).toMatchObject({ fits: true, scrolls: false });

    // Messages that are not its frames' are ignored: the page's own, and a Meetwise frame the script did not make.
    await page.evaluate((origin) => {
      window.postMessage(
        {
          source: 'meetwise',
          type: 'meetwise:booked',
          detail: { bookingId: 'forged', start: '', end: '', eventSlug: 'x' },
        },
        origin,
      );
    }, hostOrigin);
    const rogue = await page.evaluate(
      ({ app, slug, origin }) =>
        new Promise<boolean>((resolve) => {
          const frame = document.createElement('iframe');
          frame.src = `${app}/book/${slug}?embed=1&embed_origin=${encodeURIComponent(origin)}`;
          // Its last message is `meetwise:ready` (after its height): by then the script has had each of them.
          window.addEventListener('message', (event) => {
            const data = event.data as { type?: string } | null;
            if (event.source === frame.contentWindow && data?.type === 'meetwise:ready') resolve(true);
          });
          document.body.append(frame);
          setTimeout(() => resolve(false), 20_000);
        }),
      { app: stack.app.baseUrl, slug: SLUG, origin: hostOrigin },
    );
    expect(rogue, 'the other frame posted its messages').toBe(true);
    const after = await events(page);
    expect(after.filter((one) => one.type === 'meetwise:booked')).toHaveLength(1);
    expect(after.filter((one) => one.type === 'meetwise:ready')).toHaveLength(1);
  });

  it('pop-up at 375 px: a modal dialog that keeps focus, books, closes with Escape and gives focus back', async () => {
    const date = await freeDate(1);
    const page = await openHostPage('/popup', 375, 700);
    await page.waitForFunction(() => !!(window as { Meetwise?: unknown }).Meetwise);
    await page.evaluate(() => window.scrollTo(0, 300));
    const opener = page.locator('#open');
    expect(await opener.getAttribute('aria-haspopup')).toBe('dialog');
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'Book a meeting' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Focus moved in: the close button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    // The page behind does not scroll.
    await page.mouse.move(187, 350);
    await page.mouse.wheel(0, 800);
    // Playwright answers once the page has had the wheel; the frames after it are where a scroll would show.
    await framesRendered(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    const frame = await frameOf(page, 'dialog[open] iframe');
    await frame.getByRole('grid').waitFor();
    // Focus goes round the dialog and never reaches the page: Shift+Tab before the close button goes into the frame,
    // Tab past the frame's last control comes back to the close button, and Tab after Tab stays inside.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await frame.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')];
      controls
        .filter((control) => control.getClientRects().length > 0 && control.tabIndex >= 0)
        .at(-1)!
        .focus();
    });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(6).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      // Focus crossing between the host page and the frame (another origin, another renderer) settles after the key
      // event: the check waits for it to settle, and it must settle inside the dialog.
      await expect.poll(() => focusInDialog(page), { message: `focus after ${key}`, timeout: 2000 }).toBe(true);
    }

    await bookInFrame(frame, date, { name: 'Bea Popup', email: `bea-${randomBytes(3).toString('hex')}@example.com` });
    const booked = await eventOf(page, 'meetwise:booked');
    expect(booked).toMatchObject({ target: 'open', bubbles: true, detail: { eventSlug: SLUG } });
    expect((await hostBooking((booked.detail as { bookingId: string }).bookingId)).status).toBe(200);

    // Escape pressed in the frame (focus is on its page) closes the dialog; focus returns; the page scrolls again.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('open');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(await page.evaluate(() => window.scrollY)).toBe(300);

    // Reopened from the keyboard: the same dialog, where the guest left it; Escape on the dialog itself closes it.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await frame.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('open');

    // The floating button opens its own dialog; its close button closes it and focus returns to the button.
    const floating = page.getByRole('button', { name: 'Talk to us' });
    const box = (await floating.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    await floating.click();
    const floatingDialog = page.getByRole('dialog', { name: 'Talk to us' });
    await floatingDialog.waitFor();
    await floatingDialog.getByRole('button', { name: 'Close' }).click();
    await floatingDialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Talk to us');
  });

  it('pop-up at 320 px: the dialog and the page in it fit the screen', async () => {
    const page = await openHostPage('/popup', 320, 640);
    await page.waitForFunction(() => !!(window as { Meetwise?: unknown }).Meetwise);
    await page.locator('#open').click();
    const dialog = page.getByRole('dialog', { name: 'Book a meeting' });
    await dialog.waitFor();
    const close = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
    expect(close.x).toBeGreaterThanOrEqual(0);
    expect(close.x + close.width).toBeLessThanOrEqual(320);
    expect(close.width).toBeGreaterThanOrEqual(24);
    const frameBox = (await page.locator('dialog[open] iframe').boundingBox())!;
    expect(frameBox.x).toBeGreaterThanOrEqual(0);
    expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(320);
    expect(frameBox.y + frameBox.height).toBeLessThanOrEqual(640);
    expect(frameBox.width).toBeGreaterThanOrEqual(300);
    const frame = await frameOf(page, 'dialog[open] iframe');
    await frame.getByRole('grid').waitFor();
    // The booking page in it needs no sideways scrolling.
    expect(
      await frame.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('open');
  });
});
