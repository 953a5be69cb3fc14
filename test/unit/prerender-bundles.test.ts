import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { COMPILE_HINT, startupChunks } from '#frontend/shell/compile-hints.ts';

/**
 * The booking page's own entry as built (frontend/book.html → src/booking-main.tsx; `npm test` builds first): what
 * its first load carries and what it never loads. The scripts are followed from book.html through their imports
 * (static: the first load; dynamic: loaded on demand).
 */

const DIST = 'frontend/dist';
const built = existsSync(`${DIST}/book.html`);

/** Marks of code in a built script, as they survive minification. */
const MARKS = {
  reactRouter: 'may be used only in the context of a <Router>',
  zod: '._zod',
  routeTable: '/api/subscription/create-payment-intent',
  customCss: '-moz-binding',
  timeZoneList: 'Search time zones',
  detailsForm: 'Confirm Booking',
};

/** The booking page's own code (its month calendar) and a team's page's. */
const BOOKING_PAGE = 'Next month';
const TEAM_PAGE = 'Loading team page';

/** The scripts reachable from the page's module script: through static imports only, or dynamic ones too. */
function scriptsOf(page: string, dynamic: boolean): Map<string, string> {
  const entry = /<script type="module" crossorigin src="\/assets\/([\w.-]+\.js)">/.exec(
    readFileSync(`${DIST}/${page}`, 'utf8'),
  )![1]!;
  const found = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (found.has(file)) continue;
    const code = readFileSync(`${DIST}/assets/${file}`, 'utf8');
    found.set(file, code);
    const imports = [...code.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)];
    const lazy = dynamic ? [...code.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)] : [];
    for (const match of [...imports, ...lazy]) queue.push(match[1]!);
  }
  return found;
}

const carrying = (scripts: Map<string, string>, mark: string) =>
  [...scripts].filter(([, code]) => code.includes(mark)).map(([file]) => file);

describe.runIf(built)('the booking page entry, built (book.html)', () => {
  it('first load: at most 75 KB of JavaScript (gzip), without the router, zod, the route table or on-demand parts', () => {
    const scripts = scriptsOf('book.html', false);
    const gzip = [...scripts.values()].reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(75 * 1024);
    for (const mark of Object.values(MARKS)) expect(carrying(scripts, mark), mark).toEqual([]);
  });

  it('never loads react-router, even on demand (the details form, the legal texts, the toasts)', () => {
    const scripts = scriptsOf('book.html', true);
    expect(carrying(scripts, MARKS.detailsForm).length).toBeGreaterThan(0); // the walk reaches the later steps
    expect(carrying(scripts, MARKS.reactRouter)).toEqual([]);
  });

  it("never carries a team's page, even on demand (team.html has its own entry and build)", () => {
    expect(carrying(scriptsOf('book.html', false), BOOKING_PAGE).length).toBeGreaterThan(0);
    expect(carrying(scriptsOf('book.html', true), TEAM_PAGE)).toEqual([]);
  });

  it('the single-page app keeps its router (and the booking page for in-app navigation)', () => {
    const scripts = scriptsOf('index.html', false);
    expect(carrying(scripts, MARKS.reactRouter).length).toBeGreaterThan(0);
    expect(carrying(scripts, 'Try Meetwise free').length).toBeGreaterThan(0);
  });
});

describe.runIf(built)("a team's page entry, built (team.html, issue 28)", () => {
  it('first load: at most 75 KB of JavaScript (gzip), its page and none of the booking page, even on demand', () => {
    const scripts = scriptsOf('team.html', false);
    const gzip = [...scripts.values()].reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(75 * 1024);
    expect(carrying(scripts, TEAM_PAGE).length).toBeGreaterThan(0);
    // The same style sheet as the booking page's, by name: cached from one page to the other.
    const sheet = (page: string) => /href="(\/assets\/[\w-]+\.css)"/.exec(readFileSync(`${DIST}/${page}`, 'utf8'))![1];
    expect(sheet('team.html')).toBe(sheet('book.html'));
    const everything = scriptsOf('team.html', true);
    for (const mark of [BOOKING_PAGE, ...Object.values(MARKS)]) expect(carrying(everything, mark), mark).toEqual([]);
  });
});

describe('the compile hint on the code a page runs as it loads', () => {
  it('marks each entry and what it imports statically, however deep, and nothing loaded on demand', () => {
    const chunk = (isEntry: boolean, ...imports: string[]) => ({ isEntry, imports });
    const startup = startupChunks({
      'index.js': chunk(true, 'react.js', 'app.js'),
      'book.js': chunk(true, 'react.js'),
      'app.js': chunk(false, 'router.js', 'react.js'),
      'router.js': chunk(false),
      'react.js': chunk(false, 'runtime.js'),
      'runtime.js': chunk(false),
      'landing.js': chunk(false, 'react.js', 'icons.js'), // a page's lazy chunk
      'icons.js': chunk(false),
    });
    expect([...startup].sort()).toEqual(['app.js', 'book.js', 'index.js', 'react.js', 'router.js', 'runtime.js']);
  });

  it.runIf(built)('starts every script of a first load with it, and no script only loaded on demand', () => {
    const pages = ['index.html', 'book.html', 'team.html'];
    // A file is one for every page: a chunk the app's first load runs keeps the hint where the booking page loads it later.
    const firstLoads = new Set(pages.flatMap((page) => [...scriptsOf(page, false).keys()]));
    for (const page of pages) {
      for (const [file, code] of scriptsOf(page, false))
        expect(code.startsWith(`${COMPILE_HINT}\n`), `${page}: ${file}`).toBe(true);
      const onDemand = [...scriptsOf(page, true)].filter(([file]) => !firstLoads.has(file));
      expect(onDemand.length, page).toBeGreaterThan(0);
      for (const [file, code] of onDemand) expect(code.includes(COMPILE_HINT), `${page}: ${file}`).toBe(false);
    }
  });
});
