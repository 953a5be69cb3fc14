import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { shiftMonthKeepDay } from '#frontend/lib/dates.ts';
import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import {
  addDays,
  chooseDate,
  dateIn,
  apiSlots as fetchSlots,
  firstAvailableDay,
  formatTitle,
  rangeIn,
  slotButtons,
} from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { requestsSettled } from '#test/support/page-state';

/**
 * The public booking page (issue 4, "The booking page") in Debian's Chromium against the whole local stack with
 * the seeded demo host (Jordan Avery, America/New_York). The guest sits in Europe/Berlin.
 */

const EVENT_ID = 1001; // /book/intro-call, 30 min
const GUEST_ZONE = 'Europe/Berlin';
const HOST_ZONE = 'America/New_York';

const stack = browserStackPerFile();

async function openPage(path: string, width = 1280, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await stack.browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: GUEST_ZONE,
    colorScheme,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}${path}`);
  return page;
}

/**
 * Serves the booking page's shell (book.html) at `path`, as the servers do for a slug without a published page: it
 * asks the API for the event (a published page carries its event).
 */
async function serveShell(page: Page, path: string): Promise<void> {
  const shell = readFileSync('frontend/dist/book.html', 'utf8');
  await page.route(`**${path}`, (route) => route.fulfill({ contentType: 'text/html', body: shell }));
}

const apiSlots = (date: string, timezone: string) => fetchSlots(stack.app.baseUrl, EVENT_ID, date, timezone);

/** The wall-clock reading of an instant in a zone, as if it were UTC (ms). */
function wallClock(instant: string, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
}
/** A weekday of next week in the guest's zone (the demo host works Monday to Friday). */
function dateNextWeek(offset = 0): string {
  const today = dateIn(new Date().toISOString(), GUEST_ZONE);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  // Next week's Tuesday (+ offset days, staying within Tuesday..Friday).
  return addDays(today, 7 - weekday + 2 + offset);
}

async function fillDetails(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
}

/** Books the first listed slot of next week's date and checks the times against the host's zone. */
async function bookEndToEnd(width: number, dayOffset: number): Promise<void> {
  const page = await openPage('/book/intro-call', width);
  const date = dateNextWeek(dayOffset);
  const [first] = await apiSlots(date, GUEST_ZONE);
  expect(first).toBeDefined();
  const slot = first!;
  // The same instant is bookable for the host in New York (Berlin is 6 hours ahead in winter, 5-6 around DST).
  const hostDate = dateIn(slot.start, HOST_ZONE);
  expect((await apiSlots(hostDate, HOST_ZONE)).some((s) => Date.parse(s.start) === Date.parse(slot.start))).toBe(true);

  await chooseDate(page, date);
  const button = slotButtons(page).first();
  expect(await button.textContent()).toBe(rangeIn(slot, GUEST_ZONE));
  await button.click();
  await fillDetails(page, `Guest ${width}`, `guest${width}@example.com`);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  await page.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
  expect(await page.getByTestId('confirmation-time').textContent()).toBe(rangeIn(slot, GUEST_ZONE));
  expect(await page.getByTestId('confirmation-date').textContent()).toBe(formatTitle(date));
  expect(await page.getByTestId('confirmation-host').textContent()).toBe('Jordan Avery');
  expect(await page.getByTestId('confirmation-event').textContent()).toBe('Intro Call');
  expect(await page.getByTestId('confirmation-host-s-time').textContent()).toBe(
    `${rangeIn(slot, HOST_ZONE)} (America/New York)`,
  );
  if (width >= 768) {
    await expect.poll(() => page.getByText('Booking Confirmed', { exact: true }).isVisible()).toBe(true);
  }

  // The host's calendar: the instant is no longer offered in New York.
  expect((await apiSlots(hostDate, HOST_ZONE)).some((s) => Date.parse(s.start) === Date.parse(slot.start))).toBe(false);
  // Berlin minus 6 h is New York in winter (5 h in the weeks when only one of them is on summer time).
  const difference = (wallClock(slot.start, GUEST_ZONE) - wallClock(slot.start, HOST_ZONE)) / 3_600_000;
  expect(new Date().getUTCMonth() === 11 || new Date().getUTCMonth() <= 1 ? [6] : [5, 6]).toContain(difference);
  await page.context().close();
}

describe('booking page', () => {
  it('books /book/intro-call end to end at 1280 px in Europe/Berlin, times matching the host in New York', async () => {
    await bookEndToEnd(1280, 0);
  });

  it('books /book/intro-call end to end at 375 px', async () => {
    await bookEndToEnd(375, 1);
  });

  it('adds guests, refuses an invalid, a named or a repeated one, removes one; Back returns to the slots', async () => {
    const page = await openPage('/book/intro-call');
    await chooseDate(page, dateNextWeek(2));
    await slotButtons(page).first().click();
    await fillDetails(page, 'Guest List', 'list@example.com');
    await page.getByRole('button', { name: 'Add guests' }).click();
    const guestInput = page.getByLabel('Guest email');
    const addGuest = () => page.getByRole('button', { name: 'Add guest', exact: true }).click();
    // Issue 31: the message stays under the field, named by it, until the address changes.
    const guestMessage = async (text: string) => {
      await expect.poll(() => page.getByText(text, { exact: true }).isVisible()).toBe(true);
      expect(await guestInput.getAttribute('aria-invalid')).toBe('true');
      expect(await guestInput.getAttribute('aria-describedby')).toBe('booking-guest-email-error');
    };
    await guestInput.fill('not-an-email');
    await addGuest();
    await guestMessage('Please enter a valid email address, like name@example.com.');
    await guestInput.fill('Foo <one@example.com>');
    await addGuest();
    await guestMessage('Please enter just the email address, without a name.');
    await guestInput.fill('');
    await addGuest();
    for (const email of ['one@example.com', 'two@example.com']) {
      await guestInput.fill(email);
      await addGuest();
    }
    await guestInput.fill('ONE@example.com');
    await addGuest();
    await guestMessage('This guest is already on the list.');
    await guestInput.fill('List@Example.com');
    await addGuest();
    await guestMessage('That is your own address: you get every e-mail about this booking already.');
    await guestInput.fill('');
    expect(await guestInput.getAttribute('aria-invalid')).toBeNull();
    const guests = page.getByRole('list', { name: 'Guests' }).getByRole('listitem');
    expect(await guests.allTextContents()).toEqual(['one@example.comRemove', 'two@example.comRemove']);
    await page.getByRole('button', { name: 'Remove guest one@example.com' }).click();
    expect(await guests.allTextContents()).toEqual(['two@example.comRemove']);
    await page.getByRole('button', { name: 'Hide guests' }).click();
    expect(await page.getByRole('button', { name: 'Add guests' }).isVisible()).toBe(true);

    // Validation with the shared schema's messages.
    await page.getByLabel('Name').fill(' ');
    await page.getByLabel('Email', { exact: true }).fill('nope');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    expect(await page.getByText('Name is required').isVisible()).toBe(true);
    expect(await page.getByText('Invalid email address').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Back to Select Time' }).click();
    await expect.poll(() => slotButtons(page).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows the server message when the slot was taken meanwhile, inline too at 375 px', async () => {
    const page = await openPage('/book/intro-call', 375);
    const date = dateNextWeek(3);
    await chooseDate(page, date);
    const [slot] = await apiSlots(date, GUEST_ZONE);
    expect(await slotButtons(page).first().textContent()).toBe(rangeIn(slot!, GUEST_ZONE));
    await slotButtons(page).first().click();
    await fillDetails(page, 'Late Guest', 'late@example.com');

    const taken = await fetch(`${stack.app.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Early Bird',
        email: 'early@example.com',
        guests: [],
        date,
        startTime: slot!.start,
        endTime: slot!.end,
        eventId: EVENT_ID,
        timezone: GUEST_ZONE,
      }),
    });
    expect(taken.status).toBe(201);

    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => page.getByText('Error creating booking', { exact: true }).isVisible()).toBe(true);
    const inline = page.getByRole('alert').filter({ hasText: 'Booking Error' });
    await expect.poll(() => inline.isVisible()).toBe(true);
    expect(await inline.textContent()).toContain('This time slot is no longer available.');
    // The toast (Radix renders it as a list item in the notifications region) carries the server's message.
    expect(await page.locator('li', { hasText: 'Error creating booking' }).textContent()).toContain(
      'This time slot is no longer available.',
    );
    expect(await page.getByRole('button', { name: 'Confirm Booking' }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('Share copies the meeting details; Reschedule returns to the calendar', async () => {
    const page = await openPage('/book/intro-call');
    await chooseDate(page, dateNextWeek(0));
    await slotButtons(page).first().click();
    await fillDetails(page, 'Sharer', 'share@example.com');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
    await page.getByRole('button', { name: 'Share Meeting Details' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied to Clipboard!' }).isVisible()).toBe(true);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Meeting: Intro Call');
    expect(copied).toContain('Host: Jordan Avery');
    expect(copied).toContain(await page.getByTestId('confirmation-time').textContent());
    expect(await page.getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/#pricing');
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByRole('grid').waitFor();
    expect(await page.locator('[role="gridcell"][aria-selected="true"]').count()).toBe(0);
    await page.context().close();
  });

  it('the calendar is a keyboard grid with weekday headers and a legend', async () => {
    const page = await openPage('/book/intro-call');
    // Once the month's availability is in: until then the tabbable day is today, afterwards the first free day.
    await page.locator('[role="grid"]:not([aria-busy])').waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'SUN',
      'MON',
      'TUE',
      'WED',
      'THU',
      'FRI',
      'SAT',
    ]);
    for (const text of ['Available', 'Unavailable', 'Today']) {
      expect(await page.getByRole('list', { name: 'Legend' }).getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.locator('[role="gridcell"][tabindex="0"]').count()).toBe(1);
    const start = await page.locator('[role="gridcell"][tabindex="0"]').getAttribute('data-date');
    await page.locator('[role="gridcell"][tabindex="0"]').focus();
    await page.keyboard.press('ArrowRight');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-date'));
    await expect.poll(focused).toBe(addDays(start!, 1));
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe(addDays(start!, 8));
    await page.keyboard.press('PageDown');
    // The same day of the next month (the month's last day when it is shorter).
    await expect.poll(focused).toBe(shiftMonthKeepDay(addDays(start!, 8), 1));
    await page.context().close();
  });

  it('has no serious or critical axe violation at each step, in the light and the dark booking theme, the site in the other', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const siteTheme = theme === 'light' ? 'dark' : 'light';
      const page = await openPage('/book/strategy-session', theme === 'dark' ? 375 : 1280, siteTheme);
      // The seed has no dark event: the answer is rewritten in flight (and a different accent colour tried).
      await serveShell(page, '/book/strategy-session');
      await page.route('**/api/events/public/*', async (route) => {
        const response = await route.fetch();
        const event = (await response.json()) as Record<string, unknown>;
        await route.fulfill({
          response,
          json: { ...event, bookingTheme: theme, color: theme === 'dark' ? '#2563EB' : event.color },
        });
      });
      await page.reload();
      await page.locator('[role="grid"]:not([aria-busy])').waitFor();
      expect(await page.locator('[data-booking-theme]').getAttribute('data-booking-theme')).toBe(theme);
      // The event's theme wins over the site's, for the whole page (issue 15, item 4): a light booking page is light
      // on a dark site, header and footer too, and the reverse.
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      const background = await page
        .locator('[data-booking-theme] section')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background === 'rgb(255, 255, 255)').toBe(theme === 'light');
      await expectNoSeriousA11yViolations(page);
      await page.locator('[role="gridcell"][aria-disabled="false"]').last().click();
      await slotButtons(page).first().waitFor();
      await expectNoSeriousA11yViolations(page);
      await slotButtons(page).first().click();
      await page.getByRole('button', { name: 'Confirm Booking' }).click(); // empty: the inline messages show
      await page.getByText('Name is required').waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.context().close();
    }
  });

  it('syncs the host calendar when step 1 shows, naming the event, and asks for dates and the event at once', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: GUEST_ZONE });
    const page = await context.newPage();
    await serveShell(page, '/book/intro-call');
    const calls: { url: URL; at: number }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push({ url, at: Date.now() });
    });
    const answered = new Map<string, number>();
    page.on('response', (response) => answered.set(new URL(response.url()).pathname, Date.now()));
    await page.goto(`${stack.app.baseUrl}/book/intro-call`);
    await page.locator('[role="grid"]:not([aria-busy])').waitFor();
    await expect.poll(() => calls.some(({ url }) => url.pathname === '/api/calendar/sync')).toBe(true);
    const sync = calls.find(({ url }) => url.pathname === '/api/calendar/sync')!;
    expect(sync.url.searchParams.get('eventId')).toBe('intro-call');
    // The month's dates do not wait for the event: both leave before the event's answer arrives.
    const dates = calls.find(({ url }) => url.pathname === '/api/available-dates')!;
    expect(dates.url.searchParams.get('eventId')).toBe('intro-call');
    expect(dates.at).toBeLessThanOrEqual(answered.get('/api/events/public/intro-call')!);
    // And the first free day's slots follow the dates without a click.
    await expect.poll(() => calls.some(({ url }) => url.pathname === '/api/time-slots')).toBe(true);
    // index.html started the event and the dates; the app took those answers instead of asking again.
    const count = (path: string) => calls.filter(({ url }) => url.pathname === path).length;
    // Once per month: this month's (from index.html) and, for the next month's first days in the last week, the next.
    const monthsAsked = calls
      .filter(({ url }) => url.pathname === '/api/available-dates')
      .map(({ url }) => `${url.searchParams.get('year')}-${url.searchParams.get('month')}`);
    expect(count('/api/events/public/intro-call')).toBe(1);
    expect(monthsAsked).toHaveLength(new Set(monthsAsked).size);
    expect(monthsAsked).toHaveLength(2);
    await context.close();
  });

  it('a published page carries its event: never asked for, the dates once per month', async () => {
    await expect
      .poll(
        async () => (await (await fetch(`${stack.app.baseUrl}/book/intro-call`)).text()).includes('meetwise-event'),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: GUEST_ZONE });
    const page = await context.newPage();
    const calls: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url);
    });
    await page.goto(`${stack.app.baseUrl}/book/intro-call`);
    await page.locator('[role="grid"]:not([aria-busy])').waitFor();
    await expect.poll(() => calls.some((url) => url.pathname === '/api/time-slots')).toBe(true);
    const monthsAsked = calls
      .filter((url) => url.pathname === '/api/available-dates')
      .map((url) => `${url.searchParams.get('year')}-${url.searchParams.get('month')}`);
    expect(calls.filter((url) => url.pathname.startsWith('/api/events/public'))).toEqual([]);
    expect(monthsAsked).toHaveLength(new Set(monthsAsked).size);
    expect(monthsAsked).toHaveLength(2);
    await context.close();
  });

  it('the demo event 999 cannot be submitted', async () => {
    const page = await openPage('/book/demo');
    await (await firstAvailableDay(page)).click();
    await slotButtons(page).first().click();
    const button = page.getByRole('button', { name: 'Booking Disabled' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByText('This is a demo booking and cannot be submitted').isVisible()).toBe(true);
    expect(await page.getByText('For demo purposes only').isVisible()).toBe(true);
    await page.context().close();
  });

  it('a deactivated event (403 isInactive) and a failed event load show their screens', async () => {
    const page = await openPage('/book/intro-call');
    await serveShell(page, '/book/intro-call');
    // The seed has no deactivated event: the server's 403 answer is played in its place.
    await page.route('**/api/events/public/*', (route) =>
      route.fulfill({
        status: 403,
        json: { message: 'This event has been deactivated.', code: 'FORBIDDEN', isInactive: true },
      }),
    );
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'This event has been deactivated' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Return to home page' }).getAttribute('href')).toBe('/');

    await page.unroute('**/api/events/public/*');
    await page.route('**/api/events/public/*', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Error loading event information.' }).isVisible())
      .toBe(true);
    await page.unroute('**/api/events/public/*');
    await page.getByRole('button', { name: 'Reload page' }).click();
    await page.getByRole('heading', { name: 'Intro Call' }).waitFor();
    await page.context().close();
  });

  it('an unknown slug shows "Event Not Found"; /events/new renders no booking page', async () => {
    const page = await openPage('/book/no-such-event');
    await expect.poll(() => page.getByRole('heading', { name: 'Event Not Found' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await page.goto(`${stack.app.baseUrl}/events/intro-call`);
    await page.getByRole('heading', { name: 'Intro Call' }).waitFor();
    await page.goto(`${stack.app.baseUrl}/events/new`);
    await requestsSettled(page);
    expect(await page.getByRole('grid').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Event Not Found' }).count()).toBe(0);
    await page.context().close();
  });
});
