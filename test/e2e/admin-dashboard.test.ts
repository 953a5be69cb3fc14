import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { appTable } from '#test/support/app-table';
import { bookFirstFreeSlot } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { downloadedBytes } from '#test/support/downloads';
import { newHost } from '#test/support/e2e-hosts';

/**
 * The admin dashboard (issue 17): the demo admin signs in and lands on /admin,
 * sees the stats, flips a switch, changes the break in Advanced Settings, and cancels a booking through the dialog;
 * someone who is not an admin is sent to /login. Every setting changed here is put back.
 */

const ZONE = 'America/New_York';
const stack = browserStackPerFile();

async function openPage(path: string): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}${path}`);
  return page;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe('the admin dashboard', () => {
  it('signs the admin in to /admin: stats, a switch, Advanced Settings, and a booking cancelled', async () => {
    const guestName = await bookFirstFreeSlot(stack.app.baseUrl, 'intro-call', {
      zone: ZONE,
      namePrefix: 'Admin Guest',
      days: 28,
    });
    const page = await openPage('/login');
    await page.getByLabel('Username or Email').fill('admin@meetwise.test');
    await page.getByLabel('Password').fill('meetwise-admin');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Quick Stats' }).waitFor();
    await expect.poll(() => page.getByText('...', { exact: true }).count()).toBe(0);

    // A switch: sent at once, the spec's toast; then back as it was.
    const notifications = page.getByRole('switch', { name: 'Email Notifications' });
    expect(await notifications.getAttribute('aria-checked')).toBe('true');
    await notifications.click();
    await toast(page, 'Settings saved').waitFor();
    await expect.poll(() => notifications.getAttribute('aria-checked')).toBe('false');
    await notifications.click();
    await expect.poll(() => notifications.getAttribute('aria-checked')).toBe('true');

    // Advanced Settings: the break is sent at once; "Save & Close" only closes the panel.
    await page.getByRole('button', { name: 'Advanced Settings' }).click();
    await page.getByRole('heading', { name: 'Advanced Settings' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Break Between Meetings').selectOption('5');
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${stack.app.baseUrl}/api/settings`)).json()) as { breakBetweenMeetings: number })
            .breakBetweenMeetings,
      )
      .toBe(5);
    await page.getByLabel('Break Between Meetings').selectOption('0');
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${stack.app.baseUrl}/api/settings`)).json()) as { breakBetweenMeetings: number })
            .breakBetweenMeetings,
      )
      .toBe(0);
    await page.getByRole('button', { name: 'Save & Close' }).click();

    // The booking, in This Month's list: cancelled through the dialog.
    await page.getByRole('heading', { name: 'Upcoming Meetings' }).waitFor();
    await page.getByLabel('Date range').selectOption({ label: 'This Month' });
    const table = page.getByRole('table', { name: 'Upcoming Meetings' });
    const row = table.getByRole('row').filter({ hasText: guestName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Jordan Avery');
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('button', { name: `Actions for ${guestName}` }).click();
    await page.getByRole('menuitem', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Booking' });
    await dialog.getByText('Are you sure you want to cancel this booking? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
    await toast(page, 'Booking deleted').waitFor();
    await expect.poll(() => row.textContent()).toContain('Cancelled');
    await page.context().close();
  });

  it('sends someone who is not an admin to /login', async () => {
    const page = await openPage('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('pages the meetings table with "Load more" and exports the whole range as CSV', async () => {
    const host = await newHost(stack.app.baseUrl, 'Pax Host');
    const slug = await host.createEvent({ title: 'Paged Meeting' });
    const tag = randomBytes(3).toString('hex');
    const names = Array.from({ length: 30 }, (_, index) => `Pager${String(index + 1).padStart(2, '0')} ${tag}`);
    await appTable().futureBookings(host.email, slug, names, Date.now() + 3 * 86_400_000);

    const page = await openPage('/login');
    await page.getByLabel('Username or Email').fill('admin@meetwise.test');
    await page.getByLabel('Password').fill('meetwise-admin');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Upcoming Meetings' }).waitFor();
    await page.getByLabel('Date range').selectOption({ label: 'This Month' });
    const table = page.getByRole('table', { name: 'Upcoming Meetings' });
    const bodyRows = table.locator('tbody tr');
    await expect.poll(() => bodyRows.count()).toBe(25);

    // Each "Load more" brings the next page; the button keeps the focus while more remain, the live region counts.
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => bodyRows.count()).toBeGreaterThan(25);
    await expect
      .poll(async () => (await page.getByRole('status').allTextContents()).join(' '))
      .toMatch(/\d+ more meetings? loaded\. Showing \d+/);
    const focused = () =>
      page.evaluate(() => (document.activeElement?.tagName === 'TR' ? 'row' : document.activeElement?.textContent));
    expect(['row', 'Load more']).toContain(await focused());
    while (await more.isVisible()) {
      await more.click();
      await expect
        .poll(async () => (await more.isVisible()) && (await more.textContent()) === 'Loading...')
        .toBe(false);
    }
    for (const name of names) await table.getByText(name).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Export CSV: every meeting of the range, whatever was loaded, as RFC 4180 CSV in UTF-8 with its header row.
    await page.reload();
    await page.getByLabel('Date range').selectOption({ label: 'This Month' });
    await expect.poll(() => bodyRows.count()).toBe(25);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^meetwise-meetings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await downloadedBytes(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(records[0]).toMatch(/^Start \(America\/New_York\),End \(America\/New_York\),Status,/);
    expect(records.at(-1)).toBe('');
    const ours = records.filter((record) => record.includes(tag));
    expect(ours.map((record) => record.split(',')[3])).toEqual(names.map((name) => name.split(' ')[0]));
    expect(ours.every((record) => record.includes(',Pax Host,'))).toBe(true);
    await page.context().close();
  });
});
