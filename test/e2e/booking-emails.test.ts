import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { addDays, apiSlots, chooseDate, dateIn, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { newHost } from '#test/support/e2e-hosts';

/**
 * Issue 16 in the browser, against the whole local stack (the table's stream, the SES emulator): a guest books and
 * the confirmation arrives; its Cancel link opens the manage page, whose button cancels, and the host is told; another
 * guest reschedules through the Reschedule link of their mail.
 */

const GUEST_ZONE = 'Europe/Berlin';
const stack = browserStackPerFile();

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
}

/** The mail to an address whose subject matches, once it arrived (the stream job sends it within a second or two). */
async function mailTo(address: string, subject: RegExp): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(
      async () => {
        const { emails } = (await (await fetch(`${stack.app.mailViewer}/store`)).json()) as { emails: StoredMail[] };
        found = emails.find(
          (mail) => mail.destination.to.some((to) => to.includes(address)) && subject.test(mail.subject),
        );
        return found?.subject ?? null;
      },
      { timeout: 20_000 },
    )
    .toMatch(subject);
  return found!;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The first link in a mail's text that starts with the site address and `prefix`. */
function linkIn(mail: StoredMail, prefix: string): string {
  const link = (mail.body.text ?? '').match(new RegExp(`${escaped(stack.app.baseUrl + prefix)}\\S+`))?.[0];
  expect(link, `no ${prefix} link in "${mail.subject}"`).toBeDefined();
  return link!;
}

async function openPage(url: string): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: GUEST_ZONE });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** A weekday of next week in the guest's zone (the test hosts work Monday to Friday). */
function dateNextWeek(offset = 0): string {
  const today = dateIn(new Date().toISOString(), GUEST_ZONE);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, 7 - weekday + 2 + offset);
}

/** A new host with an event; a guest books its first slot on `date` through the page. */
async function bookAsGuest(hostName: string, date: string, event: Record<string, unknown> = {}) {
  const host = await newHost(stack.app.baseUrl, hostName);
  const slug = await host.createEvent({ title: 'Design Review', ...event });
  const guest = `guest-${randomBytes(4).toString('hex')}@example.com`;
  const page = await openPage(`${stack.app.baseUrl}/book/${slug}`);
  await chooseDate(page, date);
  await slotButtons(page).first().click();
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(guest);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  if (event.requiresConfirmation) {
    await page.getByRole('heading', { name: 'Booking Requested' }).waitFor();
  } else {
    await page.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
    // Step 3 offers the booking to the guest's calendar: a POST with the token in its body (issue 31).
    const addToCalendar = page.getByRole('group', { name: 'Add to calendar' });
    const download = page.waitForEvent('download');
    await addToCalendar.getByRole('button', { name: 'Download .ics' }).click();
    expect((await download).suggestedFilename()).toBe('meeting.ics');
  }
  await page.context().close();
  return { host, slug, guest, hostEmail: await hostEmailOf(host.cookie) };
}

async function hostEmailOf(cookie: string): Promise<string> {
  const me = (await (await fetch(`${stack.app.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
    user: { email: string };
  };
  return me.user.email;
}

describe("booking e-mails and the guest's links", () => {
  it('a guest books, cancels through the link in the confirmation, and the host is told', async () => {
    const { guest, hostEmail } = await bookAsGuest('Casey Host', dateNextWeek(0));
    const confirmation = await mailTo(guest, /^Confirmed: Design Review with Casey Host/);
    await mailTo(hostEmail, /^New booking: Ada Lovelace/);

    // Issue 31: the link carries its secret in the fragment, which the browser never sends: no request the page makes
    // has it in its address (a server or CDN log would keep it); the page sends it in POST bodies.
    const link = linkIn(confirmation, '/booking/');
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(new URL(link).search).toBe('');
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: GUEST_ZONE });
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Design Review' }).waitFor();
    // Opening the page changed nothing.
    expect(await page.getByText('Status: Confirmed').isVisible()).toBe(true);
    expect(requested.some((url) => url.includes('/api/bookings/'))).toBe(true);
    expect(requested.filter((url) => url.includes(token!))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel booking' });
    await dialog.getByLabel('Reason for cancelling (optional)').fill('Travelling that week');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('You cancelled this booking.').waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await page.getByRole('link', { name: 'Book again' }).isVisible()).toBe(true);
    expect(requested.filter((url) => url.includes(token!))).toEqual([]);
    await page.context().close();

    const cancelled = await mailTo(hostEmail, /^Cancelled/);
    expect(cancelled.body.text).toContain('Travelling that week');
    await mailTo(guest, /^Cancelled/);
  });

  it("an older mail's ?token= link still opens the page, which moves the token into the fragment", async () => {
    const { guest } = await bookAsGuest('Avery Host', dateNextWeek(3));
    const confirmation = await mailTo(guest, /^Confirmed/);
    const link = new URL(linkIn(confirmation, '/booking/'));
    const token = new URLSearchParams(link.hash.slice(1)).get('token')!;
    const page = await openPage(`${link.origin}${link.pathname}?token=${token}`);
    await page.getByRole('heading', { name: 'Design Review' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe(`#token=${token}`);
    await page.context().close();
  });

  it('another guest reschedules through the link in the confirmation', async () => {
    const date = dateNextWeek(1);
    const { guest, slug } = await bookAsGuest('Riley Host', date);
    const confirmation = await mailTo(guest, /^Confirmed/);
    const page = await openPage(linkIn(confirmation, `/book/${slug}?reschedule=`));
    await page.getByText(/^Rescheduling your .* booking$/).waitFor();
    const newDate = addDays(date, 1);
    const eventId = (await (await fetch(`${stack.app.baseUrl}/api/events/public/${slug}`)).json()) as { id: number };
    const [later] = await apiSlots(stack.app.baseUrl, eventId.id, newDate, GUEST_ZONE);
    expect(later).toBeDefined();
    await chooseDate(page, newDate);
    await slotButtons(page).first().click();
    // The details come filled in from the booking.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(guest);
    await page.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await page.getByRole('heading', { name: 'Rescheduled' }).waitFor();
    await page.context().close();

    const moved = await mailTo(guest, /^Rescheduled/);
    expect(moved.body.html).toMatch(/<s[ >]/);
  });

  it('the host confirms a pending booking from the link in their mail; the guest gets the confirmation', async () => {
    const { guest, host, hostEmail } = await bookAsGuest('Morgan Host', dateNextWeek(2), {
      requiresConfirmation: true,
    });
    await mailTo(guest, /^Request received/);
    const request = await mailTo(hostEmail, /^Please confirm/);
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: GUEST_ZONE });
    await context.addCookies(
      host.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: stack.app.baseUrl };
      }),
    );
    const page = await context.newPage();
    await page.goto(linkIn(request, '/bookings/'));
    await page.getByRole('button', { name: 'Confirm', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('This booking is confirmed.').waitFor();
    await context.close();
    await mailTo(guest, /^Confirmed/);
  });
});
