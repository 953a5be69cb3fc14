import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { appTable } from '#test/support/app-table';
import { bookFirstFreeSlot } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
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
});
