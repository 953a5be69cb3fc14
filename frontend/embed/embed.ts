import {
  EMBED_ATTRIBUTES,
  EMBED_DOM_EVENTS,
  EMBED_OPTION_ATTRIBUTES,
  EMBED_PARAMS,
  isEmbedMessage,
  UTM_PARAMS,
  UTM_VALUE_MAX,
} from '#shared/embed';

/**
 * Meetwise's embed script (issue 29), loaded on a host's own site by the stable loader `/embed.js`
 * (frontend/embed/loader.ts) and built by frontend/embed/build.ts into `/embed/embed.{hash}.js`. Plain DOM code, no
 * framework: the loader and this script stay within 5 KB gzip together (test/unit/embed-script.test.ts).
 *
 * - `data-meetwise-inline="{slug}"`: the element's content becomes the booking page in a frame as tall as the page
 *   in it says (`meetwise:height`), so the frame never scrolls inside itself.
 * - `data-meetwise-popup="{slug}"` on any element: a click opens the booking page in a modal dialog on this page
 *   (focus moves in and stays in, Escape, the close button or a click beside it closes it and focus returns to the
 *   opener, the page behind does not scroll). The dialog is kept once made: reopened, it shows where the guest was.
 * - `data-meetwise-floating="{slug}"`: a button in the bottom right corner that opens the same dialog.
 * Options are `data-meetwise-*` attributes on the same element (shared/embed.ts); the page's own `utm_*`
 * parameters go to the frame, which stores them with the booking.
 *
 * Messages are taken only from Meetwise's origin (this script's own) and only from a frame this script made; all
 * but the height and Escape (which closes a pop-up) become DOM events (`CustomEvent`, the message's `detail`) on
 * the embed's element, bubbling.
 *
 * Elements added later are found by a MutationObserver on the document (an element that gets its attribute after it
 * was added is not: call `window.Meetwise.scan()` then, optionally with the part of the page to look in).
 */

interface Embed {
  /** The element with the attribute: DOM events are dispatched on it. */
  element: Element;
  frame: HTMLIFrameElement;
  inline: boolean;
}

declare global {
  interface Window {
    Meetwise?: { version: 1; scan(root?: ParentNode): void };
  }
}

type Kind = keyof typeof EMBED_ATTRIBUTES;

/** An event type's link name, as the booking pages take it (infra/local/static-site.ts bookingPageKey). */
const SLUG = /^[a-z0-9-]{1,60}$/;
/** Above nearly everything a page may have. */
const TOP = '2147483000';
const DEFAULT_LABEL = 'Book a meeting';
/** The brand's orange that white text is readable on (AA). */
const BRAND = '#c2410c';

/**
 * Meetwise's origin: where this script came from (the frames' and the messages' origin). A classic script knows
 * its own element while it first runs; nothing is guessed from other script tags of the page.
 */
function ownOrigin(): string | null {
  const current = document.currentScript;
  try {
    return current instanceof HTMLScriptElement && current.src ? new URL(current.src).origin : null;
  } catch {
    return null;
  }
}

const style = (element: HTMLElement, css: Partial<CSSStyleDeclaration>) => Object.assign(element.style, css);

function start(origin: string): void {
  const embeds: Embed[] = [];
  const seen = new WeakSet<Element>();
  const option = (element: Element, name: keyof typeof EMBED_OPTION_ATTRIBUTES) =>
    element.getAttribute(EMBED_OPTION_ATTRIBUTES[name])?.trim() ?? null;
  /** The colour scheme of the theme asked for (none, or auto: the visitor's). */
  const scheme = (element: Element) => {
    const theme = option(element, 'theme');
    return theme === 'light' || theme === 'dark' ? theme : 'light dark';
  };
  /** A boolean option: present (empty, "true", "1"…) and not "false" or "0". */
  const flag = (element: Element, name: keyof typeof EMBED_OPTION_ATTRIBUTES) => {
    const value = option(element, name);
    return value !== null && value !== 'false' && value !== '0';
  };

  /** The booking page's address in a frame, with the element's options and this page's utm_* parameters. */
  function frameUrl(element: Element, slug: string): string {
    const url = new URL(`/book/${slug}`, origin);
    const params = url.searchParams;
    params.set(EMBED_PARAMS.embed, '1');
    params.set(EMBED_PARAMS.origin, location.origin);
    const theme = option(element, 'theme');
    if (theme === 'light' || theme === 'dark' || theme === 'auto') params.set(EMBED_PARAMS.theme, theme);
    if (flag(element, 'hideDetails')) params.set(EMBED_PARAMS.hideDetails, '1');
    if (flag(element, 'transparent')) params.set(EMBED_PARAMS.transparent, '1');
    for (const name of ['name', 'email', 'guests'] as const) {
      const value = option(element, name);
      if (value) params.set(EMBED_PARAMS[name], value);
    }
    const page = new URLSearchParams(location.search);
    for (const name of UTM_PARAMS) {
      const value = page.get(name)?.trim();
      if (value) params.set(name, value.slice(0, UTM_VALUE_MAX));
    }
    return url.href;
  }

  function makeFrame(element: Element, slug: string, inline: boolean): HTMLIFrameElement {
    const frame = document.createElement('iframe');
    frame.title = option(element, 'label') || DEFAULT_LABEL;
    frame.src = frameUrl(element, slug);
    // A transparent page shows through only when the frame's colour scheme is the page's in it.
    style(frame, { display: 'block', width: '100%', border: '0', colorScheme: scheme(element) });
    embeds.push({ element, frame, inline });
    return frame;
  }

  function inline(element: Element, slug: string): void {
    const frame = makeFrame(element, slug, true);
    frame.setAttribute('scrolling', 'no');
    style(frame, { height: '700px', overflow: 'hidden' });
    element.replaceChildren(frame);
  }

  // The page behind a pop-up does not scroll: the viewport's overflow (the root element's; setting the body's too
  // would make the body a scroll box of its own and move the page by its margin).
  let scrollSaved: string | null = null;
  const lockScroll = (lock: boolean) => {
    const root = document.documentElement.style;
    if (lock && scrollSaved === null) {
      scrollSaved = root.overflow;
      root.overflow = 'hidden';
    } else if (!lock && scrollSaved !== null) {
      root.overflow = scrollSaved;
      scrollSaved = null;
    }
  };

  /** The modal dialog of a pop-up: made on first use, kept (hidden) after it closes. */
  function makeDialog(element: Element, slug: string, opener: HTMLElement): HTMLDialogElement {
    const label = option(element, 'label') || DEFAULT_LABEL;
    const dialog = document.createElement('dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', label);
    style(dialog, {
      position: 'fixed',
      inset: '0',
      width: '100%',
      height: '100%',
      maxWidth: 'none',
      maxHeight: 'none',
      margin: '0',
      padding: '0',
      border: '0',
      background: 'rgba(17,24,39,.6)',
      overflow: 'hidden',
      zIndex: TOP,
    });
    const panel = document.createElement('div');
    style(panel, {
      position: 'absolute',
      inset: '0',
      margin: 'auto',
      width: 'min(1000px, 100% - 2 * min(24px, 3vw))',
      height: 'min(860px, 100% - 2 * min(24px, 3vh))',
      display: 'flex',
      flexDirection: 'column',
      // The system's page colours in the theme's scheme (white, or near black in dark).
      colorScheme: scheme(element),
      background: 'Canvas',
      color: 'CanvasText',
      borderRadius: '12px',
      overflow: 'hidden',
      boxShadow: '0 20px 50px rgba(0,0,0,.35)',
    });
    const bar = document.createElement('div');
    style(bar, { display: 'flex', justifyContent: 'flex-end', flex: 'none', padding: '4px' });
    const close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '×';
    close.autofocus = true;
    style(close, {
      width: '40px',
      height: '40px',
      border: '0',
      borderRadius: '8px',
      background: 'transparent',
      color: 'inherit',
      font: '28px/1 system-ui, sans-serif',
      cursor: 'pointer',
    });
    close.addEventListener('click', () => dialog.close());
    bar.append(close);
    const frame = makeFrame(element, slug, false);
    style(frame, { flex: '1', minHeight: '0' });
    panel.append(bar, frame);
    // Focus guards: Tab past the frame's last field comes back to the close button, Shift+Tab before the close
    // button goes into the frame; focus never reaches the page behind (also inert while the dialog is modal).
    const guard = (onFocus: () => void) => {
      const span = document.createElement('span');
      span.tabIndex = 0;
      style(span, { position: 'fixed', opacity: '0', pointerEvents: 'none' });
      span.addEventListener('focus', onFocus);
      return span;
    };
    dialog.append(
      guard(() => frame.focus()),
      panel,
      guard(() => close.focus()),
    );
    // A click beside the panel closes it, as Escape does.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => {
      lockScroll(false);
      if (opener.isConnected) opener.focus();
    });
    document.body.append(dialog);
    return dialog;
  }

  /** Makes `opener` open the pop-up of `element`'s event (its options; its DOM events). */
  function popup(element: Element, slug: string, opener: HTMLElement): void {
    let dialog: HTMLDialogElement | undefined;
    const prepare = () => (dialog ??= makeDialog(element, slug, opener));
    opener.setAttribute('aria-haspopup', 'dialog');
    // Any element may open it: one that is not a control of its own becomes a button for the keyboard too.
    if (!opener.matches('a[href],button,input,select,textarea,[tabindex]')) {
      opener.tabIndex = 0;
      opener.setAttribute('role', 'button');
      opener.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          opener.click();
        }
      });
    }
    // The frame starts loading as the pointer comes near, before the click.
    opener.addEventListener('pointerenter', prepare, { once: true });
    opener.addEventListener('click', (event) => {
      // A link opened in a new tab or window stays a link.
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      const open = prepare();
      if (open.open) return;
      lockScroll(true);
      open.showModal();
      open.querySelector('button')?.focus();
    });
  }

  function floating(element: Element, slug: string): void {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = option(element, 'label') || DEFAULT_LABEL;
    style(button, {
      position: 'fixed',
      right: '16px',
      bottom: '16px',
      zIndex: TOP,
      maxWidth: 'calc(100vw - 32px)',
      padding: '12px 20px',
      border: '0',
      borderRadius: '999px',
      background: BRAND,
      color: '#fff',
      font: '600 16px/1.25 system-ui, sans-serif',
      boxShadow: '0 6px 20px rgba(0,0,0,.25)',
      cursor: 'pointer',
    });
    document.body.append(button);
    popup(element, slug, button);
  }

  const setUp: Record<Kind, (element: Element, slug: string) => void> = {
    inline,
    popup: (element, slug) => element instanceof HTMLElement && popup(element, slug, element),
    floating,
  };

  function scan(root: ParentNode = document): void {
    // Frames taken out of the page (an inline embed re-rendered) are forgotten.
    for (let i = embeds.length; i--;) if (!embeds[i]!.frame.isConnected) embeds.splice(i, 1);
    for (const kind of Object.keys(EMBED_ATTRIBUTES) as Kind[]) {
      const attribute = EMBED_ATTRIBUTES[kind];
      const found = [...root.querySelectorAll(`[${attribute}]`)];
      if (root instanceof Element && root.hasAttribute(attribute)) found.unshift(root);
      for (const element of found) {
        if (seen.has(element)) continue;
        seen.add(element);
        const slug = element.getAttribute(attribute)!.trim().toLowerCase();
        if (SLUG.test(slug)) setUp[kind](element, slug);
        else console.warn(`Meetwise: "${slug}" is not an event type's link name (${attribute}).`);
      }
    }
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== origin || !isEmbedMessage(event.data)) return;
    const embed = embeds.find((one) => one.frame.contentWindow === event.source);
    if (!embed) return;
    const message = event.data;
    if (message.type === 'meetwise:height') {
      const height = Number(message.detail.height);
      if (embed.inline && height > 0 && height < 100_000) embed.frame.style.height = `${Math.ceil(height)}px`;
    } else if (message.type === 'meetwise:escape') {
      // Escape pressed inside a pop-up's frame (key presses there never reach this page).
      if (!embed.inline) embed.frame.closest('dialog')?.close();
    } else if ((EMBED_DOM_EVENTS as readonly string[]).includes(message.type)) {
      embed.element.dispatchEvent(new CustomEvent(message.type, { detail: message.detail, bubbles: true }));
    }
  });

  window.Meetwise = { version: 1, scan };
  const begin = () => {
    scan();
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element && node.isConnected) scan(node);
    }).observe(document.documentElement, { childList: true, subtree: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin, { once: true });
  else begin();
}

const origin = ownOrigin();
// Once per page, however often the script is included.
if (!window.Meetwise && origin) start(origin);
