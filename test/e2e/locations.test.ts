import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GOOGLE_MEET_NEEDS_GOOGLE } from '#shared/locations';
import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { firstAvailableDay, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { registerAccount, signInThroughEvents } from '#test/support/e2e-hosts';

/**
 * Every meeting has a place people can go (issue 30 §1), in the browser: a host on the built-in calendar cannot pick
 * Google Meet (the editor says why), sets a video call, their own meeting link, an address or a phone call; the guest
 * sees the place on the booking page (no link before booking), the confirmation gives the link to join (and puts it in
 * the calendar entry), and the guest's manage page and the host's booking page show it too.
 */

const stack = browserStackPerFile();
const ZONE = 'America/New_York';
const suffix = randomBytes(3).toString('hex');
const account = { name: 'Lena Location', email: `e2e-places-${suffix}@example.com`, password: 'places-pass-42' };
/** A room of the built-in video call: `{base}/Meetwise-{32 hex digits}`. */
const VIDEO_ROOM = /^https:\/\/[^\s/]+(\/[^\s]*)?\/Meetwise-[0-9a-f]{32}$/;

let hostContext: BrowserContext;
let host: Page;

beforeAll(async () => {
  await registerAccount(stack.app.baseUrl, account);
  hostContext = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
  host = await hostContext.newPage();
  await signInThroughEvents(host, stack.app.baseUrl, account);
});
afterAll(() => hostContext?.close());

/** The editor for a new event, named; answers its slug. */
async function newEvent(title: string): Promise<string> {
  await host.goto(`${stack.app.baseUrl}/events/new`);
  await host.getByLabel('Event name').fill(title);
  await expect.poll(() => host.getByLabel('URL').inputValue()).not.toBe('');
  return host.getByLabel('URL').inputValue();
}

async function saveEvent(): Promise<void> {
  await host.getByRole('button', { name: 'Save & Finish' }).click();
  await expect.poll(() => host.getByText('Event created!', { exact: true }).first().isVisible()).toBe(true);
  await expect.poll(() => new URL(host.url()).pathname).toBe('/events');
}

interface Booked {
  page: Page;
  /** The guest's manage page, from the calendar entry's details. */
  manageUrl: string;
  bookingId: string;
}

/** A guest opens the booking page and reaches the form at the first free time. */
async function openForm(slug: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await stack.browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: ZONE,
    colorScheme,
  });
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}/book/${slug}`);
  await (await firstAvailableDay(page)).click();
  await expect.poll(() => slotButtons(page).count()).toBeGreaterThan(0);
  return page;
}

/** Step 2 to 3: the guest's details, then "Confirm Booking". */
async function book(page: Page, phone?: string): Promise<Booked> {
  await slotButtons(page).first().click();
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  await page.getByLabel('Name').fill('Gus Guest');
  await page.getByLabel('Email', { exact: true }).fill(`guest-${randomBytes(3).toString('hex')}@example.com`);
  if (phone !== undefined) await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
  const google = await page.getByRole('link', { name: /^Google Calendar/ }).getAttribute('href');
  const details = new URL(google!).searchParams.get('details') ?? '';
  const manageUrl = /Reschedule or cancel: (\S+)/.exec(details)![1]!;
  const bookingId = decodeURIComponent(new URL(manageUrl).pathname.split('/').pop()!);
  return { page, manageUrl, bookingId };
}

/** The calendar entry's location (the Google Calendar link). */
async function calendarLocation(page: Page): Promise<string | null> {
  const href = await page.getByRole('link', { name: /^Google Calendar/ }).getAttribute('href');
  return new URL(href!).searchParams.get('location');
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Event details' });
const joinLink = (page: Page) => page.getByRole('link', { name: /^Join\b/ });

describe('meeting places', () => {
  it('offers Google Meet only with Google Calendar, and gives each video-call booking its own room', async () => {
    const slug = await newEvent(`Video ${suffix}`);
    // The host is on the built-in calendar: Google Meet is there but disabled, and the editor says why.
    const meet = host.locator('#event-locationType option[value="google-meet"]');
    await expect.poll(() => meet.isDisabled()).toBe(true);
    expect(await host.getByText(GOOGLE_MEET_NEEDS_GOOGLE).isVisible()).toBe(true);
    await host.getByLabel('Location').selectOption({ label: 'Video call' });
    expect(await host.getByText('Each booking gets its own video call link.', { exact: false }).isVisible()).toBe(true);
    await expect
      .poll(() => host.getByRole('complementary', { name: 'Booking page preview' }).textContent())
      .toContain('Video call');
    await saveEvent();

    // Before booking: the kind of meeting, no link.
    const page = await openForm(slug);
    expect(await summary(page).textContent()).toContain('Video call (the link comes with the confirmation)');
    expect(await summary(page).getByRole('link').count()).toBe(0);
    const first = await book(page);
    const room = await joinLink(page).getAttribute('href');
    expect(room).toMatch(VIDEO_ROOM);
    expect(await joinLink(page).getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('confirmation-location').textContent()).toContain(room!);
    expect(await calendarLocation(page)).toBe(room);
    await expectNoSeriousA11yViolations(page);

    // The guest's manage page (dark theme) shows the same room.
    await page.context().close();
    // The link's secret is in its fragment (issue 31): the page reads it there.
    const { pathname, search, hash } = new URL(first.manageUrl);
    const manage = await stack.openPage(`${pathname}${search}${hash}`, { colorScheme: 'dark' });
    await joinLink(manage).waitFor();
    expect(await joinLink(manage).getAttribute('href')).toBe(room);
    await expectNoSeriousA11yViolations(manage);
    await manage.context().close();

    // The host's booking page too; another booking gets another room.
    await host.goto(`${stack.app.baseUrl}/bookings/${first.bookingId}`);
    await joinLink(host).waitFor();
    expect(await joinLink(host).getAttribute('href')).toBe(room);
    const second = await openForm(slug);
    await book(second);
    const otherRoom = await joinLink(second).getAttribute('href');
    expect(otherRoom).toMatch(VIDEO_ROOM);
    expect(otherRoom).not.toBe(room);
    await second.context().close();
  });

  it("takes the host's own https:// meeting link, shown by name before booking and as the link after", async () => {
    const slug = await newEvent(`Zoom ${suffix}`);
    await host.getByLabel('Location').selectOption({ label: 'Your own link' });
    const field = host.getByLabel('Meeting link');
    await field.fill('zoom.us/j/123456789');
    await host.getByRole('button', { name: 'Save & Finish' }).click();
    await expect
      .poll(() => host.getByText('Please enter a meeting link that starts with https://.').isVisible())
      .toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.evaluate((node) => node === document.activeElement)).toBe(true);
    await field.fill('https://zoom.us/j/123456789');
    await saveEvent();

    const page = await openForm(slug);
    const before = await summary(page).textContent();
    expect(before).toContain('Zoom');
    expect(before).not.toContain('zoom.us');
    const booked = await book(page);
    expect(await joinLink(page).getAttribute('href')).toBe('https://zoom.us/j/123456789');
    expect(await calendarLocation(page)).toBe('https://zoom.us/j/123456789');
    await page.goto(booked.manageUrl);
    await joinLink(page).waitFor();
    expect(await joinLink(page).getAttribute('href')).toBe('https://zoom.us/j/123456789');
    await page.context().close();
  });

  it('shows the address of an in-person meeting everywhere, with no link to join', async () => {
    const address = '12 Main Street, Springfield';
    const slug = await newEvent(`Office ${suffix}`);
    await host.getByLabel('Location').selectOption({ label: 'In-person' });
    await host.getByRole('button', { name: 'Save & Finish' }).click();
    await expect.poll(() => host.getByText('Please enter the address.').isVisible()).toBe(true);
    await host.getByRole('textbox', { name: 'Address', exact: true }).fill(address);
    await saveEvent();

    const page = await openForm(slug);
    expect(await summary(page).textContent()).toContain(address);
    const booked = await book(page);
    expect(await page.getByTestId('confirmation-location').textContent()).toBe(address);
    expect(await joinLink(page).count()).toBe(0);
    expect(await calendarLocation(page)).toBe(address);
    await page.goto(booked.manageUrl);
    await page.getByRole('heading', { name: `Office ${suffix}` }).waitFor();
    expect(await page.getByRole('definition').filter({ hasText: address }).count()).toBe(1);
    await page.context().close();
  });

  it('asks the guest for a number when the host calls, and gives the host the number to call', async () => {
    const slug = await newEvent(`Call ${suffix}`);
    await host.getByLabel('Location').selectOption({ label: 'Phone call' });
    await host.getByRole('radio', { name: /I call the guest/ }).check();
    expect(await host.getByLabel('Your phone number').count()).toBe(0);
    await expectNoSeriousA11yViolations(host);
    await saveEvent();

    const page = await openForm(slug);
    await slotButtons(page).first().click();
    await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
    await page.getByLabel('Name').fill('Pat Phone');
    await page.getByLabel('Email', { exact: true }).fill(`pat-${suffix}@example.com`);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    const phone = page.getByLabel('Phone number');
    await expect.poll(() => page.getByText('Please enter your phone number.').isVisible()).toBe(true);
    expect(await phone.evaluate((node) => node === document.activeElement)).toBe(true);
    await phone.fill('+1 555 010 0100');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
    expect(await page.getByTestId('confirmation-location').textContent()).toBe(
      'Phone call: the host calls +1 555 010 0100',
    );
    const google = await page.getByRole('link', { name: /^Google Calendar/ }).getAttribute('href');
    const manageUrl = /Reschedule or cancel: (\S+)/.exec(new URL(google!).searchParams.get('details') ?? '')![1]!;
    await page.context().close();

    await host.goto(`${stack.app.baseUrl}/bookings/${new URL(manageUrl).pathname.split('/').pop()}`);
    const call = host.getByRole('link', { name: '+1 555 010 0100' });
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:+15550100100');
  });
});
