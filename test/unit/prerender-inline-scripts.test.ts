import { existsSync, readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

import type { PublicEvent } from '#shared/api/schemas/events';
import { inlineScriptHashes } from '#infra/security-headers';
import { renderBookingPage } from '#frontend/prerender/booking-page.tsx';

/**
 * The CSP allows inline scripts by the hashes of index.html's (infra/security-headers.ts). Every other page the
 * servers answer with (book.html, the published booking pages rendered into it, landing.html) must run only inline
 * scripts byte-identical to one of those; their JSON data blocks never run and are not counted. The built files are
 * checked when they are there (`npm test` builds first); the sources always.
 */

const EVENT: PublicEvent = {
  id: 7,
  userId: 'host-7',
  title: 'Garden walk',
  slug: 'garden-walk',
  description: 'Around the orchard.',
  duration: 45,
  location: 'The gate',
  color: '#15803d',
  timeZone: 'Europe/Berlin',
  eventPhotoUrl: null,
  showEventPhoto: false,
  showGuestLogo: false,
  guestLogoUrl: null,
  hostName: 'Kim Gardener',
  hostPhotoUrl: null,
  showHostPhoto: false,
  bookingTheme: 'dark',
  themeColor: null,
  secondaryColor: null,
  customCss: '',
  acceptingBookings: true,
  advanceBookingDays: 30,
};

const read = (file: string) => readFileSync(file, 'utf8');
const published = (template: string) =>
  renderBookingPage({ template, event: EVENT, path: '/book/garden-walk', now: new Date('2026-06-01T12:00:00Z') });

function expectInlineScriptsOf(page: string, index: string) {
  const allowed = new Set(inlineScriptHashes(index));
  const hashes = inlineScriptHashes(page);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(allowed, hash).toContain(hash);
}

describe("inline scripts: only index.html's", () => {
  it('book.html (source) has the same inline scripts as index.html', () => {
    expect(inlineScriptHashes(read('frontend/book.html'))).toEqual(inlineScriptHashes(read('frontend/index.html')));
  });

  it('a published page adds a JSON data block, which is not an inline script to allow', () => {
    const page = published(read('frontend/book.html'));
    expect(page).toContain('<script type="application/json" id="meetwise-event">');
    expect(inlineScriptHashes(page)).toEqual(inlineScriptHashes(read('frontend/book.html')));
    expectInlineScriptsOf(page, read('frontend/index.html'));
  });

  const built = existsSync('frontend/dist/book.html') && existsSync('frontend/dist/landing.html');
  it.runIf(built)('the built book.html, landing.html and a page published into the built shell (npm run build)', () => {
    const index = read('frontend/dist/index.html');
    const book = read('frontend/dist/book.html');
    expectInlineScriptsOf(book, index);
    expectInlineScriptsOf(read('frontend/dist/landing.html'), index);
    expectInlineScriptsOf(published(book), index);
    // The shell loads its own entry, not the single-page app's.
    expect(book).toMatch(/<script type="module" crossorigin src="\/assets\/book-[\w-]+\.js"><\/script>/);
    expect(book).not.toMatch(/src="\/assets\/index-/);
  });
});

/** index.html's inline scripts, run as a browser would on a path (a fake document and fetch). */
function runInlineScripts(html: string, options: { pathname: string; eventBlock: boolean; pageTheme?: string }) {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  const fetched: string[] = [];
  const classes = new Set<string>();
  const root = {
    getAttribute: (name: string) => (name === 'data-page-theme' ? (options.pageTheme ?? null) : null),
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    style: {} as Record<string, string>,
  };
  const context: Record<string, unknown> = {
    location: { pathname: options.pathname },
    document: {
      documentElement: root,
      getElementById: (id: string) => (id === 'meetwise-event' && options.eventBlock ? {} : null),
    },
    localStorage: { getItem: () => 'light' },
    matchMedia: () => ({ matches: false }),
    fetch: (url: string) => {
      fetched.push(url);
      return Promise.resolve();
    },
    Intl,
    URLSearchParams,
    Date,
  };
  context.window = context;
  for (const script of scripts) runInNewContext(script, context);
  return { fetched, dark: classes.has('dark'), colorScheme: root.style.colorScheme };
}

describe("index.html's inline scripts (book.html's are the same)", () => {
  const index = read('frontend/index.html');

  it('start the event and the month call on a booking page, only the month call on a published one', () => {
    const shell = runInlineScripts(index, { pathname: '/book/Garden-Walk', eventBlock: false });
    expect(shell.fetched).toHaveLength(2);
    expect(shell.fetched[0]).toBe('/api/events/public/garden-walk');
    expect(shell.fetched[1]).toMatch(/^\/api\/available-dates\?year=\d{4}&month=\d{1,2}&eventId=garden-walk&timezone=/);
    const publishedPage = runInlineScripts(index, { pathname: '/book/garden-walk', eventBlock: true });
    expect(publishedPage.fetched).toEqual([shell.fetched[1]]);
    expect(runInlineScripts(index, { pathname: '/events/new', eventBlock: false }).fetched).toEqual([]);
    expect(runInlineScripts(index, { pathname: '/', eventBlock: false }).fetched).toEqual([]);
  });

  it("apply a published page's own theme before first paint, over the visitor's saved one", () => {
    expect(runInlineScripts(index, { pathname: '/book/a', eventBlock: true, pageTheme: 'dark' })).toMatchObject({
      dark: true,
      colorScheme: 'dark',
    });
    expect(runInlineScripts(index, { pathname: '/', eventBlock: false })).toMatchObject({
      dark: false,
      colorScheme: 'light',
    });
  });
});
