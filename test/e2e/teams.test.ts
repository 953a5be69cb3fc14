import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { addDays, chooseDate, dateIn, slotButtons } from '#test/support/booking-page';
import { browserStackPerFile } from '#test/support/browser-per-file';
import { mailedLink } from '#test/support/mail-store';

/**
 * Team scheduling in the browser (issue 28): an owner creates a team and invites a second account, which reads the
 * invitation from the mail store, signs in and accepts it; the owner creates a round-robin event with both as hosts;
 * a guest books it twice and each member is assigned once (both free, neither booked yet: the fewest bookings, then
 * a stable order). The Teams screens, the editor, the booking page and the team's public page at 375 px and 1280 px,
 * light and dark, axe clean, without sideways scroll.
 */

const ZONE = 'America/New_York';
const stack = browserStackPerFile();

type Scheme = 'light' | 'dark';

interface Account {
  name: string;
  email: string;
  cookie: string;
}

const post = (path: string, body: unknown, cookie = '') =>
  fetch(`${stack.app.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** The last mail to `address` whose text holds a link matching `pattern`: that link. */
function mailedLinkTo(address: string, pattern: RegExp): Promise<string> {
  return mailedLink(
    stack.app.mailViewer,
    address,
    (texts) =>
      texts
        .reverse()
        .find((text) => pattern.test(text))
        ?.match(pattern)?.[0],
    `No link like ${pattern} was mailed to ${address}`,
  );
}

/** A new account, signed in (its session cookie) with its e-mail address confirmed through the mailed link. */
async function newAccount(name: string): Promise<Account> {
  const email = `team-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'team secret';
  expect((await post('/api/auth/register', { name, email, password })).status).toBe(201);
  const login = await post('/api/login', { username: email, password });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const link = await mailedLinkTo(email, /https?:\/\/\S+\/verify-email\?token=[\w-]+/);
  const token = new URL(link).searchParams.get('token');
  expect((await post('/api/auth/verify-email', { token }, cookie)).status).toBe(200);
  return { name, email, cookie };
}

async function contextFor(account: Account | null, width: number, colorScheme: Scheme): Promise<BrowserContext> {
  const context = await stack.browser.newContext({ viewport: { width, height: 900 }, timezoneId: ZONE, colorScheme });
  if (account) {
    await context.addCookies(
      account.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: stack.app.baseUrl };
      }),
    );
  }
  return context;
}

/** axe clean, and nothing wider than the window. */
async function expectAccessibleAndFitting(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** A page's published HTML once the publisher wrote it with `contains` (the shell carries no inlined data). */
async function publishedHtml(path: string, dataId: string, contains: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await fetch(`${stack.app.baseUrl}${path}`)).text();
        return html.includes(`id="${dataId}"`) && html.includes(contains);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return html;
}

/** A weekday of next week (Tuesday + offset, up to Friday) in the event's zone: the default hours are Mon–Fri. */
function dateNextWeek(offset: number): string {
  const today = dateIn(new Date().toISOString(), ZONE);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, 7 - weekday + 2 + offset);
}

/** A guest books the first free time of `date` on the booking page; answers the host(s) the confirmation names. */
async function bookAsGuest(slug: string, date: string, width: number, colorScheme: Scheme): Promise<string> {
  const context = await contextFor(null, width, colorScheme);
  const page = await context.newPage();
  await page.goto(`${stack.app.baseUrl}/book/${slug}`);
  await page.getByRole('list', { name: 'Hosts' }).waitFor();
  await chooseDate(page, date);
  await expectAccessibleAndFitting(page);
  await slotButtons(page).first().click();
  await page.getByRole('heading', { name: 'Enter Your Details' }).waitFor();
  const suffix = randomBytes(3).toString('hex');
  await page.getByLabel('Name').fill(`Gail Guest ${suffix}`);
  await page.getByLabel('Email', { exact: true }).fill(`guest-${suffix}@example.com`);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByRole('heading', { name: 'Your meeting is scheduled' }).waitFor();
  await expectAccessibleAndFitting(page);
  const host = (await page.getByTestId('confirmation-host').textContent()) ?? '';
  await context.close();
  return host;
}

describe('team scheduling', () => {
  it('creates a team, invites and adds a member, and books a round-robin event on each member in turn', async () => {
    const owner = await newAccount('Olivia Owner');
    const member = await newAccount('Milo Member');
    const teamName = `Sales ${randomBytes(3).toString('hex')}`;

    // The owner creates the team on the Teams screen (1280 px, light).
    const ownerContext = await contextFor(owner, 1280, 'light');
    const page = await ownerContext.newPage();
    await page.goto(`${stack.app.baseUrl}/teams`);
    await page.getByRole('heading', { name: 'Teams', exact: true }).waitFor();
    await page.getByText('You are not in a team yet.').waitFor();
    await expectAccessibleAndFitting(page);
    await page.getByLabel('Team name').fill(teamName);
    const slug = await page.getByLabel('Team URL').inputValue();
    expect(slug).toBe(teamName.toLowerCase().replace(' ', '-'));
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/teams/${slug}`);
    await page.getByRole('heading', { name: teamName }).waitFor();

    // … and invites the second account as a member.
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const invitations = page.getByRole('region', { name: 'Pending invitations' });
    await invitations.getByText(member.email).waitFor();
    await expectAccessibleAndFitting(page);

    // The member reads the mail, opens its link signed in (375 px, dark) and accepts.
    const link = await mailedLinkTo(member.email, /https?:\/\/\S+\/teams\/invitations/);
    const memberContext = await contextFor(member, 375, 'dark');
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${stack.app.baseUrl}${new URL(link).pathname}`);
    const accept = memberPage.getByRole('button', { name: `Accept the invitation to ${teamName}` });
    await accept.waitFor();
    await expectAccessibleAndFitting(memberPage);
    await accept.click();
    await expect.poll(() => new URL(memberPage.url()).pathname).toBe(`/teams/${slug}`);
    const memberList = memberPage.getByRole('region', { name: 'Members' });
    await memberList.getByText(owner.email).waitFor();
    await memberList.getByText(member.email).waitFor();
    // A member manages nothing: no invitations, no "New team event", only "Leave team".
    expect(await memberPage.getByRole('link', { name: 'New team event' }).count()).toBe(0);
    expect(await memberPage.getByRole('button', { name: 'Leave team' }).count()).toBe(1);
    await expectAccessibleAndFitting(memberPage);
    await memberContext.close();

    // The owner creates a round-robin event with both members as hosts (both checked by default).
    await page.reload();
    await page.getByRole('region', { name: 'Members' }).getByText(member.email).waitFor();
    await page.getByRole('link', { name: 'New team event' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?team=${slug}`);
    await page.getByRole('heading', { name: 'Create Team Event' }).waitFor();
    const title = `Demo ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Event name').fill(title);
    const eventSlug = await page.getByLabel('URL').inputValue();
    await page.getByLabel('Location').selectOption({ label: 'Video call' });
    expect(await page.getByRole('radio', { name: /Round-robin/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Milo Member' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Olivia Owner' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Weight of Milo Member').inputValue()).toBe('100');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save & Finish' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    expect(await card.textContent()).toContain(`Team: ${teamName}`);
    await expectAccessibleAndFitting(page);

    // A guest books it twice: each member is assigned once.
    const first = await bookAsGuest(eventSlug, dateNextWeek(0), 1280, 'dark');
    const second = await bookAsGuest(eventSlug, dateNextWeek(1), 375, 'light');
    expect([first, second].sort()).toEqual(['Milo Member', 'Olivia Owner']);

    // The owner's bookings screen names the team and the assigned host.
    await page.goto(`${stack.app.baseUrl}/bookings`);
    const rows = page.getByRole('article').filter({ hasText: teamName });
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toMatch(/Host(Milo Member|Olivia Owner)/);
    await ownerContext.close();

    // Both pages are published as HTML: the event's with the team and its hosts, the team's with its event.
    expect(await publishedHtml(`/book/${eventSlug}`, 'meetwise-event', 'Milo Member')).toContain(teamName);
    expect(await publishedHtml(`/team/${slug}`, 'meetwise-team', title)).toContain('Olivia Owner');

    // The team's public page lists the event with its hosts, at both widths and in both themes, hydrated cleanly.
    for (const [width, scheme] of [
      [375, 'dark'],
      [1280, 'light'],
    ] as const) {
      const context = await contextFor(null, width, scheme);
      const teamPage = await context.newPage();
      const problems: string[] = [];
      teamPage.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      teamPage.on('pageerror', (error) => problems.push(error.message));
      const requested: string[] = [];
      teamPage.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await teamPage.goto(`${stack.app.baseUrl}/team/${slug}`);
      // Hydrated by its own entry (team.html's), with the team inlined: React took the root, no call for the team,
      // none of the booking page's code.
      await expect
        .poll(() =>
          teamPage.evaluate(() =>
            Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__react')),
          ),
        )
        .toBe(true);
      expect(requested.filter((path) => /^\/assets\/team-[\w-]+\.js$/.test(path))).toHaveLength(1);
      expect(requested.filter((path) => /^\/assets\/book-/.test(path))).toEqual([]);
      expect(requested.filter((path) => path.startsWith('/api/teams/'))).toEqual([]);
      await teamPage.getByRole('heading', { name: teamName, level: 1 }).waitFor();
      const eventLink = teamPage.getByRole('link', { name: title });
      await eventLink.waitFor();
      expect(await eventLink.getAttribute('href')).toBe(`/book/${eventSlug}`);
      const hosts = teamPage.getByRole('list', { name: 'Hosts' });
      expect(await hosts.textContent()).toContain('Milo Member');
      await expectAccessibleAndFitting(teamPage);
      expect(problems, problems.join('\n')).toEqual([]);
      await context.close();
    }

    // A team without a published page: its shell (team.html) asks for the team and says there is none.
    const strangerContext = await contextFor(null, 375, 'light');
    const missing = await strangerContext.newPage();
    const response = await missing.goto(`${stack.app.baseUrl}/team/no-such-team-${Date.now().toString(36)}`);
    expect(response?.status()).toBe(200);
    expect(await response!.text()).toMatch(/src="\/assets\/team-[\w-]+\.js"/);
    await missing.getByRole('heading', { name: 'Team not found', level: 1 }).waitFor();
    await strangerContext.close();

    // A new team name is republished on the team's page and on its event's booking page.
    const renamed = `${teamName} EU`;
    const patch = await fetch(`${stack.app.baseUrl}/api/teams/${slug}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: owner.cookie },
      body: JSON.stringify({ name: renamed }),
    });
    expect(patch.status).toBe(200);
    await publishedHtml(`/team/${slug}`, 'meetwise-team', renamed);
    await publishedHtml(`/book/${eventSlug}`, 'meetwise-event', renamed);
  });
});
