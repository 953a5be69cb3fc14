import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { firstAvailableDay } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { framesRendered, requestsSettled } from '#test/support/page-state';

/**
 * The landing page at / in Debian's Chromium against the whole
 * local stack: the sign-up paths, pricing, sample testimonials, security, and the read-only booking demo, which runs
 * on sample data and must never call the API.
 */

const GUEST_ZONE = 'Europe/Berlin';

const stack = browserStackPerFile();

interface Opened {
  page: Page;
  /** Every request the page made since it was opened. */
  requests: Request[];
}

async function openLanding(
  options: { width?: number; colorScheme?: 'light' | 'dark'; mobile?: boolean; hash?: string } = {},
): Promise<Opened> {
  const context = await stack.browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    timezoneId: GUEST_ZONE,
    ...(options.mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(`${stack.app.baseUrl}/${options.hash ?? ''}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  return { page, requests };
}

/** The API calls the page made, besides the header's session check (/api/me: the header shows who is signed in). */
const apiCalls = (requests: Request[]): string[] =>
  requests
    .map((request) => new URL(request.url()))
    .filter((url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/me')
    .map((url) => url.pathname);

/**
 * Whether a part of the page shows once the visitor scrolls to it. The sections below the fold are drawn only when
 * they near the screen (content-visibility): until then their elements have no box, and the browser reports them as
 * not visible.
 */
async function shownWhenScrolledTo(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.isVisible();
}

const demo = (page: Page): Locator => page.getByRole('region', { name: 'Booking page demo' });

describe('landing page', () => {
  it('has one h1, a document title, and the two sign-up paths in the hero', async () => {
    const { page } = await openLanding();
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.title()).toContain('Meetwise');
    expect(await page.getByText('7-day free trial · No credit card required').first().isVisible()).toBe(true);

    const email = page.getByRole('link', { name: 'Sign up with email' });
    expect(await email.getAttribute('href')).toBe('/register-email');

    // "Sign up with Google" is a full browser navigation to the server's Google sign-in.
    await page.route('**/api/auth/google**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>google</p>' }),
    );
    const google = page.getByRole('link', { name: 'Sign up with Google' });
    expect(await google.getAttribute('href')).toBe('/api/auth/google?type=register');
    const [request] = await Promise.all([page.waitForRequest('**/api/auth/google**'), google.click()]);
    expect(request.isNavigationRequest()).toBe(true);
    const target = new URL(request.url());
    expect(`${target.pathname}${target.search}`).toBe('/api/auth/google?type=register');
    await page.waitForURL('**/api/auth/google?type=register');
    await page.context().close();
  });

  it('shows the three plans under #pricing, reachable from the header', async () => {
    const { page } = await openLanding();
    const pricing = page.locator('#pricing');
    const text = (await pricing.textContent()) ?? '';
    for (const expected of [
      '$3',
      '/month',
      '$29',
      '/year',
      'Save 20%',
      'Most popular',
      '$79',
      'one-time',
      'Limited Supply',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('7-day free trial, no credit card required');
    const started = pricing.getByRole('link', { name: 'Get Started' });
    expect(await started.count()).toBe(2);
    for (const link of await started.all()) expect(await link.getAttribute('href')).toBe('/register');
    expect(await pricing.getByRole('link', { name: 'Get Lifetime Access' }).getAttribute('href')).toBe('/register');
    // The annual plan carries both badges.
    const annual = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Annual' }) });
    expect(await annual.textContent()).toMatch(/Most popular.*Save 20%/);

    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/#pricing');
    await expect
      .poll(() => pricing.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBeLessThan(100);
    await page.context().close();
  });

  it('scrolls to the pricing section when opened at /#pricing', async () => {
    const { page } = await openLanding({ hash: '#pricing' });
    await expect
      .poll(() => page.locator('#pricing').evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBeLessThan(100);
    await page.context().close();
  });

  it('marks Coming soon only the features still to come, and shows the price claim with its figures', async () => {
    const { page } = await openLanding();
    const features = page.getByRole('region', { name: 'Everything you need to take bookings' });
    const comingSoon = features.getByRole('listitem').filter({ hasText: 'Coming soon' });
    // Booking e-mails and reminders arrived (issue 16): only team scheduling is still to come.
    expect((await comingSoon.allTextContents()).map((text) => text.split('Coming soon')[0]!.trim())).toEqual([
      'Team scheduling',
    ]);
    expect(await shownWhenScrolledTo(features.getByRole('heading', { name: 'Google Calendar integration' }))).toBe(
      true,
    );
    const claim = page.getByText(/^About four times cheaper than Calendly Standard/);
    expect(await claim.textContent()).toContain('$3 a month against its list price of $12 a month per seat.');
    const source = page.getByText(/Source: calendly\.com\/pricing/);
    expect(await shownWhenScrolledTo(source)).toBe(true);
    await page.context().close();
  });

  it('shows three sample testimonials, the security section and the final call to action', async () => {
    const { page } = await openLanding();
    expect(await shownWhenScrolledTo(page.getByText(/^Sample testimonials/))).toBe(true);
    expect(await page.locator('[data-testid="testimonial"]').count()).toBe(3);
    expect(await page.locator('blockquote').count()).toBe(3);

    const security = page.getByRole('region', { name: 'Enterprise-Grade Security' });
    expect(
      await shownWhenScrolledTo(security.getByRole('heading', { level: 2, name: 'Enterprise-Grade Security' })),
    ).toBe(true);
    for (const measure of ['Encryption', 'Brute-force protection', 'Privacy controls', 'Regular backups']) {
      expect(await shownWhenScrolledTo(security.getByRole('heading', { name: measure }))).toBe(true);
    }

    const signUp = page.getByRole('link', { name: 'Sign up for free' });
    expect(await signUp.getAttribute('href')).toBe('/register');
    await signUp.click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.context().close();
  });

  it('keeps its sections of copy as prerendered, their links still navigating within the app, and draws them on a visit from another page', async () => {
    const { page } = await openLanding();
    // Hydrated: the demo's calendar is drawn by the live page.
    await expect.poll(() => demo(page).getByRole('grid').isVisible()).toBe(true);
    // A mark on this document: it survives a navigation within the app, not a new page load.
    await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

    await page.locator('#pricing').getByRole('link', { name: 'Get Lifetime Access' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    expect(await sameDocument()).toBe(true);

    // Back to / from another page of the app: the router draws the landing page, every section included.
    await page.getByRole('banner').getByRole('link', { name: 'Meetwise' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => shownWhenScrolledTo(page.locator('#pricing').getByRole('heading', { name: 'Annual' })))
      .toBe(true);
    expect(await page.locator('[data-testid="testimonial"]').count()).toBe(3);
    expect(await page.getByRole('link', { name: 'Sign up with email' }).isVisible()).toBe(true);
    expect(await sameDocument()).toBe(true);
    // The Google sign-up stays a full navigation to the server.
    expect(await page.getByRole('link', { name: 'Sign up with Google' }).getAttribute('href')).toBe(
      '/api/auth/google?type=register',
    );
    await page.context().close();
  });

  it('runs the booking demo on sample data at 1280 px: a day shows its times, a time shows the demo note, no API call', async () => {
    const { page, requests } = await openLanding({ width: 1280 });
    await requestsSettled(page);
    // The demo's calendar is drawn once the page has hydrated.
    await expect.poll(() => demo(page).getByRole('grid').isVisible()).toBe(true);

    await (await firstAvailableDay(page, demo(page))).click();
    const times = demo(page).getByRole('list', { name: /^Available times on / });
    await expect.poll(() => times.isVisible()).toBe(true);
    expect(await times.getByRole('button').count()).toBeGreaterThan(0);
    expect(await demo(page).getByText(`Times in ${GUEST_ZONE}`).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await times.getByRole('button').first().click();
    await expect
      .poll(() => demo(page).getByText('This is a demo, so nothing is booked.', { exact: false }).isVisible())
      .toBe(true);
    await demo(page).getByRole('button', { name: '← Back to Select Time' }).click();
    await demo(page).getByRole('button', { name: '← Back to Calendar' }).click();
    await expect.poll(() => demo(page).getByRole('grid').isVisible()).toBe(true);

    await requestsSettled(page);
    expect(apiCalls(requests)).toEqual([]);
    await page.context().close();
  });

  it('ignores clicks on dates on mobile (375 px) and still calls no API', async () => {
    const { page, requests } = await openLanding({ width: 375, mobile: true });
    await requestsSettled(page);
    const day = await firstAvailableDay(page, demo(page));
    await day.click();
    // Once the click's (wrong) reaction would have rendered, check nothing changed.
    await framesRendered(page);
    expect(await demo(page).getByRole('grid').isVisible()).toBe(true);
    expect(await day.getAttribute('aria-selected')).toBe('false');
    expect(
      await demo(page)
        .getByRole('list', { name: /^Available times on / })
        .count(),
    ).toBe(0);
    expect(apiCalls(requests)).toEqual([]);
    await page.context().close();
  });

  it('has no serious accessibility violations in light and dark, wide and narrow', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        const { page } = await openLanding({ colorScheme, width, mobile: width < 768 });
        await requestsSettled(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          colorScheme === 'dark',
        );
        await expectNoSeriousA11yViolations(page);
        await page.context().close();
      }
    }
  });
});
