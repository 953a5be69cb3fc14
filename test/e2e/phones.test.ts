import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { addDays, chooseDate, dateIn, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { requestsSettled } from '#test/support/page-state';

/**
 * Phones (issue 15): every route of the router at 320 px scrolls no sideways, signed out and signed in (the demo
 * host, and the demo admin on the host console); the header's mobile menu opens, shows the navigation and the
 * theme toggle, and closes with Escape; the header reflects the session on every page that has one; the booking
 * page's "Try Meetwise free" covers no control at 375×667 and 375×812.
 */

const stack = browserStackPerFile();

const HOST = { email: 'jordan@meetwise.test', password: 'meetwise-demo', name: 'Jordan Avery' };
const ADMIN = { email: 'admin@meetwise.test', password: 'meetwise-admin', name: 'Avery Admin' };
const ZONE = 'America/New_York';

/** The router's public paths (frontend/src/app/router.tsx), with a slug for the parameterized ones. */
const PUBLIC_PATHS = [
  '/',
  '/contact-us',
  '/debug',
  '/oauth-config',
  '/direct-login',
  '/sign-in-link',
  '/verify-email',
  '/login',
  '/register',
  '/register-email',
  '/auth-success',
  '/auth-success/failure',
  '/calendar',
  '/calendar-integration',
  '/calendar-connected',
  '/book/intro-call',
  '/events/intro-call',
  '/no-such-page',
];
/** Behind the login guard. */
const GUARDED_PATHS = ['/events', '/events/new', '/hourly-debug', '/profile-settings', '/billing-details'];

async function newContext(
  width: number,
  height: number,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<BrowserContext> {
  return stack.browser.newContext({ viewport: { width, height }, colorScheme, timezoneId: ZONE });
}

/** A context signed in through the login page (the session cookie stays in the context). */
async function signedInContext(
  account: { email: string; password: string },
  width: number,
  height = 640,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<BrowserContext> {
  const context = await newContext(width, height, colorScheme);
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}/login`);
  await page.getByLabel('Username or Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.close();
  return context;
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}${path}`);
  // Settled: every request the page made ended, its answers rendered (its width is then the page's own).
  await requestsSettled(page);
  return page;
}

const sideways = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  expect(await sidewaysOverflow(page, label)).toBeNull();
}

/** null, or what makes the page wider than the window (the widest elements sticking out). */
async function sidewaysOverflow(page: Page, label: string): Promise<string | null> {
  const { scrollWidth, innerWidth } = await sideways(page);
  if (scrollWidth <= innerWidth) return null;
  const culprits = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`),
  );
  return `${label}: ${scrollWidth} px wide in ${innerWidth} px (${culprits.join(' ')})`;
}

const menuToggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$/ });
const themeToggle = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Switch to (dark|light) theme$/ });

describe('no sideways scrolling at 320 px', () => {
  it('on every public route, signed out', async () => {
    const context = await newContext(320, 640);
    const overflows: (string | null)[] = [];
    for (const path of PUBLIC_PATHS) {
      const page = await open(context, path);
      overflows.push(await sidewaysOverflow(page, `signed out ${path}`));
      await page.close();
    }
    await context.close();
    expect(overflows.filter(Boolean)).toEqual([]);
  });

  it('on every route, signed in as the demo host, and on the host console as the admin', async () => {
    const overflows: (string | null)[] = [];
    const host = await signedInContext(HOST, 320);
    for (const path of [...GUARDED_PATHS, ...PUBLIC_PATHS.filter((path) => !path.startsWith('/auth-success'))]) {
      const page = await open(host, path);
      // The signed-in header has arrived (the editor has none; the booking pages ask for no session).
      if (path !== '/events/new') await menuToggle(page).waitFor();
      overflows.push(await sidewaysOverflow(page, `signed in ${path}`));
      await page.close();
    }
    await host.close();

    const admin = await signedInContext(ADMIN, 320);
    for (const path of GUARDED_PATHS) {
      const page = await open(admin, path);
      overflows.push(await sidewaysOverflow(page, `admin ${path}`));
      await page.close();
    }
    await admin.close();
    expect(overflows.filter(Boolean)).toEqual([]);
  });
});

describe('the mobile menu', () => {
  it('opens on /events at 320 px with the navigation and the theme toggle, and closes with Escape', async () => {
    const context = await signedInContext(HOST, 320);
    const page = await open(context, '/events');
    const toggle = menuToggle(page);
    await toggle.waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Event Types' }).isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-label')).toBe('Open menu');
    expect(await themeToggle(page).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'menu closed');
    await page.screenshot({ path: '/tmp/phones-events-320-menu-closed.png' });

    // Keyboard: Enter opens; the menu follows the button in the tab order; Escape closes, focus back on the button.
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-label')).toBe('Close menu');
    expect(await toggle.getAttribute('aria-controls')).toBe('mobile-menu');
    expect(await menu.getByRole('link', { name: /Help/ }).isVisible()).toBe(true);
    await expect.poll(() => menu.getByRole('link', { name: 'Calendar Sync' }).isVisible()).toBe(true);
    for (const name of ['Profile Settings', 'Billing Details']) {
      expect(await menu.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    expect(await menu.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await menu.getByText(HOST.name).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await themeToggle(page).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'menu open');
    await page.screenshot({ path: '/tmp/phones-events-320-menu-open.png' });

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#mobile-menu') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

    // A click opens it; Escape right away closes it too; a link in it navigates and closes it.
    await toggle.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await toggle.click();
    await menu.getByRole('link', { name: 'Profile Settings' }).click();
    await page.waitForURL('**/profile-settings');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });

  it('shows the signed-out links on / at 320 px and closes with Escape', async () => {
    const context = await newContext(320, 640);
    const page = await open(context, '/');
    const toggle = menuToggle(page);
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    for (const name of ['Pricing', 'Contact Us', 'Login']) {
      expect(await menu.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    expect(await themeToggle(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('has no serious accessibility violations, open, in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await signedInContext(HOST, 320, 640, colorScheme);
      const page = await open(context, '/events');
      await menuToggle(page).click();
      await expect
        .poll(() => page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).isVisible())
        .toBe(true);
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }
  });
});

describe('the header reflects the session (issue 15, item 9)', () => {
  it('shows the user menu, not Login, on /contact-us, /hourly-debug and the not-found page', async () => {
    for (const width of [1280, 320]) {
      const context = await signedInContext(HOST, width, 800);
      for (const path of ['/contact-us', '/hourly-debug', '/no-such-page']) {
        const page = await open(context, path);
        const header = page.getByRole('banner');
        if (width === 1280) {
          await expect
            .poll(() => header.getByRole('button', { name: HOST.name }).isVisible(), { message: path })
            .toBe(true);
        } else {
          await menuToggle(page).click();
          await expect
            .poll(() => page.locator('#mobile-menu').getByText(HOST.name).isVisible(), { message: path })
            .toBe(true);
        }
        expect(await header.getByRole('link', { name: 'Login' }).count(), path).toBe(0);
        await page.close();
      }
      await context.close();
    }
  });

  it('still shows Login to a visitor without a session there', async () => {
    const context = await newContext(1280, 800);
    for (const path of ['/contact-us', '/no-such-page']) {
      const page = await open(context, path);
      await expect
        .poll(() => page.getByRole('banner').getByRole('link', { name: 'Login' }).isVisible(), { message: path })
        .toBe(true);
      await page.close();
    }
    await context.close();
  });
});

describe('"Try Meetwise free" on the booking page', () => {
  /** Every control the call-to-action's box overlaps, as "tag text" (none expected). */
  const coveredControls = (page: Page) =>
    page.evaluate(() => {
      const cta = Array.from(document.querySelectorAll('a')).find((a) => a.textContent?.trim() === 'Try Meetwise free');
      if (!cta) return ['(no call-to-action)'];
      const box = cta.getBoundingClientRect();
      const controls = document.querySelectorAll<HTMLElement>(
        'a, button, input, select, textarea, [role="gridcell"], [role="button"], [tabindex]:not([tabindex="-1"])',
      );
      return Array.from(controls)
        .filter((control) => control !== cta && !control.contains(cta))
        .filter((control) => {
          const rect = control.getBoundingClientRect();
          if (rect.width === 0 || rect.height === 0) return false;
          return rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
        })
        .map((control) => `${control.tagName.toLowerCase()} ${control.textContent?.trim() ?? ''}`);
    });

  /** Checks at the top, at every step while scrolling down, and at the bottom. */
  async function expectNothingCoveredWhileScrolling(page: Page, label: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    const { height, viewport } = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      viewport: window.innerHeight,
    }));
    for (let y = 0; y <= height; y += Math.floor(viewport / 3)) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await coveredControls(page), `${label}, scrolled to ${y}`).toEqual([]);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await coveredControls(page), `${label}, at the bottom`).toEqual([]);
  }

  /** Monday of next week in the guest's zone (the demo event's weekday hours). */
  function nextMonday(): string {
    const today = dateIn(new Date().toISOString(), ZONE);
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    return addDays(today, ((8 - weekday) % 7) + 7);
  }

  for (const height of [667, 812]) {
    it(`covers no control at 375×${height}: the month, the slot list, the bottom`, async () => {
      const context = await newContext(375, height);
      const page = await open(context, '/book/intro-call');
      await page.getByRole('grid').waitFor();
      await expectNoSidewaysScroll(page, 'booking page');
      await expectNothingCoveredWhileScrolling(page, 'month');

      await chooseDate(page, nextMonday());
      await expect.poll(() => slotButtons(page).count()).toBeGreaterThan(0);
      await expectNothingCoveredWhileScrolling(page, 'slots');
      if (height === 667) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await slotButtons(page).first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: '/tmp/phones-book-375x667-slots.png', fullPage: true });
      }
      // Still reachable.
      expect(await page.getByRole('link', { name: 'Try Meetwise free' }).isVisible()).toBe(true);
      await context.close();
    });
  }
});
