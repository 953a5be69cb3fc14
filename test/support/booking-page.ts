import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Reading and driving the public booking page in browser tests (test/e2e). */

export const dateIn = (instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );

export const timeIn = (instant: string | number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(new Date(instant))
    .replace(/[\u202f\u00a0]/g, ' ');

export const rangeIn = (slot: { start: string; end: string }, timeZone: string): string =>
  `${timeIn(slot.start, timeZone)} - ${timeIn(slot.end, timeZone)}`;

export const addDays = (date: string, days: number): string => {
  const value = new Date(`${date}T12:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
};

/** "December 1, 2026", as the day's heading reads. */
export const formatTitle = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );

async function isInViewMonth(page: Page, date: string): Promise<boolean> {
  const title = await page.locator('#booking-calendar-title').textContent();
  const month = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return title === month;
}

/** Moves the calendar to the date's month and answers the date's cell. */
export async function calendarCell(page: Page, date: string) {
  // A grid that is not busy is a live page's: a prerendered page's calendar stays busy until it has hydrated and its
  // dates have loaded, and a click on its Next month button before then does nothing.
  await page.locator('[role="grid"]:not([aria-busy])').waitFor();
  const title = page.locator('#booking-calendar-title');
  for (let i = 0; i < 2 && !(await isInViewMonth(page, date)); i++) {
    const month = await title.textContent();
    await page.getByRole('button', { name: 'Next month' }).click();
    // The title changes after the click: checking before it did would click once more and pass the month.
    await expect.poll(() => title.textContent()).not.toBe(month);
  }
  return page.locator(`[role="gridcell"][data-date="${date}"]`);
}

/**
 * The first available day the calendar offers, within `scope` (the page, or the landing page's demo region): waits for
 * the month's dates to load, and when none is left in this month (its last days) moves to the next month and waits for
 * that month's dates, so a cell of the month being left is never the one clicked.
 */
export async function firstAvailableDay(page: Page, scope: Page | Locator = page): Promise<Locator> {
  const settled = scope.locator('[role="grid"]:not([aria-busy])');
  const available = scope.locator('[role="gridcell"][aria-disabled="false"]');
  await settled.waitFor();
  if ((await available.count()) === 0) {
    const title = scope.locator('[id$="calendar-title"]').first();
    const month = await title.textContent();
    await scope.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => title.textContent()).not.toBe(month);
    await settled.waitFor();
  }
  await expect.poll(() => available.count()).toBeGreaterThan(0);
  return available.first();
}

/** Step 1 through the calendar: move to the date's month, click the date, wait for its slots. */
export async function chooseDate(page: Page, date: string): Promise<void> {
  const cell = await calendarCell(page, date);
  await expect.poll(() => cell.getAttribute('aria-disabled')).toBe('false');
  await cell.click();
  await page.getByRole('heading', { name: formatTitle(date) }).waitFor();
}

export const slotButtons = (page: Page) => page.locator('ul[aria-label^="Available times"] button');

export interface Slot {
  start: string;
  end: string;
  available: boolean;
}

/** The free slots of a date for a guest zone, as the API lists them. */
export async function apiSlots(
  baseUrl: string,
  eventId: number | string,
  date: string,
  timezone: string,
): Promise<Slot[]> {
  const response = await fetch(
    `${baseUrl}/api/time-slots?date=${date}&eventId=${eventId}&timezone=${encodeURIComponent(timezone)}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { timeSlots: Slot[] }).timeSlots.filter((slot) => slot.available);
}

/**
 * A guest books the event's first free slot within `days` days from tomorrow (in `zone`) through the API, as a browser
 * test's setup; answers the guest's name (`namePrefix` and a random suffix).
 */
export async function bookFirstFreeSlot(
  baseUrl: string,
  slug: string,
  options: { zone: string; namePrefix: string; days: number },
): Promise<string> {
  const { id } = (await (await fetch(`${baseUrl}/api/events/public/${slug}`)).json()) as { id: number };
  const today = dateIn(new Date().toISOString(), options.zone);
  for (let offset = 1; offset < options.days; offset++) {
    const date = addDays(today, offset);
    const [slot] = await apiSlots(baseUrl, id, date, options.zone);
    if (!slot) continue;
    const suffix = randomBytes(3).toString('hex');
    const name = `${options.namePrefix} ${suffix}`;
    const answer = await fetch(`${baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        email: `guest-${suffix}@example.com`,
        guests: [],
        date,
        startTime: slot.start,
        endTime: slot.end,
        eventId: id,
        timezone: options.zone,
      }),
    });
    expect(answer.status).toBe(201);
    return name;
  }
  throw new Error(`No free slot of ${slug} in the next ${options.days} days`);
}
