import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { addDays, chooseDate, dateIn, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';

/**
 * The booking form on a phone (issue 15, item 3): the spec's inline errors show next to their fields, and when the
 * on-screen keyboard takes the lower part of the screen (the viewport shrinks), the focused field and the Confirm
 * button stay in what is visible.
 */

const GUEST_ZONE = 'Europe/Berlin';
const PHONE = { width: 375, height: 812 };
/** What is left above a phone keyboard. */
const KEYBOARD_OPEN = { width: 375, height: 420 };

const stack = browserStackPerFile();

/** A weekday of next week (the demo host works Monday to Friday). */
function nextWednesday(): string {
  const today = dateIn(new Date().toISOString(), GUEST_ZONE);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, 7 - weekday + 3);
}

async function openForm(): Promise<Page> {
  const context = await stack.browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    timezoneId: GUEST_ZONE,
  });
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}/book/intro-call`);
  await chooseDate(page, nextWednesday());
  await slotButtons(page).first().click();
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  return page;
}

/** Whether the element lies wholly inside the visual viewport. */
const inView = (element: Locator) =>
  element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const viewport = window.visualViewport!;
    return rect.top >= viewport.offsetTop - 1 && rect.bottom <= viewport.offsetTop + viewport.height + 1;
  });

describe('the booking form on a phone', () => {
  it('shows the inline errors next to their fields at 375 px', async () => {
    const page = await openForm();
    await page.getByLabel('Name').fill(' ');
    await page.getByLabel('Email', { exact: true }).fill('nope');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    expect(await page.getByText('Name is required').isVisible()).toBe(true);
    expect(await page.getByText('Invalid email address').isVisible()).toBe(true);
    await page.context().close();
  });

  it('keeps the focused field and the Confirm button in view when the keyboard opens', async () => {
    const page = await openForm();
    const targets = [
      page.getByLabel('Name', { exact: true }),
      page.getByLabel('Email', { exact: true }),
      page.getByRole('button', { name: 'Confirm Booking' }),
    ];
    for (const target of targets) {
      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      await target.focus();
      await page.setViewportSize(KEYBOARD_OPEN);
      await expect.poll(() => inView(target), { timeout: 5_000 }).toBe(true);
    }
    await page.context().close();
  });
});
