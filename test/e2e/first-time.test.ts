import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { addDays, chooseDate, dateIn, apiSlots as fetchSlots, rangeIn, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { requestsSettled } from '#test/support/page-state';

/**
 * A first-time visitor's rough edges (issue 15): the booking page's time-zone picker (items 5), the host's date on
 * the confirmation (7), the e-mail carried from registration to /login (8), no Google buttons when Google sign-in
 * is not configured (10; this app runs without Google) and the not-found page (12). Against the seeded demo host
 * (Jordan Avery, America/New_York) and /book/intro-call.
 */

const stack = browserStackPerFile();

const EVENT_ID = 1001; // /book/intro-call, 30 min
const HOST_ZONE = 'America/New_York';

const apiSlots = (date: string, timezone: string) => fetchSlots(stack.app.baseUrl, EVENT_ID, date, timezone);

async function openAs(
  path: string,
  timezoneId: string,
  options: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await stack.browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    timezoneId,
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}${path}`);
  return page;
}

/** Next week's Wednesday (+ offset days) in a zone: the demo host works Monday to Friday in New York. */
function dateNextWeek(timeZone: string, offset = 0): string {
  const today = dateIn(new Date().toISOString(), timeZone);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, 7 - weekday + 3 + offset);
}

/** "UTC+01:00": a zone's offset now, as the picker shows it. */
function offsetNow(timeZone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC').replace('\u2212', '-');
}

const pathOf = (page: Page): string => new URL(page.url()).pathname;

describe('time-zone picker', () => {
  it('finds "berlin" as "Central European Time — Berlin" with its offset, and choosing it changes the slot times', async () => {
    const page = await openAs('/book/intro-call', 'America/Los_Angeles');
    await page.locator('[role="grid"]:not([aria-busy])').waitFor();
    const change = page.getByRole('button', { name: 'Change' });
    await change.click();
    const search = page.getByRole('combobox', { name: 'Search time zones' });
    await search.waitFor();
    // Focus moves to the search field; the browser's zone is listed first.
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    const listbox = page.getByRole('listbox', { name: 'Time zones' });
    const firstGroup = listbox.getByRole('group').first();
    expect(await firstGroup.getByRole('option').first().textContent()).toContain('Pacific Time — Los Angeles');
    expect(await listbox.getByRole('group').evaluateAll((groups) => groups.length)).toBeGreaterThanOrEqual(8);

    await search.fill('berlin');
    const berlin = listbox.getByRole('option', { name: /Central European Time — Berlin/ });
    await expect.poll(() => listbox.getByRole('option').count()).toBe(1);
    expect(await berlin.textContent()).toContain(offsetNow('Europe/Berlin'));
    expect(await listbox.getByRole('group').first().textContent()).toContain('Europe');
    await berlin.click();

    await expect.poll(() => page.getByText('Europe/Berlin', { exact: false }).first().isVisible()).toBe(true);
    expect(await change.evaluate((element) => element === document.activeElement)).toBe(true);
    // The slots are now Berlin's times (asked for in Berlin, shown in Berlin).
    const date = dateNextWeek('Europe/Berlin');
    await chooseDate(page, date);
    const [slot] = await apiSlots(date, 'Europe/Berlin');
    expect(slot).toBeDefined();
    expect(await slotButtons(page).first().textContent()).toBe(rangeIn(slot!, 'Europe/Berlin'));
    expect(rangeIn(slot!, 'Europe/Berlin')).not.toBe(rangeIn(slot!, 'America/Los_Angeles'));
    await page.context().close();
  });

  it('works from the keyboard and is accessible, light and dark, at 375 px', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openAs('/book/intro-call', 'Europe/London', { width: 375, colorScheme });
      if (colorScheme === 'dark') {
        // The seed has no dark event: the answer is rewritten in flight, as in booking.test.ts (on the page's shell,
        // book.html, which asks for its event: a published page carries it).
        const shell = readFileSync('frontend/dist/book.html', 'utf8');
        await page.route('**/book/intro-call', (route) => route.fulfill({ contentType: 'text/html', body: shell }));
        await page.route('**/api/events/public/*', async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, json: { ...((await response.json()) as object), bookingTheme: 'dark' } });
        });
        await page.reload();
        await expect.poll(() => page.locator('[data-booking-theme]').getAttribute('data-booking-theme')).toBe('dark');
      }
      await page.locator('[role="grid"]:not([aria-busy])').waitFor();
      await page.getByRole('button', { name: 'Change' }).focus();
      await page.keyboard.press('Enter');
      const search = page.getByRole('combobox', { name: 'Search time zones' });
      await search.waitFor();
      await page.keyboard.type('tokyo');
      const active = () =>
        search.evaluate(
          (element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent,
        );
      await expect.poll(active).toContain('Tokyo');
      if (colorScheme === 'light') {
        await search.fill('');
        await page.keyboard.press('ArrowDown');
        // The open picker at the top of the screen for the picture.
        await search.evaluate((element) => {
          element.closest('[id$="-panel"]')?.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -120); // below the sticky header, with the picker's "Close" line
        });
        await page.screenshot({ path: '/tmp/tz-picker.png', fullPage: false });
        await search.fill('tokyo');
      }
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByText('Asia/Tokyo', { exact: false }).first().isVisible()).toBe(true);
      expect(await search.count()).toBe(0);

      // Escape clears the search, then closes.
      await page.getByRole('button', { name: 'Change' }).click();
      await search.fill('x');
      await page.keyboard.press('Escape');
      expect(await search.inputValue()).toBe('');
      await page.keyboard.press('Escape');
      await expect.poll(() => search.count()).toBe(0);
      await page.context().close();
    }
  });
});

describe('confirmation', () => {
  it("names the host's date when the guest in Tokyo is on another day", async () => {
    const GUEST = 'Asia/Tokyo';
    const page = await openAs('/book/intro-call', GUEST);
    const date = dateNextWeek(GUEST, 1);
    // A slot on the guest's date that falls on the host's previous day (Tokyo is 13-14 hours ahead of New York).
    const slot = (await apiSlots(date, GUEST)).find((s) => dateIn(s.start, HOST_ZONE) !== dateIn(s.start, GUEST));
    expect(slot).toBeDefined();
    await chooseDate(page, date);
    await slotButtons(page)
      .filter({ hasText: rangeIn(slot!, GUEST) })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
    await page.getByLabel('Name').fill('Tokyo Guest');
    await page.getByLabel('Email', { exact: true }).fill(`tokyo-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();

    const hostDay = new Intl.DateTimeFormat('en-US', {
      timeZone: HOST_ZONE,
      weekday: 'long',
      month: 'short',
      day: 'numeric',
    })
      .format(new Date(slot!.start))
      .replace(',', '');
    expect(await page.getByTestId('confirmation-time').textContent()).toBe(rangeIn(slot!, GUEST));
    expect(await page.getByTestId('confirmation-host-s-time').textContent()).toBe(
      `${rangeIn(slot!, HOST_ZONE)}, ${hostDay} (America/New York)`,
    );
    await page.context().close();
  });
});

describe('sign-in and registration without Google', () => {
  it('fills the e-mail in on /login after "Account created!"', async () => {
    const email = `first-time-${Date.now()}@example.com`;
    const page = await stack.openPage('/register');
    await page.getByLabel('Full Name').fill('First Timer');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-time-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Account created!').isVisible()).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/login');
    const username = page.getByLabel('Username or Email');
    await expect.poll(() => username.inputValue()).toBe(email);
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.evaluate((element) => element === document.activeElement)).toBe(true);
    await password.fill('first-time-42');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/events');
    await page.context().close();
  });

  it('hides the Google buttons and the OR divider on /login and /register', async () => {
    const debug = (await (await fetch(`${stack.app.baseUrl}/api/auth/debug-url`)).json()) as {
      oauth: { googleConfigured: boolean };
    };
    expect(debug.oauth.googleConfigured).toBe(false);
    for (const path of ['/login', '/register']) {
      const page = await stack.openPage(path);
      await requestsSettled(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: /Google/ }).count()).toBe(0);
      expect(await page.getByRole('separator', { name: 'or' }).count()).toBe(0);
      await page.context().close();
    }
  });

  it('says "not configured" on the error card, without the redirect URL guess', async () => {
    const reason = 'Google sign-in is not configured on this server. Please use your e-mail and password.';
    const page = await stack.openPage(`/login?error=${encodeURIComponent(reason)}`);
    const card = page.getByRole('alert').filter({ hasText: 'Google Authentication Error' });
    await expect.poll(() => card.isVisible()).toBe(true);
    await requestsSettled(page);
    const text = await card.textContent();
    expect(text).toContain('not configured');
    expect(text).not.toContain('redirect URL');
    expect(await card.getByRole('link').getAttribute('href')).toBe('/register');
    await page.context().close();
  });
});

describe('not-found page', () => {
  it('answers any other path with a friendly page linking home and to sign-in', async () => {
    const page = await stack.openPage('/no-such-page/at-all');
    await expect.poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(await main.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await expectNoSeriousA11yViolations(page);
    await main.getByRole('link', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await page.context().close();
  });
});
