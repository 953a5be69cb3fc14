import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { requestsSettled } from '#test/support/page-state';

/**
 * The shell and the contact page in Debian's Chromium against the whole local stack, started the way `npm start`
 * starts it (real runner, DynamoDB Local, SES emulator), on free ports.
 */

const stack = browserStackPerFile();

const openPage = stack.openPage;

interface StoredEmail {
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

describe('shell', () => {
  it('shows the header, the footer and the not-found fallback for a path the router does not know', async () => {
    const page = await openPage('/no-such-page');
    await expect.poll(() => page.getByRole('banner').getByText('Meetwise').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    // A friendly page with ways on (issue 15, item 12); the developer hint belongs to the router's own fallback only.
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Contact Us' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('404 Page Not Found · Meetwise');
    await page.context().close();
  });

  it('opens the Privacy Policy and Terms of Service as modal dialogs', async () => {
    const page = await openPage('/contact-us');
    for (const name of ['Privacy Policy', 'Terms of Service']) {
      await page.getByRole('contentinfo').getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain('April 1, 2025');
      expect(await dialog.textContent()).toContain('18');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
    }
    await page.context().close();
  });

  it('switches between light and dark themes and remembers the choice', async () => {
    const page = await openPage('/contact-us', { colorScheme: 'light' });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.context().close();
  });

  it('answers an unknown API path with JSON, not the page', async () => {
    const response = await fetch(`${stack.app.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('contact page', () => {
  it('shows the validation texts, then sends a valid message, toasts, and the e-mail reaches the SES emulator', async () => {
    const page = await openPage('/contact-us');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const text of [
      'Name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Subject must be at least 5 characters.',
      'Message must be at least 10 characters.',
    ]) {
      await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
    }

    const sender = `e2e-${Date.now()}@example.com`;
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@');
    await page.getByLabel('Subject', { exact: true }).fill('Team scheduling');
    await page.getByLabel('Message', { exact: true }).fill('Do you support round-robin booking for teams?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address.').isVisible()).toBe(true);
    expect(await page.getByText('Name must be at least 2 characters.').count()).toBe(0);

    await page.getByLabel('Email', { exact: true }).fill(sender);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Message sent!').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    const store = (await (await fetch(`${stack.app.mailViewer}/store`)).json()) as { emails: StoredEmail[] };
    const mails = store.emails.filter((mail) => mail.replyTo.includes(sender));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('[Meetwise contact] Team scheduling');
    expect(mails[0]!.destination.to).toEqual(['hello@meetwise.app']);
    expect(mails[0]!.body.text).toContain('Do you support round-robin booking for teams?');
    await page.context().close();
  });

  it('shows the failure toast when the server cannot take the message', async () => {
    const page = await openPage('/contact-us');
    await page.route('**/api/contact/submit', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'down', code: 'SERVICE_UNAVAILABLE' }),
      }),
    );
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Team scheduling');
    await page.getByLabel('Message', { exact: true }).fill('Do you support round-robin booking for teams?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Something went wrong').isVisible()).toBe(true);
    expect(await page.getByText("Your message couldn't be sent. Please try again later.").first().isVisible()).toBe(
      true,
    );
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Grace Hopper');
    await page.context().close();
  });

  it('has no serious accessibility violations in light and dark, wide and narrow', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        for (const path of ['/contact-us', '/no-such-page', '/debug']) {
          const page = await openPage(path, { colorScheme, width });
          await requestsSettled(page);
          await expectNoSeriousA11yViolations(page);
          await page.context().close();
        }
      }
    }
  });
});

describe('debug page', () => {
  it('prints the raw settings answer', async () => {
    const page = await openPage('/debug');
    await expect.poll(async () => (await page.locator('pre').textContent()) ?? '').toContain('"meetingDuration": 30');
    await page.context().close();
  });
});
