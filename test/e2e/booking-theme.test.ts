import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { browserStackPerFile } from '#test/support/browser-per-file';
import { newHost } from '#test/support/e2e-hosts';

/**
 * One theme per booking page (issue 15, item 4): the whole page, header and footer included, follows the event's
 * bookingTheme whatever the visitor chose, shows no theme toggle, and the visitor's theme returns elsewhere.
 */

const stack = browserStackPerFile();

/** Whether <html> is dark, and the header's and footer's background colours. */
const look = (page: Page) =>
  page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    header: getComputedStyle(document.querySelector('header')!).backgroundColor,
    footer: getComputedStyle(document.querySelector('footer')!).backgroundColor,
  }));

async function visitor(colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  return context.newPage();
}

describe('the booking page theme', () => {
  it("shows a light event in light, header and footer too, to a visitor who prefers dark, and gives the visitor's theme back", async () => {
    const page = await visitor('dark');
    await page.goto(`${stack.app.baseUrl}/contact-us`);
    await expect.poll(async () => (await look(page)).dark).toBe(true);
    const darkHeader = (await look(page)).header;

    await page.getByRole('link', { name: 'Contact Us' }).first().waitFor();
    await page.goto(`${stack.app.baseUrl}/book/intro-call`);
    await page.getByRole('heading', { name: 'Intro Call' }).waitFor();
    await expect.poll(async () => (await look(page)).dark).toBe(false);
    expect((await look(page)).header).not.toBe(darkHeader);
    expect(await page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).count()).toBe(0);

    // Leaving the booking page (here through the footer's link): the visitor's dark theme again.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await expect.poll(async () => (await look(page)).dark).toBe(true);
    await page.context().close();
  });

  it('shows a dark event in dark to a visitor who prefers light', async () => {
    const slug = await (await newHost(stack.app.baseUrl, 'Night Host')).createEvent({ bookingTheme: 'dark' });
    const page = await visitor('light');
    await page.goto(`${stack.app.baseUrl}/book/${slug}`);
    await page.locator('[role="grid"]').waitFor();
    await expect.poll(async () => (await look(page)).dark).toBe(true);
    await page.context().close();
  });
});
