import { RENDERED_AT_ATTRIBUTE } from '#frontend/lib/server-render.ts';

/**
 * Filling a built HTML page (frontend/dist/index.html, book.html, team.html) with what a server rendered: the pieces are found
 * by exact slots, each of which must be there exactly once (a template that changed shape fails loudly rather than
 * publishing a broken page), and every piece of text is escaped here. Replacements go through functions, so no `$&`
 * or `$'` in a text can splice the template into the page.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text for an HTML text node or a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/**
 * JSON for a `<script type="application/json">` data block: `<`, `>`, `&`, U+2028 and U+2029 written as \u escapes
 * (inside JSON they can only be in strings, where the escape means the same), so no text can end the element
 * (`</script`), open a comment (`<!--`) or a tag. JSON.parse of the block's text gives `value` back.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** The id of the data block a published booking page carries its event in (read by booking-main.tsx and book.html). */
export const EVENT_DATA_ID = 'meetwise-event';

/** The id of the data block a published team page carries its team in (read by team-main.tsx). */
export const TEAM_DATA_ID = 'meetwise-team';

export interface PageContent {
  /** The markup rendered into `<div id="root">`. */
  root: string;
  /** The instant it was rendered at (#root's data-rendered-at: the browser hydrates for it first). */
  renderedAt: Date;
  /** The document title, as text. */
  title: string;
  /** The meta description, as text (the template's stays when absent). */
  description?: string;
  /** Data blocks for `<head>`, put right after `<title>`: before every inline script of the template. */
  dataBlocks?: { id: string; value: unknown }[];
  /** The page's own theme (`<html data-page-theme>`), applied by the template's theme script before first paint. */
  pageTheme?: 'light' | 'dark';
}

/** Replaces the one match of `pattern` in `html` (a template without it, or with two, is refused). */
function replaceOnce(html: string, pattern: RegExp, replace: (match: string) => string, slot: string): string {
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  const count = html.match(global)?.length ?? 0;
  if (count !== 1) throw new Error(`The page template has ${count} ${slot} slots, not 1`);
  return html.replace(pattern, (match) => replace(match));
}

/** The meta tag the pages' module loader reads (every page's last inline script: frontend/src/shell/module-loader.js). */
export const MODULE_LIST_META = 'meetwise-modules';

/**
 * A built page's `<script type="module">` and `<link rel="modulepreload">` tags (Vite's), which a browser fetches while
 * it still parses the HTML, made into `<meta name="meetwise-modules">`: the entry, then the chunks it imports. The
 * page's loader starts them once the browser reports the first paint, so a prerendered page paints from its HTML and
 * CSS alone and then hydrates. A template without a built module tag (the sources, in tests) is left as it is.
 */
export function deferModules(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const urls = [entry[1]!, ...preloads.map((match) => match[1]!)];
  let out = html.replace(
    entry[0],
    () => `<meta name="${MODULE_LIST_META}" content="${escapeHtml(urls.join(' '))}">\n    `,
  );
  for (const preload of preloads) out = out.replace(preload[0], '');
  return out;
}

/**
 * The template with the content in its slots: `<html>`, `<title>`, `<meta name="description">`, `<div id="root">`;
 * its code loaded after the first paint (deferModules).
 */
export function fillTemplate(template: string, content: PageContent): string {
  let html = deferModules(template);
  if (content.pageTheme) {
    const theme = content.pageTheme;
    html = replaceOnce(html, /<html\b/i, (open) => `${open} data-page-theme="${escapeHtml(theme)}"`, '<html>');
  }
  const blocks = (content.dataBlocks ?? [])
    .map(({ id, value }) => `<script type="application/json" id="${escapeHtml(id)}">${jsonForScript(value)}</script>`)
    .join('');
  html = replaceOnce(
    html,
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(content.title)}</title>${blocks}`,
    'title',
  );
  if (content.description !== undefined) {
    const description = content.description;
    html = replaceOnce(
      html,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
      'meta description',
    );
  }
  const renderedAt = content.renderedAt.toISOString();
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    () => `<div id="root" ${RENDERED_AT_ATTRIBUTE}="${renderedAt}">${content.root}</div>`,
    'root',
  );
}
