import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { addDays, dateIn, formatTitle } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { newHost } from '#test/support/e2e-hosts';

/**
 * The booking calendar's edges (issue 15, item 6): days of the next month in the month's last week are offered
 * when they have free time; past the advance window the next arrow stops and the month says how far ahead
 * bookings can be made; a month with no free day offers "Jump to the next available date".
 */

const GUEST_ZONE = 'America/New_York';
const stack = browserStackPerFile();

async function open(path: string): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: GUEST_ZONE });
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}${path}`);
  await page.locator('[role="grid"]:not([aria-busy])').waitFor();
  return page;
}

const nextMonth = (page: Page) => page.getByRole('button', { name: 'Next month' });
const monthTitle = (page: Page) => page.locator('#booking-calendar-title').textContent();

describe('the booking calendar at its edges', () => {
  it("offers the next month's days in the last week when they have free time, and opens them", async () => {
    const page = await open('/book/intro-call');
    // The demo host works Monday to Friday: find a month (this or the next) whose last week holds a weekday of the
    // following month within the 60-day window.
    for (let month = 0; month < 2; month++) {
      const cells = await page.locator('[role="gridcell"][data-date]').evaluateAll((nodes) =>
        nodes.map((node) => ({
          date: node.getAttribute('data-date')!,
          disabled: node.getAttribute('aria-disabled'),
        })),
      );
      const title = (await monthTitle(page))!;
      const lastOfMonth = cells.filter((cell) => formatTitleMonth(cell.date) === title).at(-1)!.date;
      const next = cells.filter((cell) => cell.date > lastOfMonth && isWeekday(cell.date));
      if (next.length > 0 && next[0]!.date <= addDays(dateIn(new Date().toISOString(), GUEST_ZONE), 59)) {
        // The next month's availability may arrive just after this month's.
        const cell = page.locator(`[role="gridcell"][data-date="${next[0]!.date}"]`);
        await expect.poll(() => cell.getAttribute('aria-disabled')).toBe('false');
        await cell.click();
        await page.getByRole('heading', { name: formatTitle(next[0]!.date) }).waitFor();
        await page.context().close();
        return;
      }
      await nextMonth(page).click();
      await page.locator('[role="grid"]:not([aria-busy])').waitFor();
    }
    throw new Error('No month with a bookable next-month day in its last week within two months');
  });

  it('stops the next arrow at the advance window and says how far ahead bookings can be made', async () => {
    const page = await open('/book/intro-call');
    const hint = page.getByText('Bookings can be made up to 60 days ahead.');
    let clicks = 0;
    while (await nextMonth(page).isEnabled()) {
      expect(await hint.isVisible()).toBe(false);
      await nextMonth(page).click();
      clicks++;
      expect(clicks).toBeLessThanOrEqual(3);
    }
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(clicks).toBeGreaterThanOrEqual(1);
    await page.context().close();
  });

  it('jumps from a month without a free day to the next available date', async () => {
    // A host whose event needs 40 days' notice: nothing is free in the current month.
    const host = await newHost(stack.app.baseUrl, 'Edge Host');
    const slug = await host.createEvent({ minimumNoticeAmount: 40, minimumNoticeUnit: 'days', advanceBookingDays: 90 });
    const page = await open(`/book/${slug}`);
    const jump = page.getByRole('button', { name: 'Jump to the next available date' });
    await expect.poll(() => jump.isVisible()).toBe(true);
    // The jump opens the first date with free time, at least 40 days out: its times are asked for and shown.
    const slotsAsked = page.waitForRequest((request) => request.url().includes('/api/time-slots?'), {
      timeout: 20_000,
    });
    await jump.click();
    const chosen = new URL((await slotsAsked).url()).searchParams.get('date')!;
    expect(chosen >= addDays(dateIn(new Date().toISOString(), GUEST_ZONE), 39), chosen).toBe(true);
    await page.getByRole('heading', { name: formatTitle(chosen) }).waitFor();
    await page.context().close();
  });
});

/** "November 2026" of a 'yyyy-MM-dd' date. */
function formatTitleMonth(date: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

const isWeekday = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
};
