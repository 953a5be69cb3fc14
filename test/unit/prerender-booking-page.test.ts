import { build } from 'esbuild';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PublicEvent } from '#shared/api/schemas/events';
import { renderBookingPage } from '#frontend/prerender/booking-page.tsx';
import { escapeHtml } from '#frontend/prerender/html.ts';
import { builtSource } from '#frontend/shell/inline-scripts.ts';

/**
 * A booking page published as static HTML (issue 19): frontend/src/prerender/booking-page.tsx renders step 1 of the
 * booking page into the booking page's shell (frontend/book.html; the built one has the same slots), with the event
 * inlined for hydration. Every event text must stay text: React escapes what it renders, the renderer escapes the
 * title, the description and the JSON, and custom CSS is scoped (shared/custom-css.ts) before it reaches a <style>.
 */

const TEMPLATE = builtSource('book');
/** 11 p.m. in New York on Monday, March 9, 2026 (already Tuesday in UTC, the server's zone). */
const NOW = new Date('2026-03-10T03:00:00.000Z');

const EVENT: PublicEvent = {
  id: 1001,
  userId: 'host-1',
  title: 'Intro Call',
  slug: 'intro-call',
  description: 'A short call to get to know each other.\nBring your questions.',
  duration: 30,
  location: 'Google Meet',
  color: '#2563eb',
  timeZone: 'America/New_York',
  eventPhotoUrl: null,
  showEventPhoto: false,
  showGuestLogo: false,
  guestLogoUrl: null,
  hostName: 'Jordan Avery',
  hostPhotoUrl: null,
  showHostPhoto: true,
  bookingTheme: 'light',
  themeColor: null,
  secondaryColor: null,
  customCss: '',
  acceptingBookings: true,
  advanceBookingDays: 60,
};

const render = (event: PublicEvent = EVENT, path = `/book/${event.slug}`) =>
  renderBookingPage({ template: TEMPLATE, event, path, now: NOW });

const DATA_BLOCK = /<script type="application\/json" id="meetwise-event">([\s\S]*?)<\/script>/;
const dataOf = (html: string): unknown => JSON.parse(DATA_BLOCK.exec(html)![1]!);
const outsideData = (html: string): string => html.replace(DATA_BLOCK, '');
/** What is rendered into #root: from its opening tag to the last `</div>` of the body. */
function rootOf(html: string): string {
  const open = /<div id="root"[^>]*>/.exec(html)!;
  const start = open.index + open[0].length;
  return html.slice(start, html.lastIndexOf('</div>', html.indexOf('</body>')));
}
const count = (text: string, pattern: RegExp): number =>
  text.match(new RegExp(pattern.source, `${pattern.flags}g`))?.length ?? 0;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('renderBookingPage: the page', () => {
  it("draws step 1 into #root: the host, the event, the month grid of the host's today without availability, the zone", () => {
    const root = rootOf(render());
    expect(root).toContain('Jordan Avery');
    expect(root).toMatch(/<h1[^>]*>Intro Call<\/h1>/);
    expect(root).toContain('30<!-- --> min');
    expect(root).toContain('Google Meet');
    expect(root).toContain('A short call to get to know each other.\nBring your questions.');
    expect(root).toContain('Step 1 of 3');
    expect(root).toContain('Select a Date &amp; Time');
    // The host's today (Monday the 9th in New York), not the server's (Tuesday the 10th in UTC).
    expect(root).toMatch(/<h3 id="booking-calendar-title"[^>]*>March 2026<\/h3>/);
    expect(root).toContain('aria-label="Monday, March 9, 2026, today, unavailable"');
    expect(root).toContain('aria-label="Tuesday, March 10, 2026, unavailable"');
    // No availability yet: the grid is busy and no day is offered; it keeps six weeks of height.
    expect(root).toMatch(/role="grid" aria-labelledby="booking-calendar-title" aria-busy="true"/);
    expect(root).not.toContain(', available"');
    expect(root).toContain('min-h-[18rem]');
    // The zone line in the host's zone, its offset at the publish time (daylight saving time since March 8).
    expect(root).toMatch(/Time zone: <strong[^>]*>America\/New York \(GMT-4\)<\/strong>/);
    expect(root).toContain('>Change</button>');
  });

  it("wears the live page's chrome: skip link, the booking pages' header (no brand, no theme toggle), footer, Try Meetwise free", () => {
    const root = rootOf(render());
    expect(root).toMatch(
      /^<div class="flex min-h-dvh flex-col[^"]*"><a href="#main"[^>]*>Skip to main content<\/a><div class="contents embed:hidden"><header /,
    );
    expect(root).toContain('<main id="main" tabindex="-1"');
    expect(root).toMatch(/<a href="\/contact-us"[^>]*>Contact Us<\/a>/);
    expect(root).toMatch(/<a href="\/login"[^>]*>Login<\/a>/);
    expect(root).toContain('aria-label="Open menu"');
    expect(root).not.toMatch(/Switch to (dark|light) theme/); // no theme toggle
    expect(root).not.toMatch(/<a href="\/"[^>]*>[^<]*<svg/); // no brand link
    expect(root).toMatch(/<a href="\/"[^>]*>Try Meetwise free<\/a>/);
    expect(root).toContain('© <!-- -->2026<!-- --> <!-- -->Meetwise');
    expect(root).toMatch(/<button[^>]*>Privacy Policy<\/button>/);
    // The footer leaves room for the floating link, as on every booking page.
    expect(root).toContain('lg:pb-20');
  });

  it('answers the same page for /events/{slug}, and refuses a path that is no booking page', () => {
    expect(rootOf(render(EVENT, '/events/intro-call'))).toBe(rootOf(render()));
    expect(() => render(EVENT, '/events/new')).toThrow(/booking page/);
    expect(() => render(EVENT, '/contact-us')).toThrow(/booking page/);
  });

  it('says so at step 1 when bookings are paused, as the live page does', () => {
    const root = rootOf(render({ ...EVENT, bookingsPaused: true }));
    expect(root).toContain('Bookings are paused');
    expect(root).not.toContain('role="grid"');
  });

  it("marks #root with the publish time, and <html> with the event's theme (applied before first paint)", () => {
    const html = render({ ...EVENT, bookingTheme: 'dark' });
    expect(html).toContain(`<div id="root" data-rendered-at="${NOW.toISOString()}">`);
    expect(html).toMatch(/<html data-page-theme="dark" lang="en">/);
    expect(rootOf(html)).toContain('data-booking-theme="dark"');
  });

  it("puts the event's scoped custom CSS in as raw text (a React text child would come out escaped: `>` as `&gt;`)", () => {
    const root = rootOf(render({ ...EVENT, customCss: `.card > h1 { font-family: "Inter", serif }` }));
    const css = /<style>([^<]*)<\/style>/.exec(root)![1]!;
    expect(css).toContain('[data-booking-page] .card > h1');
    expect(css).toContain('"Inter"');
    expect(css).not.toContain('&');
  });

  it('renders without a React warning, in plain Node (no window or document)', () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    render({ ...EVENT, customCss: '.card { color: red }', showEventPhoto: true, eventPhotoUrl: '/photos/a.png' });
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });
});

describe('renderBookingPage: head and data', () => {
  it('titles the page as the live page does, and describes it with the event', () => {
    const html = render();
    expect(count(html, /<title>/)).toBe(1);
    expect(html).toContain('<title>Intro Call with Jordan Avery | Meetwise</title>');
    expect(html).toContain(
      '<meta name="description" content="A short call to get to know each other. Bring your questions." />',
    );
    const plain = render({ ...EVENT, description: '' });
    expect(plain).toContain(
      '<meta name="description" content="Book Intro Call (30 min) with Jordan Avery on Meetwise." />',
    );
    const long = render({ ...EVENT, description: 'word '.repeat(100) });
    const content = /<meta name="description" content="([^"]*)"/.exec(long)![1]!;
    expect([...content].length).toBeLessThanOrEqual(160);
    expect(content.endsWith('…')).toBe(true);
  });

  it('inlines the event as JSON in <head>, before the inline scripts (the early fetch skips the event for it)', () => {
    const html = render();
    expect(dataOf(html)).toEqual(EVENT);
    const head = html.slice(0, html.indexOf('</head>'));
    const block = head.search(DATA_BLOCK);
    expect(block).toBeGreaterThan(head.indexOf('</title>'));
    const inlineScripts = [...head.matchAll(/<script>/g)].map((match) => match.index);
    expect(inlineScripts).toHaveLength(2); // the theme, the early fetch
    for (const at of inlineScripts) expect(block).toBeLessThan(at);
    expect(head.slice(inlineScripts[1])).toContain("document.getElementById('meetwise-event')");
  });

  it('writes the JSON so that no text can end its element or open a tag, and it parses back to the event', () => {
    const event = {
      ...EVENT,
      title: '</script><script>alert(1)</script><!-- & > \u2028\u2029',
      description: '</SCRIPT >',
    };
    const html = render(event);
    const json = DATA_BLOCK.exec(html)![1]!;
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(dataOf(html)).toEqual(event);
  });

  it('keeps the template whole: `$` patterns in a text splice nothing in, and a template without a slot is refused', () => {
    const html = render({ ...EVENT, title: "Cost $& $' $` $$ $1" });
    expect(html).toContain('<title>Cost $&amp; $&#x27; $` $$ $1 with Jordan Avery | Meetwise</title>');
    expect(count(html, /<\/html>/)).toBe(1);
    expect(count(html, /<div id="root"/)).toBe(1);
    const without = (slot: string) => () =>
      renderBookingPage({ template: TEMPLATE.replace(slot, ''), event: EVENT, path: '/book/intro-call', now: NOW });
    expect(without('<div id="root"></div>')).toThrow(/0 root slots/);
    expect(without('<title>Meetwise</title>')).toThrow(/0 title slots/);
    const twice = TEMPLATE.replace('<div id="root"></div>', '<div id="root"></div><div id="root"></div>');
    expect(() => renderBookingPage({ template: twice, event: EVENT, path: '/book/intro-call', now: NOW })).toThrow(
      /2 root slots/,
    );
  });
});

describe('renderBookingPage: every event text stays text', () => {
  const ATTACK = `"'><img src=x onerror=alert(1)></script><script>alert(2)</script><style>*{}</style>`;
  const URL_ATTACK = `x" onerror="alert(3)`;
  const COLOR_ATTACK = `red;background:url(javascript:alert(4))`;
  const CSS_ATTACK = `.x { color: red } </style><script>alert(5)</script><img src=x onerror=alert(6)><style>`;
  const attacked: PublicEvent = {
    ...EVENT,
    title: `Title ${ATTACK}`,
    slug: 'intro-call',
    description: `Description ${ATTACK}`,
    location: `Location ${ATTACK}`,
    hostName: `Host ${ATTACK}`,
    color: COLOR_ATTACK,
    themeColor: COLOR_ATTACK,
    secondaryColor: COLOR_ATTACK,
    customCss: CSS_ATTACK,
    timeZone: 'America/New_York',
  };

  /**
   * The page outside the JSON block, and its tags alone: without text (escaped text holds no `<`), quoted attribute
   * values, and the bodies of scripts and styles. An attack that became markup would show in the tags.
   */
  const markup = (html: string) => {
    const outside = outsideData(html);
    const tags = outside
      .replace(/(<(script|style)\b[^>]*>)[\s\S]*?(<\/\2>)/gi, '$1$3')
      .replace(/>[^<]*</g, '><')
      .replace(/"[^"]*"/g, '""');
    return {
      outside,
      tags,
      scripts: count(tags, /<script/i),
      images: [...outside.matchAll(/<img\b[^>]*>/gi)].map((match) => match[0]),
      styles: [...outside.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!),
    };
  };
  const templateScripts = count(TEMPLATE, /<script/i);

  it('with the photos hidden: no tag, handler or script comes from a text field, title, description or CSS', () => {
    const html = render(attacked);
    const { outside, tags, scripts, images, styles } = markup(html);
    expect(scripts).toBe(templateScripts);
    expect(images).toEqual([]);
    expect(tags).not.toMatch(/<img|onerror|alert/i);
    expect(count(tags, /<style/i)).toBe(1);
    expect(outside).not.toContain('javascript:');
    expect(outside).not.toContain(ATTACK);
    expect(outside).not.toContain('<img');
    expect(outside).not.toContain('<script>alert');
    // Escaped where they show: the h1, the title, the description, the host, the location.
    const escaped = escapeHtml(ATTACK);
    for (const text of [`Title ${escaped}`, `Description ${escaped}`, `Location ${escaped}`, `Host ${escaped}`]) {
      expect(outside).toContain(text);
    }
    expect(outside).toContain(`<title>Title ${escaped} with Host ${escaped} | Meetwise</title>`);
    // The custom CSS is scoped: one style element, no `<` in it (nothing can close it), the attack's markup gone.
    expect(styles).toHaveLength(1);
    expect(styles[0]).not.toContain('<');
    expect(styles[0]).toContain('[data-booking-page] .x');
    // Colours that are not colours never reach a style attribute (the accent falls back to the default).
    for (const style of outside.matchAll(/style="([^"]*)"/g))
      expect(style[1]).not.toMatch(/url|javascript|;background/);
    expect(dataOf(html)).toEqual(attacked);
  });

  it('with the photos shown: their URLs stay inside their src attribute, escaped', () => {
    const html = render({
      ...attacked,
      showHostPhoto: true,
      hostPhotoUrl: URL_ATTACK,
      showEventPhoto: true,
      eventPhotoUrl: URL_ATTACK,
      showGuestLogo: true,
      guestLogoUrl: URL_ATTACK,
    });
    const { tags, scripts, images } = markup(html);
    expect(scripts).toBe(templateScripts);
    expect(tags).not.toMatch(/onerror|alert/i);
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image).toContain(`src="${escapeHtml(URL_ATTACK)}"`);
      // Without its quoted values, the tag has no handler: the URL could not end its attribute.
      expect(image.replace(/"[^"]*"/g, '""')).not.toMatch(/onerror/i);
    }
  });
});

describe('renderBookingPage: the module', () => {
  it('bundles for Node as a Lambda would (esbuild, platform node): no CSS, no import.meta.env, no browser global at import', async () => {
    const result = await build({
      entryPoints: ['frontend/src/prerender/booking-page.tsx'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      packages: 'external',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((file) => file.endsWith('.css'))).toEqual([]);
    expect(inputs).toContain('frontend/src/features/booking/components/booking-page.tsx');
    expect(result.outputFiles[0]!.text).not.toContain('import.meta.env');
  });
});
