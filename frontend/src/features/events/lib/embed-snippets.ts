import { EMBED_ATTRIBUTES, EMBED_OPTION_ATTRIBUTES, EMBED_PARAMS, type EmbedTheme } from '#shared/embed';

/**
 * The console's Embed dialog (issue 29) as pure rules: the three snippets a host copies onto their own site for one
 * event type, with the options they chose, and the address of the framed booking page its live preview shows. The
 * snippets use shared/embed.ts's data attributes, read by `/embed.js` on the host's page.
 */

export type EmbedKind = 'inline' | 'popup' | 'floating';

export const EMBED_KINDS: ReadonlyArray<{ key: EmbedKind; label: string; description: string }> = [
  { key: 'inline', label: 'Inline', description: 'The booking page inside your page, as tall as its content.' },
  { key: 'popup', label: 'Pop-up', description: 'A link on your page that opens the booking page in a pop-up.' },
  {
    key: 'floating',
    label: 'Floating button',
    description: 'A button in the corner of every page it is on, opening the booking page in a pop-up.',
  },
];

export interface EmbedOptions {
  /** null: the event's own theme. */
  theme: EmbedTheme | null;
  hideDetails: boolean;
  transparent: boolean;
  /** The pop-up link's text, the floating button's label, and the pop-up's name. */
  label: string;
}

/** The label the embed script gives a floating button without one (frontend/embed). */
export const DEFAULT_EMBED_LABEL = 'Book a meeting';
export const EMBED_LABEL_MAX = 60;

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = {
  theme: null,
  hideDetails: false,
  transparent: false,
  label: DEFAULT_EMBED_LABEL,
};

export const EMBED_THEMES: ReadonlyArray<{ value: EmbedTheme | null; label: string }> = [
  { value: null, label: "Event's theme" },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: "Visitor's system" },
];

/** Text safe inside a double-quoted HTML attribute or an element's content. */
const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** The label as the snippet carries it: one line, trimmed, at most EMBED_LABEL_MAX characters, else the default. */
export const embedLabel = (label: string): string =>
  label.replace(/\s+/g, ' ').trim().slice(0, EMBED_LABEL_MAX).trim() || DEFAULT_EMBED_LABEL;

/** The option attributes an element of `kind` carries (only those that differ from the script's defaults). */
function optionAttributes(kind: EmbedKind, options: EmbedOptions): string[] {
  const attributes: string[] = [];
  if (options.theme) attributes.push(`${EMBED_OPTION_ATTRIBUTES.theme}="${options.theme}"`);
  if (options.hideDetails) attributes.push(`${EMBED_OPTION_ATTRIBUTES.hideDetails}="true"`);
  if (options.transparent) attributes.push(`${EMBED_OPTION_ATTRIBUTES.transparent}="true"`);
  // The floating button's text; for both, the pop-up's and its frame's accessible name.
  const label = embedLabel(options.label);
  if (kind !== 'inline' && label !== DEFAULT_EMBED_LABEL)
    attributes.push(`${EMBED_OPTION_ATTRIBUTES.label}="${escapeHtml(label)}"`);
  return attributes;
}

/**
 * The snippet of `kind` for the event type `slug` on the site at `origin` (the console's own): the element the embed
 * script turns into the embed, then the script. The pop-up is a link to the booking page, so it still works where
 * the script cannot run.
 */
export function embedSnippet(kind: EmbedKind, input: { origin: string; slug: string; options: EmbedOptions }): string {
  const { origin, options } = input;
  const attributes = [`${EMBED_ATTRIBUTES[kind]}="${escapeHtml(input.slug)}"`, ...optionAttributes(kind, options)];
  const page = escapeHtml(`${origin}/book/${encodeURIComponent(input.slug)}`);
  const element =
    kind === 'popup'
      ? `<a href="${page}" ${attributes.join(' ')}>${escapeHtml(embedLabel(options.label))}</a>`
      : `<div ${attributes.join(' ')}></div>`;
  return `${element}\n<script src="${escapeHtml(origin)}/embed.js" async></script>`;
}

/**
 * The framed booking page with these options, as the embed script opens it (`/book/{slug}?embed=1&…`): the live
 * preview's address. Same origin as the console, so `embed_origin` is the console's own.
 */
export function embedPreviewUrl(input: { origin: string; slug: string; options: EmbedOptions }): string {
  const { origin, slug, options } = input;
  const params = new URLSearchParams({ [EMBED_PARAMS.embed]: '1', [EMBED_PARAMS.origin]: origin });
  if (options.theme) params.set(EMBED_PARAMS.theme, options.theme);
  if (options.hideDetails) params.set(EMBED_PARAMS.hideDetails, '1');
  if (options.transparent) params.set(EMBED_PARAMS.transparent, '1');
  return `${origin}/book/${encodeURIComponent(slug)}?${params.toString()}`;
}
