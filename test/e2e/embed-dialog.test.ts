import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { newHost } from '#test/support/e2e-hosts';

/**
 * The console's Embed dialog (issue 29): opened from an event card's menu (by keyboard too), it shows the inline,
 * pop-up and floating snippets for the event on this site; an option changes the snippet and the live preview, a
 * frame of the booking page in frame mode (no site header, footer or "Try Meetwise free"); Copy puts the snippet on the
 * clipboard and says so; Escape closes it and gives focus back to the menu button. axe in light and dark.
 */

const stack = browserStackPerFile();
const suffix = String(Date.now()).slice(-6);
const title = `Embed Demo ${suffix}`;

let host: Awaited<ReturnType<typeof newHost>>;
let slug: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  host = await newHost(stack.app.baseUrl, 'Ada Embedder');
  slug = await host.createEvent({ title, bookingTheme: 'light' });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** The events screen, signed in as the host, in `colorScheme`. */
async function eventsPage(colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.app.baseUrl });
  await context.addCookies(
    host.cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: stack.app.baseUrl };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}/events`);
  await page.getByRole('article', { name: title, exact: true }).waitFor();
  return page;
}

const card = (page: Page) => page.getByRole('article', { name: title, exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: `Embed ${title}` });
const snippet = (page: Page) => dialog(page).locator('pre');
const preview = (page: Page) => dialog(page).locator('iframe');

async function openEmbedDialog(page: Page): Promise<void> {
  await card(page)
    .getByRole('button', { name: `Options for ${title}` })
    .click();
  await card(page).getByRole('menuitem', { name: 'Embed', exact: true }).click();
  await dialog(page).waitFor();
}

/** The preview frame's document once it has loaded the booking page. */
async function previewFrame(page: Page) {
  await expect
    .poll(async () => (await preview(page).elementHandle())?.contentFrame().then((f) => f?.url()))
    .toContain(`/book/${slug}?embed=1`);
  const frame = (await (await preview(page).elementHandle())!.contentFrame())!;
  await frame.getByRole('heading', { name: 'Select a Date & Time' }).waitFor();
  return frame;
}

describe('the Embed dialog', () => {
  it("shows the snippets for this site and event; an option changes the snippet and the preview's booking page", async () => {
    const page = await eventsPage('light');
    await openEmbedDialog(page);
    const origin = stack.app.baseUrl;

    // Inline first: the element, then the script from this site.
    expect(await snippet(page).textContent()).toBe(
      `<div data-meetwise-inline="${slug}"></div>\n<script src="${origin}/embed.js" async></script>`,
    );
    // The preview: the booking page in frame mode, without the site's header, footer or "Try Meetwise free".
    let frame = await previewFrame(page);
    expect(new URL(frame.url()).searchParams.get('embed_origin')).toBe(origin);
    expect(await frame.evaluate(() => document.documentElement.hasAttribute('data-embed'))).toBe(true);
    expect(await frame.locator('header').isVisible()).toBe(false);
    expect(await frame.locator('footer').isVisible()).toBe(false);
    expect(await frame.getByRole('link', { name: 'Try Meetwise free' }).isVisible()).toBe(false);
    expect(await frame.getByRole('complementary', { name: 'Event details' }).isVisible()).toBe(true);

    // Options: the snippet and the preview follow.
    await dialog(page).getByLabel('Theme').selectOption({ label: 'Dark' });
    await dialog(page).getByRole('switch', { name: 'Hide event details' }).click();
    await expect
      .poll(() => snippet(page).textContent())
      .toBe(
        `<div data-meetwise-inline="${slug}" data-meetwise-theme="dark" data-meetwise-hide-details="true"></div>\n` +
          `<script src="${origin}/embed.js" async></script>`,
      );
    await expect.poll(() => preview(page).getAttribute('src')).toContain('theme=dark&hide_details=1');
    frame = await previewFrame(page);
    await expect.poll(() => frame.url()).toContain('hide_details=1');
    expect(await frame.getByRole('complementary', { name: 'Event details' }).isVisible()).toBe(false);
    // The frame's theme over the event's light one, not saved as the visitor's.
    expect(await frame.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The step's card in the dark theme's colour (slate-900), as a probe in the same page computes it.
    expect(
      await frame.locator('section[aria-labelledby="booking-step-title"]').evaluate((section) => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = 'var(--color-slate-900)';
        document.body.append(probe);
        const [card, slate900] = [section, probe].map((el) => getComputedStyle(el).backgroundColor);
        probe.remove();
        return card === slate900;
      }),
    ).toBe(true);
    expect(await frame.evaluate(() => localStorage.getItem('meetwise-theme'))).toBeNull();

    // The floating button: its label goes into the snippet.
    await dialog(page).getByRole('tab', { name: 'Floating button' }).click();
    await dialog(page).getByLabel('Button label').fill('Talk to us');
    await expect
      .poll(() => snippet(page).textContent())
      .toContain(
        `<div data-meetwise-floating="${slug}" data-meetwise-theme="dark" data-meetwise-hide-details="true" data-meetwise-label="Talk to us"></div>`,
      );

    // Copy: on the clipboard, and said.
    await dialog(page).getByRole('button', { name: 'Copy code' }).click();
    await dialog(page).getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet(page).textContent());
    await expect.poll(() => dialog(page).getByText('Floating button code copied to the clipboard.').count()).toBe(1);

    await expectNoSeriousA11yViolations(page);
  });

  it('works from the keyboard and in the dark theme; Escape gives focus back to the menu button', async () => {
    const page = await eventsPage('dark');
    const menuButton = card(page).getByRole('button', { name: `Options for ${title}` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const embed = card(page).getByRole('menuitem', { name: 'Embed', exact: true });
    for (let step = 0; step < 5 && !(await embed.evaluate((el) => el === document.activeElement)); step++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    // The tabs by arrows: Pop-up's snippet is a link to the booking page.
    await dialog(page).getByRole('tab', { name: 'Inline' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => snippet(page).textContent())
      .toContain(`<a href="${stack.app.baseUrl}/book/${slug}" data-meetwise-popup="${slug}">Book a meeting</a>`);
    await previewFrame(page);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
