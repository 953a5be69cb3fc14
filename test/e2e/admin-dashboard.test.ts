import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { bookFirstFreeSlot } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';

/**
 * The admin dashboard (issue 17; booking-landing-auth-admin.md §2): the demo admin signs in and lands on /admin,
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
});
