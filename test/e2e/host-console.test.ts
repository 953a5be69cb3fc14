import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { addDays, calendarCell, chooseDate, dateIn, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { registerAccount, signInThroughEvents } from '#test/support/e2e-hosts';
import { hoverSettled } from '#test/support/page-state';

/**
 * The host console in the browser (issue 6): a new host creates an event type with custom hours and a buffer while
 * the live preview follows, sees exactly those hours on the public page (opened from the card, in a new tab), edits
 * it, blocks a date, duplicates, deactivates and deletes it. axe on /events and /events/new.
 */

const stack = browserStackPerFile();
const ZONE = 'America/New_York';
const suffix = String(Date.now()).slice(-6);
const title = `Strategy Session ${suffix}`;
const slug = `strategy-session-${suffix}`;
const account = { name: 'Grace Hopper', email: `e2e-host-${suffix}@example.com`, password: 'console-pass-42' };

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await registerAccount(stack.app.baseUrl, account);
  context = await stack.browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: ZONE,
    colorScheme: 'light',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.app.baseUrl });
  page = await context.newPage();
  await signInThroughEvents(page, stack.app.baseUrl, account);
});
afterAll(() => context?.close());

/** Monday of next week in the host's zone: the only day the event will be open. */
function nextMonday(): string {
  const today = dateIn(new Date().toISOString(), ZONE);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, ((8 - weekday) % 7) + 7);
}

const card = (name: string) => page.getByRole('article', { name, exact: true });
async function cardMenu(name: string, item: string) {
  await card(name)
    .getByRole('button', { name: `Options for ${name}` })
    .click();
  await card(name).getByRole('menuitem', { name: item, exact: true }).click();
}
const toast = (text: string) => page.getByText(text, { exact: true }).first();

/** The public page's slots for the Monday, as the guest reads them. */
async function publicSlots(publicPage: Page): Promise<string[]> {
  await chooseDate(publicPage, nextMonday());
  await expect.poll(() => slotButtons(publicPage).count()).toBeGreaterThan(0);
  return slotButtons(publicPage).allTextContents();
}

async function openEditor(): Promise<void> {
  await cardMenu(title, 'Edit');
  await expect.poll(() => new URL(page.url()).searchParams.get('edit')).toMatch(/^\d+$/);
  await expect.poll(() => page.getByLabel('Event name').inputValue()).toBe(title);
}

async function expand(section: string): Promise<void> {
  const toggle = page.getByRole('button', { name: section });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

describe('host console', () => {
  it('starts with an empty dashboard, and no trial banner on a server with billing off', async () => {
    await expect.poll(() => page.getByText('No active events').isVisible()).toBe(true);
    // This app runs without Stripe keys: billing off, no trial (test/e2e/billing.test.ts shows the banner with them).
    await expect
      .poll(() => page.evaluate(() => fetch('/api/subscription/status').then((response) => response.json())))
      .toMatchObject({ billingEnabled: false });
    expect(await page.getByRole('region', { name: /^Free Trial/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });

  it('creates an event with custom hours and a buffer while the preview follows the form', async () => {
    await page.getByRole('link', { name: 'Create New' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events/new');
    const preview = page.getByRole('complementary', { name: 'Booking page preview' });
    await expect
      .poll(() => preview.textContent())
      .toContain('This is a preview. To book an event, share the link with your invitees.');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Event name').fill(title);
    // The URL follows the title; the preview shows the title and the duration as they change.
    await expect.poll(() => page.getByLabel('URL').inputValue()).toBe(slug);
    await expect.poll(() => preview.textContent()).toContain(title);
    await page.getByLabel('Duration').selectOption({ label: '45 minutes' });
    await expect.poll(() => preview.textContent()).toContain('45 min');
    await page.getByLabel('Duration').selectOption({ label: '30 minutes' });
    await expect.poll(() => preview.textContent()).toContain('30 min');
    await page.getByLabel('Location').selectOption({ label: 'Video call' });

    await expand('Working hours');
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await page.getByRole('switch', { name: `${day} available` }).click();
      expect(await page.getByRole('switch', { name: `${day} available` }).getAttribute('aria-checked')).toBe('false');
    }
    await page.getByLabel('Monday start time').selectOption('10:00');
    await page.getByLabel('Monday end time').selectOption('12:00');
    await expand('Event limits');
    await page.getByLabel('Buffer after event').selectOption('15');

    await page.getByRole('button', { name: 'Save & Finish' }).click();
    await expect.poll(() => toast('Event created!').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
    await expect.poll(() => card(title).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it('opens the public page in a new tab with exactly the slots the hours allow', async () => {
    const [publicPage] = await Promise.all([
      context.waitForEvent('page'),
      card(title)
        .getByRole('link', { name: /View booking page/ })
        .click(),
    ]);
    await publicPage.waitForLoadState();
    expect(new URL(publicPage.url()).pathname).toBe(`/book/${slug}`);
    // Monday has 10:00–12:00 in 30-minute slots; Tuesday is off.
    expect(await publicSlots(publicPage)).toEqual([
      '10:00 AM - 10:30 AM',
      '10:30 AM - 11:00 AM',
      '11:00 AM - 11:30 AM',
      '11:30 AM - 12:00 PM',
    ]);
    await publicPage.reload();
    const tuesday = await calendarCell(publicPage, addDays(nextMonday(), 1));
    await expect.poll(() => tuesday.getAttribute('aria-disabled')).toBe('true');
    await publicPage.close();
  });

  it('edits the event: a 60-minute meeting leaves two slots', async () => {
    await openEditor();
    await page.getByLabel('Duration').selectOption({ label: '60 minutes' });
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect.poll(() => toast('Event updated!').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
    const publicPage = await context.newPage();
    await publicPage.goto(`${stack.app.baseUrl}/book/${slug}`);
    expect(await publicSlots(publicPage)).toEqual(['10:00 AM - 11:00 AM', '11:00 AM - 12:00 PM']);
    await publicPage.close();
  });

  it('keeps the picked day readable under the pointer in the date exception picker (issue 15, item 11)', async () => {
    await openEditor();
    await page.getByRole('button', { name: 'Add Date Exception' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Date Exception' });
    const enabled = dialog.locator('[role="gridcell"][aria-disabled="false"]');
    const day = enabled.last();
    const colours = () =>
      page.evaluate(() => {
        const element = document.querySelector<HTMLElement>('[role="dialog"] [role="gridcell"]:hover')!;
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, text: style.color };
      });
    // An unselected day under the pointer: the light hover background.
    await enabled.first().hover();
    await hoverSettled(page, '[role="dialog"] [role="gridcell"]');
    const unselectedHover = await colours();
    await day.click();
    await expect.poll(() => day.getAttribute('aria-selected')).toBe('true');
    await day.hover();
    await hoverSettled(page, '[role="dialog"] [role="gridcell"]');
    // The picked day under the pointer keeps white text on its own (brand) background, not the light one.
    const selectedHover = await colours();
    expect(selectedHover.text).toBe('rgb(255, 255, 255)');
    expect(selectedHover.background).not.toBe(unselectedHover.background);
    expect(selectedHover.background).not.toBe('rgba(0, 0, 0, 0)');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Nothing was saved: back to the dashboard, where the next test starts.
    await page.goto(`${stack.app.baseUrl}/events`);
    await expect.poll(() => card(title).isVisible()).toBe(true);
  });

  it('blocks the Monday: the public page shows it unavailable', async () => {
    await openEditor();
    await page.getByRole('button', { name: 'Block a Date' }).click();
    const popover = page.getByRole('dialog', { name: 'Block a Date' });
    const monday = nextMonday();
    const label = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(`${monday}T12:00:00Z`));
    for (let i = 0; i < 2 && !(await popover.getByRole('gridcell', { name: label }).isVisible()); i++) {
      await popover.getByRole('button', { name: 'Next month' }).click();
    }
    await popover.getByRole('gridcell', { name: label }).click();
    await popover.getByRole('button', { name: 'Block Date' }).click();
    await expect.poll(() => toast('Date blocked').isVisible()).toBe(true);

    // The public availability views may reuse what they read for a few seconds (RECENT_READS): reload until then.
    const publicPage = await context.newPage();
    await expect
      .poll(
        async () => {
          await publicPage.goto(`${stack.app.baseUrl}/book/${slug}`);
          const cell = await calendarCell(publicPage, monday);
          // The month's availability has arrived (until then every day shows disabled).
          await publicPage.locator('[role="grid"]:not([aria-busy])').waitFor();
          return cell.getAttribute('aria-disabled');
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('true');
    await publicPage.close();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
  });

  it('duplicates, deactivates (the public page says so) and deletes', async () => {
    await cardMenu(title, 'Duplicate');
    await expect.poll(() => toast('Event duplicated!').isVisible()).toBe(true);
    await expect.poll(() => card(`${title} (copy)`).isVisible()).toBe(true);

    await cardMenu(title, 'Deactivate');
    await expect.poll(() => toast('Event deactivated').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Inactive' }).click();
    await expect.poll(() => card(title).isVisible()).toBe(true);
    const publicPage = await context.newPage();
    await publicPage.goto(`${stack.app.baseUrl}/book/${slug}`);
    // A published page says so once an availability answer does (the server's recent reads keep the month's for a
    // few seconds) or once the publisher has taken it down (the table's stream): reloaded until then.
    await expect
      .poll(
        async () => {
          if (await publicPage.getByText('This event has been deactivated').isVisible()) return true;
          await publicPage.reload();
          return publicPage.getByText('This event has been deactivated').isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    await cardMenu(title, 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete Event' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => toast('Event deleted').isVisible()).toBe(true);
    await expect.poll(() => card(title).count()).toBe(0);
    await expect.poll(() => page.getByText('No inactive events').isVisible()).toBe(true);
    await publicPage.reload();
    await expect.poll(() => publicPage.getByText('Event Not Found').isVisible()).toBe(true);
    await publicPage.close();
  });
});
