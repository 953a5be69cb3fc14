import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

import type { PublicEvent } from '#shared/api/schemas/events';
import type { PublicTeam } from '#shared/api/schemas/teams';
import { inlineScriptHashes } from '#infra/security-headers';
import { renderBookingPage } from '#frontend/prerender/booking-page.tsx';
import { renderTeamPage } from '#frontend/prerender/team-page.tsx';
import {
  builtSource,
  iconDataUrl,
  INLINE_SCRIPT_FILES,
  inlineScriptElement,
  inlineScriptSource,
  intlWarmupWorker,
  withInlineScripts,
} from '#frontend/shell/inline-scripts.ts';

/**
 * The CSP allows inline scripts by the hashes of index.html's (infra/security-headers.ts). Every other page the
 * servers answer with (book.html, team.html, the published pages rendered into them, landing.html) must run only inline
 * scripts byte-identical to one of those; their JSON data blocks never run and are not counted. The scripts have one
 * source (frontend/src/shell, written into each page at build time): the pages as built from their sources are
 * checked always (builtSource), the built files when they are there (`npm test` builds first).
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

const TEAM: PublicTeam = { name: 'Sales', slug: 'sales', logoUrl: null, events: [] };

const read = (file: string) => readFileSync(file, 'utf8');
/** The hashes of the one source's scripts, in a page's order. */
const SOURCE_HASHES = inlineScriptHashes(INLINE_SCRIPT_FILES.map(inlineScriptElement).join('\n'));
const published = (template: string) =>
  renderBookingPage({ template, event: EVENT, path: '/book/garden-walk', now: new Date('2026-06-01T12:00:00Z') });

function expectInlineScriptsOf(page: string, index: string) {
  const allowed = new Set(inlineScriptHashes(index));
  const hashes = inlineScriptHashes(page);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(allowed, hash).toContain(hash);
}

describe("inline scripts: only index.html's", () => {
  it('index.html (built from its source) has every script of frontend/src/shell, and nothing else', () => {
    expect(SOURCE_HASHES).toHaveLength(INLINE_SCRIPT_FILES.length);
    expect(inlineScriptHashes(builtSource('index'))).toEqual(SOURCE_HASHES);
    expect(read('frontend/index.html')).not.toMatch(/<script>/);
  });

  it('book.html (built from its source) has the same inline scripts as index.html', () => {
    expect(inlineScriptHashes(builtSource('book'))).toEqual(inlineScriptHashes(builtSource('index')));
    expect(read('frontend/book.html')).not.toMatch(/<script>/);
  });

  it("team.html (built from its source), a team's page's own entry, has the same inline scripts too", () => {
    expect(inlineScriptHashes(builtSource('team'))).toEqual(inlineScriptHashes(builtSource('index')));
    expect(read('frontend/team.html')).not.toMatch(/<script>/);
  });

  it('a page naming a script the source does not have is refused', () => {
    expect(() => withInlineScripts('<!-- inline-script: other.js -->')).toThrow(/other\.js/);
  });

  it('a published page adds a JSON data block, which is not an inline script to allow', () => {
    const page = published(builtSource('book'));
    expect(page).toContain('<script type="application/json" id="meetwise-event">');
    expect(inlineScriptHashes(page)).toEqual(inlineScriptHashes(builtSource('book')));
    expectInlineScriptsOf(page, builtSource('index'));
  });

  const built = existsSync('frontend/dist/book.html') && existsSync('frontend/dist/landing.html');
  it.runIf(built)('the built book.html, landing.html and a page published into the built shell (npm run build)', () => {
    const index = read('frontend/dist/index.html');
    const book = read('frontend/dist/book.html');
    expect(inlineScriptHashes(index)).toEqual(SOURCE_HASHES);
    expectInlineScriptsOf(book, index);
    // The worker the module loader names is in the build, as its source is.
    const worker = intlWarmupWorker();
    expect(read(`frontend/dist/${worker.fileName}`)).toBe(worker.source);
    // The icon is written into every page (frontend/public/favicon.svg as a data: address): no request for it.
    for (const page of [index, book, read('frontend/dist/landing.html'), published(book)]) {
      expect(page).toContain(`<link rel="icon" type="image/svg+xml" href="${iconDataUrl()}" />`);
      expect(page).not.toContain('/favicon.svg');
    }
    expect(decodeURIComponent(iconDataUrl().replace('data:image/svg+xml,', ''))).toBe(
      read('frontend/public/favicon.svg').trim().replaceAll('"', "'"),
    );
    expectInlineScriptsOf(read('frontend/dist/landing.html'), index);
    expectInlineScriptsOf(published(book), index);
    // The shell loads its own entry, not the single-page app's.
    expect(book).toMatch(/<script type="module" crossorigin src="\/assets\/book-[\w-]+\.js"><\/script>/);
    expect(book).not.toMatch(/src="\/assets\/index-/);
    // Prerendered pages list their modules for the loader instead (deferModules): no module tag of Vite's is left.
    const list = (entry: string) =>
      new RegExp(`<meta name="meetwise-modules" content="/assets/${entry}-[\\w-]+\\.js( /assets/[\\w-]+\\.js)+">`);
    expect(published(book)).toMatch(list('book'));
    expect(read('frontend/dist/landing.html')).toMatch(list('index'));
    for (const page of [published(book), read('frontend/dist/landing.html')]) {
      expect(page).not.toMatch(/<script type="module"/);
      expect(page).not.toMatch(/rel="modulepreload"/);
    }
  });

  it.runIf(existsSync('frontend/dist/team.html'))("the built team.html and a team's page published into it", () => {
    const index = read('frontend/dist/index.html');
    const team = read('frontend/dist/team.html');
    const page = renderTeamPage({
      template: team,
      team: TEAM,
      path: '/team/sales',
      now: new Date('2026-06-01T12:00:00Z'),
    });
    expectInlineScriptsOf(team, index);
    expectInlineScriptsOf(page, index);
    expect(team).toMatch(/<script type="module" crossorigin src="\/assets\/team-[\w-]+\.js"><\/script>/);
    expect(page).toMatch(/<meta name="meetwise-modules" content="\/assets\/team-[\w-]+\.js[^"]*">/);
    expect(page).not.toMatch(/<script type="module"/);
  });
});

/**
 * Runs one of a page's inline scripts: the shell file whose element the page carries (its text, indented), from the
 * file itself under its own address, so that V8's coverage counts what the tests run against frontend/src/shell.
 */
function runShellScript(pageScript: string, context: Record<string, unknown>): void {
  const file = INLINE_SCRIPT_FILES.find((name) => inlineScriptElement(name) === `<script>${pageScript}</script>`);
  if (!file) throw new Error('The page has an inline script that frontend/src/shell does not have');
  const path = fileURLToPath(new URL(`../../frontend/src/shell/${file}`, import.meta.url));
  runInNewContext(inlineScriptSource(file), context, { filename: pathToFileURL(path).href });
}

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
      // No module list: the source pages have Vite's own module tag (the loader is tested on the built ones below).
      querySelector: () => null,
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
  for (const script of scripts) runShellScript(script, context);
  return { fetched, dark: classes.has('dark'), colorScheme: root.style.colorScheme };
}

describe("index.html's inline scripts (book.html's are the same)", () => {
  const index = builtSource('index');

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

/** The module loader (the last inline script of every page: frontend/src/shell/module-loader.js), run against a fake document. */
function runLoader(options: {
  prerendered: boolean;
  visible?: boolean;
  paintTiming?: boolean | 'no-paint-entries';
  /** A published booking page: early-calls.js left its calls to the loader (window.__meetwiseSendEarly). */
  earlyCalls?: boolean;
  /** No module list (a page with Vite's own module tag). */
  noList?: boolean;
  /** The browser has no workers (the warm-up is skipped). */
  noWorker?: boolean;
}) {
  const script = [...builtSource('index').matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .find((code) => code.includes('meetwise-modules'));
  if (!script) throw new Error('no module loader in index.html');
  const appended: string[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let observer: { callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void; type?: string } | null =
    null;
  let disconnected = false;
  const element = (tag: string) => {
    const node: Record<string, string> = { tag };
    return node;
  };
  const context: Record<string, unknown> = {
    document: {
      querySelector: (selector: string) =>
        selector === 'meta[name="meetwise-modules"]' && !options.noList
          ? { getAttribute: () => '/assets/entry.js /assets/chunk-a.js /assets/chunk-b.js' }
          : null,
      getElementById: (id: string) => (id === 'root' ? { firstElementChild: options.prerendered ? {} : null } : null),
      visibilityState: options.visible === false ? 'hidden' : 'visible',
      createElement: element,
      head: {
        appendChild: (node: Record<string, string>) =>
          appended.push(
            node.tag === 'script'
              ? `script type=${node.type} src=${node.src} crossorigin=${node.crossOrigin}`
              : `link rel=${node.rel} href=${node.href}`,
          ),
      },
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  };
  const workers: FakeWorker[] = [];
  class FakeWorker {
    onmessage: (() => void) | null = null;
    onerror: (() => void) | null = null;
    terminated = false;
    constructor(readonly url: string) {
      if (options.noWorker) throw new Error('no workers here');
      workers.push(this);
      appended.push(`worker ${url}`);
    }
    terminate() {
      this.terminated = true;
    }
  }
  context.Worker = FakeWorker;
  if (options.earlyCalls) context.__meetwiseSendEarly = () => appended.push('early calls');
  if (options.paintTiming !== false) {
    context.PerformanceObserver = class {
      static supportedEntryTypes =
        options.paintTiming === 'no-paint-entries' ? ['navigation'] : ['paint', 'navigation'];
      constructor(callback: NonNullable<typeof observer>['callback']) {
        observer = { callback };
      }
      observe({ type }: { type: string }) {
        observer!.type = type;
      }
      disconnect() {
        disconnected = true;
      }
    };
  }
  context.window = context;
  runShellScript(script, context);
  const paint = (name: string) => observer!.callback({ getEntriesByName: (asked) => (asked === name ? [{}] : []) });
  /** Runs the tasks queued for now (setTimeout 0), in their order; the others wait. */
  const runQueued = () => {
    const queued = timers.filter((timer) => timer.ms === 0);
    timers.splice(0, timers.length, ...timers.filter((timer) => timer.ms !== 0));
    for (const timer of queued) timer.run();
  };
  return {
    appended,
    timers,
    workers,
    paint,
    runQueued,
    observed: () => observer?.type,
    disconnected: () => disconnected,
  };
}

describe("the pages' module loader", () => {
  const WORKER = `worker /${intlWarmupWorker().fileName}`;
  const ALL = [
    'script type=module src=/assets/entry.js crossorigin=',
    'link rel=modulepreload href=/assets/chunk-a.js',
    'link rel=modulepreload href=/assets/chunk-b.js',
  ];

  it('loads a page rendered in the browser (an empty root) at once: the warm-up worker, the entry and every chunk it imports', () => {
    const run = runLoader({ prerendered: false });
    expect(run.appended).toEqual([WORKER, ...ALL]);
    expect(run.timers).toEqual([]);
    // The worker is let go once it answered (or failed).
    run.workers[0]!.onmessage!();
    expect(run.workers[0]!.terminated).toBe(true);
  });

  it('loads a prerendered page after its first paint, once', () => {
    const run = runLoader({ prerendered: true });
    expect(run.appended).toEqual([]);
    expect(run.observed()).toBe('paint');
    run.paint('first-paint');
    expect(run.appended).toEqual([]);
    run.paint('first-contentful-paint');
    expect(run.disconnected()).toBe(true);
    // The worker, the early calls and each tag in a task of its own, queued at once in order.
    expect(run.appended).toEqual([]);
    expect(run.timers.map((timer) => timer.ms)).toEqual([5000, 0, 0, 0, 0, 0]);
    run.runQueued();
    expect(run.appended).toEqual([WORKER, ...ALL]);
    // The last-resort timer finds it done.
    expect(run.timers.map((timer) => timer.ms)).toEqual([5000]);
    run.timers[0]!.run();
    expect(run.appended).toEqual([WORKER, ...ALL]);
    expect(run.workers).toHaveLength(1);
  });

  it("sends a published booking page's early calls with its code, after the first paint, once", () => {
    const run = runLoader({ prerendered: true, earlyCalls: true });
    expect(run.appended).toEqual([]);
    run.paint('first-contentful-paint');
    run.runQueued();
    expect(run.appended).toEqual([WORKER, 'early calls', ...ALL]);
    run.timers[0]!.run();
    expect(run.appended).toEqual([WORKER, 'early calls', ...ALL]);
    // Sent at once where nothing is painted first, or where there is no list to load.
    expect(runLoader({ prerendered: false, earlyCalls: true }).appended).toEqual([WORKER, 'early calls', ...ALL]);
    expect(runLoader({ prerendered: true, earlyCalls: true, noList: true }).appended).toEqual([WORKER, 'early calls']);
  });

  it('loads the page without the warm-up where the browser has no workers', () => {
    const run = runLoader({ prerendered: true, earlyCalls: true, noWorker: true });
    run.paint('first-contentful-paint');
    run.runQueued();
    expect(run.appended).toEqual(['early calls', ...ALL]);
  });

  it('loads a prerendered page after five seconds when no paint is reported, and at once when hidden or without paint timing', () => {
    const silent = runLoader({ prerendered: true });
    // A first paint that takes longer than a second (a busy first frame) is still waited for.
    expect(silent.timers.map((timer) => timer.ms)).toEqual([5000]);
    expect(silent.appended).toEqual([]);
    silent.timers[0]!.run();
    expect(silent.appended).toEqual([WORKER, ...ALL]);
    expect(runLoader({ prerendered: true, visible: false }).appended).toEqual([WORKER, ...ALL]);
    expect(runLoader({ prerendered: true, paintTiming: false }).appended).toEqual([WORKER, ...ALL]);
    expect(runLoader({ prerendered: true, paintTiming: 'no-paint-entries' }).appended).toEqual([WORKER, ...ALL]);
  });
});

describe('the warm-up worker', () => {
  it('loads the date data and answers once, also where Intl fails', () => {
    const { source } = intlWarmupWorker();
    for (const intl of [Intl, undefined]) {
      const posted: unknown[] = [];
      const path = fileURLToPath(new URL('../../frontend/src/shell/intl-warmup.js', import.meta.url));
      const context = { Intl: intl, Date, postMessage: (message: unknown) => posted.push(message) };
      runInNewContext(source, context, { filename: pathToFileURL(path).href });
      expect(posted).toEqual(['ready']);
    }
  });

  it("is written by the builds under assets/, named by its content's hash, as the loader names it", () => {
    const { fileName, source } = intlWarmupWorker();
    expect(fileName).toMatch(/^assets\/intl-warmup-[0-9a-f]{10}\.js$/);
    expect(builtSource('index')).toContain(`new Worker('/${fileName}')`);
    expect(source).not.toContain('__INTL_WARMUP_URL__');
  });
});
