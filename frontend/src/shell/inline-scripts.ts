import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * What every page shares (index.html, book.html, team.html, and the landing and published pages rendered into them),
 * one source: the head (head.html, named in a page by `<!-- page-head … -->`) and the inline scripts, each a plain
 * script in this folder (theme.js, early-calls.js, module-loader.js; run before the app's code, so written for any
 * browser) that a page or the head names where it goes with `<!-- inline-script: theme.js -->`. Vite writes them in
 * at build time (and in the dev server) through inlineScriptsPlugin, so every page carries the same bytes, and the
 * Content-Security-Policy allows the scripts by the hashes of those bytes (infra/security-headers.ts, from the built
 * index.html: inlineScriptHashes).
 *
 * Build-time code (Node): nothing in the browser bundles imports it.
 */

/** The scripts by file name, in the order a page names them. */
export const INLINE_SCRIPT_FILES = ['theme.js', 'early-calls.js', 'module-loader.js'] as const;
export type InlineScriptFile = (typeof INLINE_SCRIPT_FILES)[number];

const SLOT = /<!-- inline-script: ([\w.-]+) -->/g;
/** The head's slot, on a line of its own: the head is written in at its indent. */
const HEAD_SLOT = /^([ \t]*)<!-- page-head\b[^>]*-->\n/m;

/** Where the module loader names its warm-up worker; written in as the worker's address (intlWarmupWorker). */
const WORKER_SLOT = '__INTL_WARMUP_URL__';

/**
 * The module loader's warm-up worker (intl-warmup.js: it loads the browser's date data off the page's thread), as
 * the builds write it: under assets/, named by its content's hash, so it is cached for a year like the other assets,
 * and the three builds (and every page) name the same bytes alike.
 */
export function intlWarmupWorker(): { fileName: string; source: string } {
  const source = readFileSync(new URL('./intl-warmup.js', import.meta.url), 'utf8');
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  return { fileName: `assets/intl-warmup-${hash}.js`, source };
}

/** A script as the pages run it: its file, the warm-up worker's address written in (line for line the file's). */
export function inlineScriptSource(file: InlineScriptFile): string {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  return source.replaceAll(WORKER_SLOT, `/${intlWarmupWorker().fileName}`);
}

/**
 * A script's element, `<script>…</script>`, the same wherever a page names it (its text indented as the pages' head
 * is, so the built pages read as their sources do). Read at each call, so the dev server serves an edit at once.
 */
export function inlineScriptElement(file: InlineScriptFile): string {
  const source = inlineScriptSource(file);
  if (/<\/script/i.test(source)) throw new Error(`frontend/src/shell/${file} cannot hold "</script"`);
  return `<script>\n${source.replace(/^(?=.)/gm, '      ')}    </script>`;
}

/** The head's icon link, whose file (frontend/public) is written into the page. */
const ICON_LINK = 'href="/favicon.svg"';

/**
 * The site's icon as a `data:` address (the Content-Security-Policy's img-src allows it): written into every page, so
 * a view asks for one file less, and nothing competes with the page's first paint on a slow network.
 */
export function iconDataUrl(): string {
  const svg = readFileSync(new URL('../../public/favicon.svg', import.meta.url), 'utf8').trim();
  return `data:image/svg+xml,${encodeURIComponent(svg.replaceAll('"', "'"))}`;
}

/**
 * A page's source with its `<!-- page-head … -->` slot (the icon written in) and every `<!-- inline-script: … -->`
 * slot filled (a slot naming no script here fails).
 */
export function withInlineScripts(html: string): string {
  const withHead = html.replace(HEAD_SLOT, (_slot, indent: string) =>
    readFileSync(new URL('./head.html', import.meta.url), 'utf8')
      .replace(ICON_LINK, `href="${iconDataUrl()}"`)
      .replace(/^(?=.)/gm, indent),
  );
  return withHead.replace(SLOT, (_slot, file: string) => {
    if (!(INLINE_SCRIPT_FILES as readonly string[]).includes(file)) {
      throw new Error(`A page names an inline script that frontend/src/shell does not have: ${file}`);
    }
    return inlineScriptElement(file as InlineScriptFile);
  });
}

/** A page of frontend/ as Vite builds it from its source (its head and inline scripts written in): for the tests. */
export const builtSource = (page: 'index' | 'book' | 'team'): string =>
  withInlineScripts(readFileSync(new URL(`../../${page}.html`, import.meta.url), 'utf8'));

/**
 * The Vite plugin of the three builds' pages (frontend/vite.config.ts; vite.team.config.ts takes its plugins): their
 * shell written in, and the warm-up worker the module loader names, written by each build (the same file) and served
 * by the dev server.
 */
export const inlineScriptsPlugin = (): Plugin => ({
  name: 'meetwise-page-shell',
  transformIndexHtml: (html) => withInlineScripts(html),
  generateBundle() {
    const { fileName, source } = intlWarmupWorker();
    this.emitFile({ type: 'asset', fileName, source });
  },
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      if (!request.url?.startsWith('/assets/intl-warmup-')) return next();
      const { fileName, source } = intlWarmupWorker();
      if (request.url.split('?')[0] !== `/${fileName}`) return next();
      response.setHeader('content-type', 'text/javascript; charset=utf-8');
      response.end(source);
    });
  },
});
