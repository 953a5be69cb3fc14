import { describe, expect, it } from 'vitest';

import { EMBED_ATTRIBUTES, EMBED_OPTION_ATTRIBUTES } from '#shared/embed';
import { sourceText } from '#frontend/features/bookings/lib/booking-view.ts';
import {
  DEFAULT_EMBED_LABEL,
  DEFAULT_EMBED_OPTIONS,
  EMBED_LABEL_MAX,
  embedLabel,
  embedPreviewUrl,
  embedSnippet,
  type EmbedOptions,
} from '#frontend/features/events/lib/embed-snippets.ts';

/** The console's Embed dialog (issue 29): the snippets a host copies and the live preview's address. */

const ORIGIN = 'https://meetwise.example';
const SCRIPT = '<script src="https://meetwise.example/embed.js" async></script>';
const input = (options: Partial<EmbedOptions> = {}) => ({
  origin: ORIGIN,
  slug: 'intro-call',
  options: { ...DEFAULT_EMBED_OPTIONS, ...options },
});

describe('embedSnippet', () => {
  it('with the defaults: the element the script turns into the embed, then the script from the site', () => {
    expect(embedSnippet('inline', input())).toBe(`<div data-meetwise-inline="intro-call"></div>\n${SCRIPT}`);
    expect(embedSnippet('popup', input())).toBe(
      `<a href="https://meetwise.example/book/intro-call" data-meetwise-popup="intro-call">Book a meeting</a>\n${SCRIPT}`,
    );
    expect(embedSnippet('floating', input())).toBe(`<div data-meetwise-floating="intro-call"></div>\n${SCRIPT}`);
  });

  it("uses shared/embed.ts's attributes", () => {
    for (const kind of ['inline', 'popup', 'floating'] as const)
      expect(embedSnippet(kind, input())).toContain(`${EMBED_ATTRIBUTES[kind]}="intro-call"`);
    const all = embedSnippet('floating', input({ theme: 'dark', hideDetails: true, transparent: true, label: 'Hi' }));
    for (const name of ['theme', 'hideDetails', 'transparent', 'label'] as const)
      expect(all).toContain(`${EMBED_OPTION_ATTRIBUTES[name]}="`);
  });

  it('carries the options chosen, each as its attribute', () => {
    expect(embedSnippet('inline', input({ theme: 'dark', hideDetails: true, transparent: true }))).toBe(
      '<div data-meetwise-inline="intro-call" data-meetwise-theme="dark" data-meetwise-hide-details="true" ' +
        `data-meetwise-transparent="true"></div>\n${SCRIPT}`,
    );
    expect(embedSnippet('popup', input({ theme: 'auto' }))).toContain('data-meetwise-theme="auto"');
    // The event's own theme: no attribute.
    expect(embedSnippet('inline', input({ theme: null }))).not.toContain('data-meetwise-theme');
  });

  it("puts the label on the floating button (unless it is the script's default) and in the pop-up link", () => {
    expect(embedSnippet('floating', input({ label: 'Talk to us' }))).toBe(
      `<div data-meetwise-floating="intro-call" data-meetwise-label="Talk to us"></div>\n${SCRIPT}`,
    );
    expect(embedSnippet('floating', input({ label: DEFAULT_EMBED_LABEL }))).not.toContain('data-meetwise-label');
    // The pop-up's link says it, and names the dialog with it.
    expect(embedSnippet('popup', input({ label: 'Talk to us' }))).toBe(
      '<a href="https://meetwise.example/book/intro-call" data-meetwise-popup="intro-call" ' +
        `data-meetwise-label="Talk to us">Talk to us</a>\n${SCRIPT}`,
    );
    expect(embedSnippet('inline', input({ label: 'Talk to us' }))).not.toContain('Talk to us');
  });

  it('escapes the label, so a snippet is never other markup', () => {
    const label = `<img src=x onerror="alert(1)"> & 'more'`;
    const floating = embedSnippet('floating', input({ label }));
    expect(floating).toContain(
      'data-meetwise-label="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;more&#39;"',
    );
    const popup = embedSnippet('popup', input({ label }));
    expect(popup).toContain('>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;more&#39;</a>');
    expect(popup.match(/</g)).toHaveLength(4); // <a, </a, <script, </script
    expect(floating.match(/</g)).toHaveLength(4); // <div, </div, <script, </script
  });
});

describe('embedLabel', () => {
  it('is one trimmed line of at most the longest length, else the default', () => {
    expect(embedLabel('  Book\n a   call ')).toBe('Book a call');
    expect(embedLabel('   ')).toBe(DEFAULT_EMBED_LABEL);
    expect(embedLabel('x'.repeat(EMBED_LABEL_MAX + 10))).toHaveLength(EMBED_LABEL_MAX);
  });
});

describe('embedPreviewUrl', () => {
  it('is the framed booking page with the options, as the script opens it', () => {
    expect(embedPreviewUrl(input())).toBe(
      'https://meetwise.example/book/intro-call?embed=1&embed_origin=https%3A%2F%2Fmeetwise.example',
    );
    const url = new URL(embedPreviewUrl(input({ theme: 'light', hideDetails: true, transparent: true })));
    expect(url.pathname).toBe('/book/intro-call');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      embed: '1',
      embed_origin: ORIGIN,
      theme: 'light',
      hide_details: '1',
      transparent: '1',
    });
  });
});

describe("sourceText: a booking's source on the console's bookings screens", () => {
  it('names each utm_* parameter with its value, in the usual order', () => {
    expect(sourceText({ utm_campaign: 'spring', utm_source: 'newsletter' })).toBe(
      'utm_source=newsletter, utm_campaign=spring',
    );
  });

  it('is null without one', () => {
    expect(sourceText(null)).toBeNull();
    expect(sourceText(undefined)).toBeNull();
    expect(sourceText({})).toBeNull();
  });
});
