import { EMBED_MESSAGE_SOURCE, EMBED_PARAMS, type EmbedMessage } from '#shared/embed';
import type { EmbedNotice } from '#frontend/lib/embed.ts';

/**
 * The frame's side of the embed (issue 29), loaded only in a frame (lib/embed.ts): the messages to the embedding page,
 * posted to its origin alone (`embed_origin`, never `*`), and the page's height whenever it changes, so an inline frame
 * never scrolls inside itself.
 */

/**
 * The embedding page's origin from `embed_origin`: an http(s) origin and nothing more (no path, query, fragment or
 * credentials), as `scheme://host[:port]`; null for anything else (messages then go nowhere).
 */
export function embedOriginOf(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // Anything beyond the origin (a path, a query, a fragment, user info) shows in the whole address.
  return url.href === `${url.origin}/` ? url.origin : null;
}

/** Where a frame's messages go: the embedding window and its origin (both needed, else nothing is posted). */
export interface EmbedTarget {
  window: Pick<Window, 'postMessage'> | null;
  origin: string | null;
}

/**
 * The target of a page opened at `search`, as `self`: its parent window when it is framed (not the page itself), and
 * the checked `embed_origin` of a frame (`embed=1`).
 */
export function embedTargetOf(self: Pick<Window, 'parent'>, search: string): EmbedTarget {
  const params = new URLSearchParams(search);
  const framed = params.get(EMBED_PARAMS.embed) === '1' && self.parent !== null && self.parent !== self;
  return framed
    ? { window: self.parent, origin: embedOriginOf(params.get(EMBED_PARAMS.origin)) }
    : { window: null, origin: null };
}

/** Posts one message to the target's window for its origin only; false (nothing posted) without both. */
export function postEmbedMessage(target: EmbedTarget, notice: EmbedNotice): boolean {
  if (!target.window || !target.origin) return false;
  const message = { source: EMBED_MESSAGE_SOURCE, ...notice } as EmbedMessage;
  target.window.postMessage(message, target.origin);
  return true;
}

/** The page's height to report: its content's (the root's box), in whole pixels rounded up. */
export const contentHeight = (root: Element): number => Math.ceil(root.getBoundingClientRect().height);

/**
 * A frame's theme changes (`theme=auto` follows the system's): applied as index.html's inline script applies it
 * (lib/theme.ts then keeps it over the page's own), never saved as the visitor's.
 */
function applyFrameTheme(theme: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.setAttribute('data-embed-theme', theme);
  root.classList.toggle('light', theme === 'light');
  root.classList.toggle('frame-dark', theme === 'dark');
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** The frame as it was opened (its own links keep its parameters, but an in-app navigation may drop them). */
let frame: { opened: string; target: EmbedTarget } | null = null;
const frameOf = () =>
  (frame ??= { opened: window.location.search, target: embedTargetOf(window, window.location.search) });
let readySent = false;
let started = false;

/** Tells the embedding page (`meetwise:ready` once per page). */
export function notify(notice: EmbedNotice): void {
  if (notice.type === 'meetwise:ready') {
    if (readySent) return;
    readySent = true;
  }
  postEmbedMessage(frameOf().target, notice);
}

/**
 * Reports the page's height now and whenever it changes; passes on an Escape nothing in the page used (a pop-up's
 * frame closes by it: key presses never reach the embedding page); with `theme=auto`, follows the system's theme.
 */
export function start(): void {
  if (started) return;
  started = true;
  const { opened, target } = frameOf();
  const root = document.getElementById('root') ?? document.body;
  let last = -1;
  const report = () => {
    const height = contentHeight(root);
    if (height === last) return;
    last = height;
    postEmbedMessage(target, { type: 'meetwise:height', detail: { height } });
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(report).observe(root);
  else window.addEventListener('resize', report);
  report();
  // Last, after the page's own handlers (a dialog or a list that closes by Escape marks the key press as used).
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented)
      postEmbedMessage(target, { type: 'meetwise:escape', detail: {} });
  });
  if (new URLSearchParams(opened).get(EMBED_PARAMS.theme) === 'auto' && typeof window.matchMedia === 'function') {
    window
      .matchMedia('(prefers-color-scheme: dark)')
      .addEventListener('change', (change) => applyFrameTheme(change.matches ? 'dark' : 'light'));
  }
}
