import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort } from '#infra/local/ports';
import { addDays, apiSlots, chooseDate, dateIn, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';

/**
 * The framed pages' own side of the embed (issue 29), without the embed script: a page on another site (its own
 * server on 127.0.0.1) frames `/book/{slug}?embed=1` and the guest's `/booking/{id}?embed=1` itself and records the
 * messages it gets. The frame shows no site chrome, also before its code runs; fills the form in from its address;
 * posts ready, its heights, the date picked, the booking and the cancellation to embed_origin; the booking keeps the
 * address's utm_* parameters as its source, which the host sees in the console.
 */

const ZONE = 'Europe/Berlin';
const SLUG = 'intro-call';
const stack = browserStackPerFile();

let hostServer: Server;
let hostOrigin: string;
const contexts: BrowserContext[] = [];

interface Message {
  origin: string;
  data: { source: string; type: string; detail: Record<string, unknown> };
}

beforeAll(async () => {
  const port = await freePort();
  // A page that frames the address in its query, and records every message with its sender's origin.
  hostServer = createServer((request, response) => {
    const frame = new URL(request.url ?? '/', 'http://host').searchParams.get('frame') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio Nord</title></head><body>
      <script>
        window.messages = [];
        window.addEventListener('message', function (event) {
          window.messages.push({ origin: event.origin, data: event.data });
        });
      </script>
      <h1>Studio Nord</h1>
      <iframe id="frame" title="Booking" style="width: 100%; height: 900px; border: 0" src="${frame.replace(/"/g, '&quot;')}"></iframe>
    </body></html>`);
  });
  await new Promise<void>((done) => hostServer.listen(port, '127.0.0.1', done));
  hostOrigin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await new Promise<void>((done) => hostServer?.close(() => done()));
});

async function newPage(width = 1280): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width, height: 1000 }, timezoneId: ZONE });
  contexts.push(context);
  return context.newPage();
}

/** The host page framing `path` of the app (with `embed=1&embed_origin=` the host page's origin, and `query`). */
async function framing(page: Page, path: string, query: Record<string, string> = {}): Promise<Frame> {
  const params = new URLSearchParams({ ...query, embed: '1', embed_origin: hostOrigin });
  const address = `${stack.app.baseUrl}${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
  await page.goto(`${hostOrigin}/?frame=${encodeURIComponent(address)}`);
  const frame = await (await page.waitForSelector('#frame', { state: 'attached' })).contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

const messages = (page: Page) => page.evaluate(() => (window as unknown as { messages: Message[] }).messages);
const ofType = async (page: Page, type: string) => (await messages(page)).filter((one) => one.data.type === type);

/** What the frame shows of the site's chrome: header, footer, "Try Meetwise free", as visible or not. */
const chromeShown = (frame: Frame) =>
  frame.evaluate(() =>
    ['header', 'footer', 'a[href="/"]'].map((selector) =>
      [...document.querySelectorAll(selector)].some((element) => element.getClientRects().length > 0),
    ),
  );

async function demoHostCookie(): Promise<string> {
  const login = await fetch(`${stack.app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'jordan', password: 'meetwise-demo' }),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** The first date from tomorrow with a free slot of the demo event, and that slot. */
async function freeSlot(skip = 0) {
  const { id } = (await (await fetch(`${stack.app.baseUrl}/api/events/public/${SLUG}`)).json()) as { id: number };
  const today = dateIn(new Date().toISOString(), ZONE);
  for (let offset = 1; offset < 30; offset++) {
    const date = addDays(today, offset);
    const slot = (await apiSlots(stack.app.baseUrl, id, date, ZONE))[skip];
    if (slot) return { eventId: id, date, slot };
  }
  throw new Error('no free slot in the next 30 days');
}

describe('the booking page in a frame', () => {
  it('hides the site chrome before its code runs (the same published file)', async () => {
    const page = await newPage();
    // No module ever loads: what shows is the HTML and the inline scripts.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const frame = await framing(page, `/book/${SLUG}`, { hide_details: '1', transparent: '1' });
    await frame.getByRole('heading', { name: 'Select a Date & Time' }).waitFor();
    expect(await chromeShown(frame)).toEqual([false, false, false]);
    expect(await frame.getByRole('complementary', { name: 'Event details' }).isVisible()).toBe(false);
    expect(
      await frame.evaluate(() => [getComputedStyle(document.body).backgroundColor, document.body.scrollHeight]),
    ).toEqual(['rgba(0, 0, 0, 0)', expect.any(Number)]);
    // Not framed with embed=1, the same page shows its chrome.
    const plain = await newPage();
    await plain.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await plain.goto(`${stack.app.baseUrl}/book/${SLUG}`);
    await plain.getByRole('heading', { name: 'Select a Date & Time' }).waitFor();
    expect(await chromeShown(plain.mainFrame())).toEqual([true, true, true]);
  });

  it('fills the form in, tells the embedding page each step, and books with the utm_* source', async () => {
    const page = await newPage();
    const { date } = await freeSlot();
    const email = `frame-${randomBytes(3).toString('hex')}@example.com`;
    const frame = await framing(page, `/book/${SLUG}`, {
      name: 'Ada Frame',
      email,
      guests: 'bob@example.com,not-an-address',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
    });
    await expect.poll(async () => (await ofType(page, 'meetwise:ready')).length).toBe(1);
    const [ready] = await ofType(page, 'meetwise:ready');
    expect(ready).toEqual({
      origin: stack.app.baseUrl,
      data: { source: 'meetwise', type: 'meetwise:ready', detail: { eventSlug: SLUG } },
    });
    // Its height, as its content is: less than the frame (the page is never a screen high in a frame).
    await expect.poll(async () => (await ofType(page, 'meetwise:height')).length).toBeGreaterThan(0);
    const firstHeight = (await ofType(page, 'meetwise:height')).at(-1)!.data.detail.height as number;
    expect(firstHeight).toBeGreaterThan(300);
    expect(firstHeight).toBeLessThan(900);
    expect(firstHeight).toBe(
      await frame.evaluate(() => Math.ceil(document.getElementById('root')!.getBoundingClientRect().height)),
    );

    await chooseDate(frame as unknown as Page, date);
    await expect
      .poll(async () => (await ofType(page, 'meetwise:date-selected')).map((one) => one.data.detail))
      .toEqual([{ eventSlug: SLUG, date }]);
    await slotButtons(frame as unknown as Page)
      .first()
      .click();
    await frame.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
    expect(await frame.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Frame');
    expect(await frame.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await frame.getByRole('list', { name: 'Guests' }).textContent()).toContain('bob@example.com');
    expect(await frame.getByRole('list', { name: 'Guests' }).getByRole('listitem').count()).toBe(1);
    await frame.getByRole('button', { name: 'Confirm Booking' }).click();
    await frame.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
    // No sign-up offer in a frame.
    expect(await frame.getByRole('link', { name: 'Sign up for free' }).isVisible()).toBe(false);

    await expect.poll(async () => (await ofType(page, 'meetwise:booked')).length).toBe(1);
    const booked = (await ofType(page, 'meetwise:booked'))[0]!;
    expect(booked.origin).toBe(stack.app.baseUrl);
    const detail = booked.data.detail as { bookingId: string; start: string; end: string; eventSlug: string };
    expect(detail.eventSlug).toBe(SLUG);
    expect(Date.parse(detail.end) - Date.parse(detail.start)).toBe(30 * 60_000);
    // Every message went to this page's origin, and was Meetwise's.
    expect(
      (await messages(page)).every((one) => one.origin === stack.app.baseUrl && one.data.source === 'meetwise'),
    ).toBe(true);

    const cookie = await demoHostCookie();
    const answer = await fetch(`${stack.app.baseUrl}/api/bookings/${detail.bookingId}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    const hostView = (await answer.json()) as { startTime: string; source: unknown; guests: string[] };
    expect(hostView.startTime).toBe(detail.start);
    expect(hostView.guests).toEqual(['bob@example.com']);
    expect(hostView.source).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });

    // The host's booking page in the console says where it came from.
    const hostPage = await newPage();
    await hostPage.context().addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: stack.app.baseUrl };
      }),
    );
    await hostPage.goto(`${stack.app.baseUrl}/bookings/${detail.bookingId}`);
    await hostPage.getByText('utm_source=newsletter, utm_campaign=spring', { exact: true }).waitFor();
  });
});

describe("the guest's manage page in a frame", () => {
  it('shows no chrome, keeps the frame on Reschedule, and tells the embedding page of the cancellation', async () => {
    const { eventId, date, slot } = await freeSlot(1);
    const made = await fetch(`${stack.app.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Cy Manage',
        email: `manage-${randomBytes(3).toString('hex')}@example.com`,
        guests: [],
        date,
        startTime: slot.start,
        endTime: slot.end,
        eventId,
        timezone: ZONE,
      }),
    });
    expect(made.status).toBe(201);
    const { bookingId, rescheduleToken } = (await made.json()) as { bookingId: string; rescheduleToken: string };

    const page = await newPage(375);
    const frame = await framing(page, `/booking/${bookingId}?token=${rescheduleToken}`, { theme: 'dark' });
    await frame.getByRole('button', { name: 'Cancel booking' }).waitFor();
    expect(await chromeShown(frame)).toEqual([false, false, false]);
    expect(await frame.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect
      .poll(async () => (await ofType(page, 'meetwise:ready')).map((one) => one.data.detail))
      .toEqual([{ eventSlug: SLUG }]);
    // Reschedule stays in the frame, framed the same way.
    const reschedule = new URL(
      (await frame.getByRole('link', { name: 'Reschedule' }).getAttribute('href'))!,
      stack.app.baseUrl,
    );
    expect(Object.fromEntries(reschedule.searchParams)).toMatchObject({
      reschedule: bookingId,
      embed: '1',
      embed_origin: hostOrigin,
      theme: 'dark',
    });

    await frame.getByRole('button', { name: 'Cancel booking' }).click();
    await frame
      .getByRole('dialog', { name: 'Cancel booking' })
      .getByRole('button', { name: 'Cancel booking', exact: true })
      .click();
    await expect
      .poll(async () => (await ofType(page, 'meetwise:cancelled')).map((one) => one.data.detail))
      .toEqual([{ bookingId, eventSlug: SLUG }]);
    expect((await ofType(page, 'meetwise:cancelled'))[0]!.origin).toBe(stack.app.baseUrl);
  });
});
