import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createBookingBody } from '#shared/api/schemas/bookings';
import type { PublicEvent } from '#shared/api/schemas/events';
import { isEmbedMessage, UTM_VALUE_MAX } from '#shared/embed';
import { bookingSourceOf } from '#frontend/features/booking/lib/booking-source.ts';
import { EMPTY_FORM } from '#frontend/features/booking/lib/form-values.ts';
import { prefilledForm } from '#frontend/features/booking/lib/prefill.ts';
import { bookAgainHref, rescheduleHref, withFrameParams } from '#frontend/features/manage-booking/lib/manage-view.ts';
import { embedOriginOf, embedTargetOf, postEmbedMessage } from '#frontend/lib/embed-frame.ts';
import { renderBookingPage } from '#frontend/prerender/booking-page.tsx';
import { builtSource } from '#frontend/shell/inline-scripts.ts';

/**
 * The booking pages in a frame of the embed script (issue 29): the embedding page's origin as the frame checks it,
 * messages posted to that origin only, the form filled in from the address, the booking's source from its utm_*
 * parameters, the frame's links, and index.html's inline script marking a frame before its first paint.
 */

describe('embedOriginOf: the embedding origin (embed_origin)', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://shop.example.co.uk:8443', 'https://shop.example.co.uk:8443'],
    // The same origin, written otherwise: taken as the browser names it.
    ['https://Example.COM', 'https://example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['https://example.com/', 'https://example.com'],
  ])('takes %s as %s', (value, origin) => {
    expect(embedOriginOf(value)).toBe(origin);
  });

  it.each([
    [null],
    [''],
    ['*'],
    ['null'],
    ['example.com'],
    ['//example.com'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['file:///etc/passwd'],
    ['ftp://example.com'],
    ['https://example.com/booking'],
    ['https://example.com?x=1'],
    ['https://example.com#top'],
    ['https://user:secret@example.com'],
  ])('refuses %s', (value) => {
    expect(embedOriginOf(value)).toBeNull();
  });
});

/** A window framed by `parent`, or a top window (its own parent). */
function frameWindow(framed: boolean) {
  const parent = { postMessage: vi.fn() };
  const self: { parent: unknown } = { parent };
  if (!framed) self.parent = self;
  return { self: self as Pick<Window, 'parent'>, parent };
}

describe('embedTargetOf and postEmbedMessage: messages go to embed_origin only', () => {
  const search = '?embed=1&embed_origin=https%3A%2F%2Fhost.example';

  it("posts to the parent window with embed_origin as the target origin, in shared/embed.ts's shape", () => {
    const { self, parent } = frameWindow(true);
    const target = embedTargetOf(self, search);
    expect(target.origin).toBe('https://host.example');
    const detail = {
      bookingId: 'b-1',
      start: '2026-03-03T15:00:00.000Z',
      end: '2026-03-03T15:30:00.000Z',
      eventSlug: 'intro',
    };
    expect(postEmbedMessage(target, { type: 'meetwise:booked', detail })).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    const [message, origin] = parent.postMessage.mock.calls[0]!;
    expect(origin).toBe('https://host.example');
    expect(message).toEqual({ source: 'meetwise', type: 'meetwise:booked', detail });
    expect(isEmbedMessage(message)).toBe(true);
  });

  it('posts nothing without a valid embed_origin (never to "*")', () => {
    for (const query of ['?embed=1', '?embed=1&embed_origin=*', '?embed=1&embed_origin=https://host.example/page']) {
      const { self, parent } = frameWindow(true);
      expect(postEmbedMessage(embedTargetOf(self, query), { type: 'meetwise:height', detail: { height: 10 } })).toBe(
        false,
      );
      expect(parent.postMessage).not.toHaveBeenCalled();
    }
  });

  it('posts nothing from a page that is not framed, or not opened as a frame (no embed=1)', () => {
    const top = frameWindow(false);
    expect(postEmbedMessage(embedTargetOf(top.self, search), { type: 'meetwise:height', detail: { height: 1 } })).toBe(
      false,
    );
    const plain = frameWindow(true);
    const noEmbed = embedTargetOf(plain.self, '?embed_origin=https%3A%2F%2Fhost.example');
    expect(postEmbedMessage(noEmbed, { type: 'meetwise:height', detail: { height: 1 } })).toBe(false);
    expect(top.parent.postMessage).not.toHaveBeenCalled();
    expect(plain.parent.postMessage).not.toHaveBeenCalled();
  });
});

describe("the frame's module in a page (ready once, heights as they change)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** The module in a fake page framed by `parent`; `marked`: <html data-embed> (set from ?embed=1 before paint). */
  async function framePage(marked: boolean) {
    const parent = { postMessage: vi.fn() };
    const page = {
      height: 640.2,
      resized: null as (() => void) | null,
      keydown: null as ((event: { key: string; defaultPrevented: boolean }) => void) | null,
    };
    const root = { getBoundingClientRect: () => ({ height: page.height }) };
    vi.stubGlobal('window', {
      location: { search: '?embed=1&embed_origin=https%3A%2F%2Fhost.example&theme=light' },
      parent,
      addEventListener: (type: string, listener: NonNullable<typeof page.keydown>) => {
        if (type === 'keydown') page.keydown = listener;
      },
    });
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'root' ? root : null),
      body: root,
      documentElement: {
        hasAttribute: (name: string) => marked && name === 'data-embed',
        getAttribute: () => null,
        setAttribute: () => undefined,
      },
    });
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          page.resized = callback;
        }
        observe() {}
      },
    );
    vi.resetModules(); // a fresh module: its frame is read once, in this page
    const frame = await import('#frontend/lib/embed.ts');
    const sent = () =>
      parent.postMessage.mock.calls.map(([message, origin]) => {
        expect(origin).toBe('https://host.example');
        const { type, detail } = message as { type: string; detail: unknown };
        return [type, detail];
      });
    return { frame, page, sent };
  }

  it('sends meetwise:ready once, each step, the height whenever it changes and an unused Escape, all to embed_origin', async () => {
    const { frame, page, sent } = await framePage(true);
    frame.notifyEmbed({ type: 'meetwise:ready', detail: { eventSlug: 'intro' } });
    frame.notifyEmbed({ type: 'meetwise:ready', detail: { eventSlug: 'intro' } });
    frame.notifyEmbed({ type: 'meetwise:date-selected', detail: { eventSlug: 'intro', date: '2026-03-03' } });
    frame.startEmbedFrame();
    frame.startEmbedFrame(); // once
    await vi.dynamicImportSettled(); // the frame's code, loaded in a frame only
    page.resized!(); // the same height: nothing new
    page.height = 812;
    page.resized!();
    // Escape that nothing in the page used goes to the embedding page (a pop-up closes by it); a used one does not.
    page.keydown!({ key: 'Escape', defaultPrevented: true });
    page.keydown!({ key: 'Enter', defaultPrevented: false });
    page.keydown!({ key: 'Escape', defaultPrevented: false });
    expect(sent()).toEqual([
      ['meetwise:ready', { eventSlug: 'intro' }],
      ['meetwise:date-selected', { eventSlug: 'intro', date: '2026-03-03' }],
      ['meetwise:height', { height: 641 }],
      ['meetwise:height', { height: 812 }],
      ['meetwise:escape', {}],
    ]);
  });

  it('sends nothing and observes nothing on a page not marked as a frame', async () => {
    const { frame, page, sent } = await framePage(false);
    frame.notifyEmbed({ type: 'meetwise:ready', detail: { eventSlug: 'intro' } });
    frame.startEmbedFrame();
    await vi.dynamicImportSettled();
    expect(page.resized).toBeNull();
    expect(page.keydown).toBeNull();
    expect(sent()).toEqual([]);
  });
});

describe('prefilledForm: name, email and guests from the address', () => {
  it('fills the fields in, trimmed, one line each', () => {
    const values = prefilledForm(
      new URLSearchParams({ name: '  Ada\nLovelace ', email: ' ada@example.com ', guests: 'b@example.com' }),
    );
    expect(values).toEqual({
      ...EMPTY_FORM,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      guests: ['b@example.com'],
    });
  });

  it('keeps well-formed guest addresses only, each once, at most ten', () => {
    const many = Array.from({ length: 12 }, (_, index) => `g${index}@example.com`);
    const guests = ['bob@example.com', ' not an address', 'bob@example.com', 'x@y', ' carol@example.org ', ...many];
    const values = prefilledForm(new URLSearchParams({ guests: guests.join(',') }));
    expect(values?.guests).toEqual(['bob@example.com', 'carol@example.org', ...many.slice(0, 8)]);
  });

  it('is null without them (nothing to fill in)', () => {
    expect(prefilledForm(new URLSearchParams('embed=1&theme=dark&guests=not-an-address'))).toBeNull();
  });
});

describe("bookingSourceOf: the booking's source from the address's utm_* parameters", () => {
  it('takes the five utm_* keys only, trimmed, and leaves empty ones out', () => {
    const search = new URLSearchParams({
      utm_source: ' newsletter ',
      utm_campaign: 'spring',
      utm_medium: '   ',
      utm_id: '42',
      ref: 'x',
      embed: '1',
    });
    expect(bookingSourceOf(search)).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
  });

  it('is undefined without any (the request then carries no source)', () => {
    expect(bookingSourceOf(new URLSearchParams('embed=1&name=Ada'))).toBeUndefined();
  });

  it('cuts a long value so the booking is never refused for it', () => {
    const source = bookingSourceOf(new URLSearchParams({ utm_content: 'z'.repeat(UTM_VALUE_MAX + 50) }));
    expect(source?.utm_content).toHaveLength(UTM_VALUE_MAX);
    const body = {
      name: 'Ada',
      email: 'ada@example.com',
      date: '2026-03-03',
      startTime: '2026-03-03T15:00:00Z',
      endTime: '2026-03-03T15:30:00Z',
      eventId: 7,
      source,
    };
    expect(createBookingBody.safeParse(body).success).toBe(true);
  });
});

describe("a frame's links keep the frame's parameters", () => {
  const frame = new URLSearchParams(
    'token=secret&embed=1&embed_origin=https%3A%2F%2Fhost.example&theme=dark&hide_details=1&utm_source=news&name=Ada',
  );
  const booking = { id: '6f1c2b9e-4d3a-4c5b-9a8e-1f2d3c4b5a69', eventSlug: 'intro call' };

  it('adds them in a frame (not the token, not the prefill)', () => {
    const href = rescheduleHref(booking, 'T0KEN', frame);
    const [rest, fragment] = href.split('#');
    const [path, query] = rest!.split('?');
    expect(path).toBe('/book/intro%20call');
    // Issue 31: the token stays in the fragment, after the frame's parameters.
    expect(fragment).toBe('token=T0KEN');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      reschedule: booking.id,
      embed: '1',
      embed_origin: 'https://host.example',
      theme: 'dark',
      hide_details: '1',
      utm_source: 'news',
    });
    expect(bookAgainHref(booking, frame)).toBe(
      '/book/intro%20call?embed=1&embed_origin=https%3A%2F%2Fhost.example&theme=dark&hide_details=1&utm_source=news',
    );
  });

  it('leaves a link alone outside a frame', () => {
    expect(withFrameParams('/book/a?x=1', new URLSearchParams('utm_source=news&theme=dark'))).toBe('/book/a?x=1');
    expect(bookAgainHref(booking)).toBe('/book/intro%20call');
  });
});

/** index.html's first inline script (the theme), run as a browser would at an address. */
function runThemeScript(search: string, options: { pageTheme?: string; systemDark?: boolean; saved?: string } = {}) {
  const html = builtSource('index');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .find((code) => code.includes('data-page-theme'))!;
  const attributes = new Map<string, string>();
  if (options.pageTheme) attributes.set('data-page-theme', options.pageTheme);
  const classes = new Set<string>();
  const root = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    classList: {
      add: (name: string) => classes.add(name),
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
    },
    style: {} as Record<string, string>,
  };
  const stored: string[] = [];
  const context: Record<string, unknown> = {
    location: { pathname: '/book/intro', search },
    document: { documentElement: root },
    // Never written by the script: a frame's theme is not the visitor's choice.
    localStorage: { getItem: () => options.saved ?? null, setItem: (key: string) => stored.push(key) },
    matchMedia: () => ({ matches: options.systemDark ?? false }),
    URLSearchParams,
  };
  context.window = context;
  runInNewContext(script, context);
  attributes.delete('data-page-theme');
  return {
    attributes: Object.fromEntries(attributes),
    classes: [...classes].sort(),
    dark: classes.has('dark'),
    scheme: root.style.colorScheme,
    stored,
  };
}

describe("index.html's theme script marks a frame before its first paint", () => {
  it('embed=1 with its options: the marks index.css reads, the frame theme over the event and the visitor', () => {
    const frame = runThemeScript('?embed=1&theme=light&hide_details=1&transparent=1', {
      pageTheme: 'dark',
      saved: 'dark',
    });
    expect(frame).toEqual({
      attributes: {
        'data-embed': '',
        'data-embed-hide-details': '',
        'data-embed-transparent': '',
        'data-embed-theme': 'light',
      },
      // `light` on <html>: no dark style anywhere, the dark event's container included (index.css).
      classes: ['light'],
      dark: false,
      scheme: 'light',
      stored: [],
    });
  });

  it("theme=auto follows the system's; no theme keeps the page's own", () => {
    expect(runThemeScript('?embed=1&theme=auto', { pageTheme: 'light', systemDark: true })).toMatchObject({
      attributes: { 'data-embed': '', 'data-embed-theme': 'dark' },
      // `frame-dark`: the light event's container opts nothing out (index.css).
      classes: ['dark', 'frame-dark'],
    });
    expect(runThemeScript('?embed=1', { pageTheme: 'dark' })).toMatchObject({
      attributes: { 'data-embed': '' },
      classes: ['dark'],
    });
    expect(runThemeScript('?embed=1&theme=purple', { saved: 'dark' })).toMatchObject({
      attributes: { 'data-embed': '' },
      classes: ['dark'],
    });
  });

  it('marks nothing without embed=1, whatever else the address says', () => {
    for (const search of ['', '?theme=dark&hide_details=1&transparent=1', '?embed=0&theme=dark', '?embed=true']) {
      expect(runThemeScript(search)).toMatchObject({ attributes: {}, classes: [] });
    }
  });
});

describe('a published page is the same file framed or not: its chrome hides by CSS in a frame, before hydration', () => {
  const event: PublicEvent = {
    id: 1001,
    userId: 'host-1',
    title: 'Intro Call',
    slug: 'intro-call',
    description: 'A short call.',
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
    showHostPhoto: false,
    bookingTheme: 'light',
    themeColor: '#0ea5e9',
    secondaryColor: null,
    customCss: '',
    acceptingBookings: true,
    advanceBookingDays: 60,
  };
  const page = renderBookingPage({
    template: builtSource('book'),
    event,
    path: '/book/intro-call',
    now: new Date('2026-03-10T03:00:00.000Z'),
  });

  it('marks the header, the footer, the skip link and "Try Meetwise free" to hide in a frame', () => {
    expect(page).toMatch(/<div class="contents embed:hidden"><header /);
    expect(page).toMatch(/<div class="contents embed:hidden"><footer /);
    expect(page).toMatch(/<a href="#main" class="[^"]*embed:hidden[^"]*">Skip to main content<\/a>/);
    expect(page).toMatch(/<div class="[^"]*embed:hidden[^"]*"><a href="\/"[^>]*>Try Meetwise free<\/a><\/div>/);
    // As high as its content in a frame, never a screen.
    expect(page).toMatch(/<main id="main"[^>]*class="[^"]*min-h-dvh[^"]*embed:min-h-0/);
    // The details hide when the embed asks; a heading for screen readers stands in for them.
    expect(page).toMatch(/<aside aria-label="Event details" class="[^"]*embed-no-details:hidden/);
    expect(page).toMatch(/<h1 class="sr-only hidden embed-no-details:block">Intro Call<\/h1>/);
    // The event's tint through the dark variant (a frame's theme picks the right one), not an inline colour.
    expect(page).toContain('--tint:#0ea5e9');
    expect(page).not.toMatch(/background-color:color-mix/);
  });

  const assets = 'frontend/dist/assets';
  const css = existsSync(assets) ? readdirSync(assets).filter((file) => file.endsWith('.css')) : [];
  it.runIf(css.length > 0)('the built CSS hides them by the marks on <html> (npm run build)', () => {
    const text = css.map((file) => readFileSync(`${assets}/${file}`, 'utf8')).join('\n');
    expect(text).toMatch(/\.embed\\:hidden:is\(\[data-embed\] \*\)\{display:none\}/);
    expect(text).toMatch(/\.embed\\:min-h-0:is\(\[data-embed\] \*\)\{min-height:0/);
    expect(text).toMatch(/\.embed-no-details\\:hidden:is\(\[data-embed-hide-details\] \*\)\{display:none\}/);
    expect(text).toMatch(/\[data-embed\] body\{min-height:0/);
    expect(text).toMatch(/\[data-embed-transparent\] \[data-booking-page\][^{]*\{background:0 0!important/);
    // The dark variant: a frame's `light` on <html> opts everything out, its `frame-dark` lets nothing opt out.
    expect(text).toContain(':where(.dark,.dark *):not(:where(.light,.light *):not(.frame-dark *))');
  });
});
