import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CALENDAR_CONNECT_ERRORS } from '#shared/constants';
import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { registerAccount } from '#test/support/e2e-hosts';

/**
 * Calendar integration in the browser, on the built-in calendar (the calendar integration screen;
 * the run's shared app has no Google client, so 'Add your calendar' connects the
 * built-in calendar at once): the signed-out card, connecting, the private ICS feed (created, fetched, reset, turned
 * off), disconnecting, the dashboard's banner following, a 401 showing the authentication banner, and the
 * /calendar-connected page the Google window ends on. axe on each state.
 */

const stack = browserStackPerFile();
const suffix = String(Date.now()).slice(-6);
const account = { name: 'Ada Lovelace', email: `e2e-calendar-${suffix}@example.com`, password: 'calendar-pass-42' };
const WARNING = "Your guests will not be able to book events on your calendar until you've connected a calendar.";

let context: BrowserContext;
let page: Page;

const pathOf = (target: Page): string => new URL(target.url()).pathname;
const toast = (text: string) => page.getByText(text, { exact: true }).first();
const calendarBanner = () => page.getByRole('region', { name: 'Calendar not connected' });

async function signIn(target: Page): Promise<void> {
  await target.getByLabel('Username or Email').fill(account.email);
  await target.getByLabel('Password', { exact: true }).fill(account.password);
  await target.getByRole('button', { name: 'Login', exact: true }).click();
}

async function openCalendarScreen(): Promise<void> {
  await page.goto(`${stack.app.baseUrl}/calendar-integration`);
  await expect.poll(() => page.getByRole('heading', { name: 'Calendar Integration', level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Loading your calendar...').count()).toBe(0);
}

/** The dashboard once its calendar status has arrived (the banner shows only after it). */
async function openDashboard(): Promise<void> {
  const status = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/calendar');
  await page.goto(`${stack.app.baseUrl}/events`);
  await status;
  await expect.poll(() => page.getByRole('heading', { name: 'Event Types', level: 1 }).isVisible()).toBe(true);
}

/** GET of a feed address from outside the browser, as a calendar app would. */
async function fetchFeed(url: string): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(new URL(url, stack.app.baseUrl));
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

/** New accounts start with the built-in calendar connected (issue 13, item 14); this story starts with none. */
async function disconnectStartingCalendar(email: string, password: string): Promise<void> {
  const login = await fetch(`${stack.app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  expect(
    (await fetch(`${stack.app.baseUrl}/api/user/calendar/disconnect`, { method: 'POST', headers: { cookie } })).status,
  ).toBe(200);
}

beforeAll(async () => {
  await registerAccount(stack.app.baseUrl, account);
  await disconnectStartingCalendar(account.email, account.password);
  context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.app.baseUrl });
  page = await context.newPage();
});
afterAll(() => context?.close());

describe('calendar integration', () => {
  it('shows a signed-out visitor the Authentication Required card on both paths, and comes back after sign-in', async () => {
    for (const path of ['/calendar', '/calendar-integration']) {
      await page.goto(`${stack.app.baseUrl}${path}`);
      await expect.poll(() => page.getByRole('heading', { name: 'Authentication Required' }).isVisible()).toBe(true);
      expect(pathOf(page)).toBe(path);
      expect(await page.getByRole('heading', { name: 'Calendar Integration', level: 1 }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Back to Events' }).count()).toBe(0);
    }
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Login to Continue' }).click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await signIn(page);
    await expect.poll(() => pathOf(page)).toBe('/calendar-integration');
    await expect.poll(() => page.getByRole('link', { name: 'Back to Events' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/events');
    // A host page for the header: the user menu, not Login.
    await expect
      .poll(() => page.getByRole('banner').getByRole('button', { name: account.name }).isVisible())
      .toBe(true);
  });

  it('starts with no calendar: the warning here and the banner on the dashboard', async () => {
    await openDashboard();
    await expect.poll(() => calendarBanner().isVisible()).toBe(true);
    await calendarBanner().getByRole('link', { name: 'Connect Calendar' }).click();
    await expect.poll(() => pathOf(page)).toBe('/calendar-integration');
    await expect.poll(() => page.getByText('No calendar connected', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(WARNING).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add your calendar' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it('connects the built-in calendar at once: no window, the toast, and the card says what it means', async () => {
    const status = (await page.evaluate(async () => (await fetch('/api/user/calendar')).json())) as {
      googleAvailable: boolean;
    };
    const popups: Page[] = [];
    const onPopup = (opened: Page) => popups.push(opened);
    context.on('page', onPopup);
    // With Google configured on this machine after all, the built-in calendar is the secondary choice.
    await page
      .getByRole('button', { name: status.googleAvailable ? 'Use the built-in calendar instead' : 'Add your calendar' })
      .click();
    await expect.poll(() => toast('Calendar connected!').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Connected: Meetwise built-in calendar').isVisible()).toBe(true);
    expect(await page.getByText(/Other commitments are not checked for conflicts/).isVisible()).toBe(true);
    expect(await page.getByText('No calendar connected', { exact: true }).count()).toBe(0);
    // The Google-only parts are not shown for the built-in calendar.
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sync Now' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Calendar Visibility' }).count()).toBe(0);
    context.off('page', onPopup);
    expect(popups).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    const answer = (await page.evaluate(async () => (await fetch('/api/user/calendar')).json())) as {
      connected: boolean;
      provider: string;
    };
    expect(answer).toMatchObject({ connected: true, provider: 'builtin' });
  });

  it('creates the private feed, serves it as text/calendar, copies it, resets it (old address 404) and turns it off', async () => {
    await page.getByRole('button', { name: 'Create feed link' }).click();
    await expect.poll(() => toast('Feed link created').isVisible()).toBe(true);
    const address = page.getByLabel('Private feed address');
    await expect.poll(() => address.inputValue()).toMatch(/^https?:\/\//);
    expect(await address.getAttribute('readonly')).not.toBeNull();
    const firstUrl = await address.inputValue();

    const feed = await fetchFeed(firstUrl);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    expect(feed.body).toContain('BEGIN:VCALENDAR');

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => toast('Link copied!').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Reset link' }).click();
    await expect.poll(() => toast('Feed link reset').isVisible()).toBe(true);
    await expect.poll(() => address.inputValue()).not.toBe(firstUrl);
    const secondUrl = await address.inputValue();
    expect((await fetchFeed(firstUrl)).status).toBe(404);
    const renewed = await fetchFeed(secondUrl);
    expect(renewed.status).toBe(200);
    expect(renewed.body).toContain('BEGIN:VCALENDAR');

    // A reload shows the same address (it is the server's, not only this page's).
    await openCalendarScreen();
    await expect.poll(() => page.getByLabel('Private feed address').inputValue()).toBe(secondUrl);

    await page.getByRole('button', { name: 'Turn off feed' }).click();
    await expect.poll(() => toast('Feed turned off').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Create feed link' }).isVisible()).toBe(true);
    expect((await fetchFeed(secondUrl)).status).toBe(404);
  });

  it('takes the dashboard banner away while connected, and /calendar shows the same screen', async () => {
    await openDashboard();
    await expect.poll(() => calendarBanner().count()).toBe(0);
    await page.goto(`${stack.app.baseUrl}/calendar`);
    await expect.poll(() => page.getByText('Connected: Meetwise built-in calendar').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('banner').getByRole('button', { name: account.name }).isVisible())
      .toBe(true);
  });

  it('disconnects: no calendar again here, and the banner is back on the dashboard', async () => {
    await openCalendarScreen();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => toast('Calendar disconnected').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No calendar connected', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(WARNING).isVisible()).toBe(true);

    // In-app navigation: the dashboard uses the same cached status, refreshed by the disconnection.
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await expect.poll(() => pathOf(page)).toBe('/events');
    await expect.poll(() => calendarBanner().isVisible()).toBe(true);
  });

  it('has no serious accessibility violations in dark, not connected and connected', async () => {
    const dark = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await darkPage.goto(`${stack.app.baseUrl}/login`);
    await signIn(darkPage);
    await expect.poll(() => pathOf(darkPage)).toBe('/events');
    await darkPage.goto(`${stack.app.baseUrl}/calendar-integration`);
    await expect.poll(() => darkPage.getByText('No calendar connected', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(darkPage);
    const status = (await darkPage.evaluate(async () => (await fetch('/api/user/calendar')).json())) as {
      googleAvailable: boolean;
    };
    await darkPage
      .getByRole('button', { name: status.googleAvailable ? 'Use the built-in calendar instead' : 'Add your calendar' })
      .click();
    await expect.poll(() => darkPage.getByText('Connected: Meetwise built-in calendar').isVisible()).toBe(true);
    await darkPage.getByRole('button', { name: 'Create feed link' }).click();
    await expect.poll(() => darkPage.getByLabel('Private feed address').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(darkPage);
    await darkPage.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => darkPage.getByText('No calendar connected', { exact: true }).isVisible()).toBe(true);
    await dark.close();
  });

  it('shows the authentication banner when a calendar call answers 401, and its Log in goes to /login', async () => {
    await openCalendarScreen();
    await expect.poll(() => page.getByRole('button', { name: 'Add your calendar' }).isVisible()).toBe(true);
    // The session ends behind the page's back.
    const loggedOut = await page.evaluate(
      async () =>
        (await fetch('/api/logout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }))
          .status,
    );
    expect(loggedOut).toBe(200);

    const status = (await page.evaluate(async () => (await fetch('/api/user/calendar')).status)) as number;
    expect(status).toBe(401);
    await page.getByRole('button', { name: 'Add your calendar' }).click();
    await expect.poll(() => toast('Authentication required').isVisible()).toBe(true);
    expect(await page.getByText('Please log in to connect your calendar').first().isVisible()).toBe(true);
    const banner = page.getByRole('alert').filter({ hasText: 'Authentication error. Please try logging in again.' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await banner.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await signIn(page);
    await expect.poll(() => pathOf(page)).toBe('/calendar-integration');
  });
});

describe('/calendar-connected (the end of the Google authorization window)', () => {
  it('says the calendar is connected, or shows the error, without the login guard', async () => {
    const connected = await stack.browser.newContext({ viewport: { width: 800, height: 600 } });
    const result = await connected.newPage();
    await result.goto(`${stack.app.baseUrl}/calendar-connected?status=connected`);
    await expect
      .poll(() => result.getByRole('heading', { name: 'Google Calendar connected', level: 1 }).isVisible())
      .toBe(true);
    expect(await result.getByText('You can close this window.').isVisible()).toBe(true);
    expect(pathOf(result)).toBe('/calendar-connected');
    await expectNoSeriousA11yViolations(result);

    await result.goto(`${stack.app.baseUrl}/calendar-connected?error=cancelled`);
    await expect
      .poll(() => result.getByRole('heading', { name: 'Google Calendar was not connected', level: 1 }).isVisible())
      .toBe(true);
    expect(await result.getByRole('alert').filter({ hasText: CALENDAR_CONNECT_ERRORS.cancelled }).isVisible()).toBe(
      true,
    );
    // Only the fixed texts of our codes: text put in the address is not shown.
    await result.goto(
      `${stack.app.baseUrl}/calendar-connected?error=${encodeURIComponent('Call +1 555 0100 to verify your account')}`,
    );
    await expect
      .poll(() =>
        result.getByRole('alert').filter({ hasText: 'The connection did not finish. Please try again.' }).isVisible(),
      )
      .toBe(true);
    expect(await result.getByText('Call +1 555 0100', { exact: false }).count()).toBe(0);
    // Not opened by the calendar screen: a way there instead of closing.
    expect(await result.getByRole('link', { name: 'Go to Calendar Integration' }).getAttribute('href')).toBe(
      '/calendar-integration',
    );
    await expectNoSeriousA11yViolations(result);
    await connected.close();
  });
});
