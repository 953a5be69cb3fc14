import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { appTable } from '#test/support/app-table';
import { bookFirstFreeSlot } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { downloadedBytes } from '#test/support/downloads';
import { newHost } from '#test/support/e2e-hosts';

/**
 * The host's bookings screen (issue 17): a host confirms a pending booking from the Pending tab and marks the guest
 * of a past meeting as a no-show (and takes it back), in light and dark, with no sideways scroll at 375 px.
 */

const ZONE = 'Europe/Berlin';
const stack = browserStackPerFile();

async function signedIn(
  cookie: string,
  width = 1280,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<BrowserContext> {
  const context = await stack.browser.newContext({ viewport: { width, height: 900 }, timezoneId: ZONE, colorScheme });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: stack.app.baseUrl };
    }),
  );
  return context;
}

describe("the host's bookings screen", () => {
  it('confirms a pending booking and marks the guest of a past meeting as a no-show', async () => {
    const host = await newHost(stack.app.baseUrl, 'Robin Host');
    const slug = await host.createEvent({ title: 'Portfolio Review', requiresConfirmation: true });
    const pending = await bookFirstFreeSlot(stack.app.baseUrl, slug, { zone: ZONE, namePrefix: 'Pat Guest', days: 21 });
    const me = (await (await fetch(`${stack.app.baseUrl}/api/me`, { headers: { cookie: host.cookie } })).json()) as {
      user: { email: string };
    };
    const pastGuest = `Sam Past ${randomBytes(3).toString('hex')}`;
    await appTable().pastBooking(me.user.email, slug, pastGuest);

    const context = await signedIn(host.cookie);
    const page = await context.newPage();
    await page.goto(`${stack.app.baseUrl}/bookings`);
    await page.getByRole('heading', { name: 'Bookings', exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Pending' }).click();
    const request = page.getByRole('article', { name: pending });
    await request.waitFor();
    await expectNoSeriousA11yViolations(page);
    await request.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Booking confirmed', { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    const confirmed = page.getByRole('article', { name: pending });
    await expect.poll(async () => (await confirmed.textContent()) ?? '').toContain('Confirmed');

    await page.getByRole('tab', { name: 'Past' }).click();
    const past = page.getByRole('article', { name: pastGuest });
    await past.waitFor();
    await past.getByRole('button', { name: 'Mark as no-show' }).click();
    await page.getByText('Marked as no-show', { exact: true }).first().waitFor();
    await expect.poll(async () => (await past.textContent()) ?? '').toContain('No-show');
    await past.getByRole('button', { name: 'Undo no-show' }).click();
    await page.getByText('No-show undone', { exact: true }).first().waitFor();
    await context.close();

    // A phone, dark: the list fits and is accessible.
    const phone = await signedIn(host.cookie, 375, 'dark');
    const small = await phone.newPage();
    await small.goto(`${stack.app.baseUrl}/bookings`);
    await small.getByRole('article', { name: pending }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(small);
    await phone.close();
  });

  it('loads more rows on request, keeping the focus and telling what came, and exports the tab as CSV', async () => {
    const host = await newHost(stack.app.baseUrl, 'Paige Host');
    const slug = await host.createEvent({ title: 'Paged Call' });
    const tag = randomBytes(3).toString('hex');
    // More than a page of the list (50): the screen asks for the window's next page with its cursor.
    const names = Array.from({ length: 60 }, (_, index) => `Paged ${String(index + 1).padStart(2, '0')} ${tag}`);
    await appTable().futureBookings(host.email, slug, names, Date.now() + 2 * 86_400_000);

    const context = await signedIn(host.cookie);
    const page = await context.newPage();
    await page.goto(`${stack.app.baseUrl}/bookings`);
    const list = page.getByRole('list', { name: 'Upcoming bookings' });
    await list.getByRole('article').first().waitFor();
    expect(await list.getByRole('article').count()).toBe(50);

    // "Load more": the window's next page comes, the live region says so, and the button keeps the focus.
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => list.getByRole('article').count()).toBe(60);
    await expect
      .poll(async () => (await page.getByRole('status').allTextContents()).join(' '))
      .toContain('10 more bookings loaded.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Load more');
    await expectNoSeriousA11yViolations(page);

    // Export CSV: the tab's bookings, UTF-8 with its byte order mark, the header row first, times in the zone named.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^meetwise-bookings-upcoming-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = await downloadedBytes(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(records[0]).toMatch(/^Start \(Europe\/Berlin\),End \(Europe\/Berlin\),Status,First name,Last name,Email,/);
    expect(records.filter((record) => record.includes(tag)).map((record) => record.split(',')[4])).toEqual(
      names.map((name) => name.split(' ').slice(1).join(' ')),
    );
    await page.getByText('Export ready', { exact: true }).first().waitFor();
    await context.close();
  });
});
