import type { Plugin } from 'vite';

/** The meta tag the pages' loader script reads (index.html and book.html, last script of the body). */
export const MODULE_LIST_META = 'meetwise-modules';

/**
 * Built pages start their JavaScript from an inline loader instead of Vite's `<script type="module">` and
 * `<link rel="modulepreload">` tags, which a browser fetches while it still parses the HTML. The build puts the same
 * list (the entry first, then the chunks it imports) into `<meta name="meetwise-modules">`; the loader fetches them at
 * once on a page rendered in the browser, and after the first paint on a page whose words are already in its HTML
 * (a published booking page, the landing page): that page paints at the speed of HTML and CSS, then hydrates.
 * Build only: the dev server keeps Vite's own tags (the loader finds no list and does nothing).
 */
export function moduleListPlugin(): Plugin {
  return {
    name: 'meetwise-module-list',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error(`${context.path}: no module script to replace`);
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        const urls = [entry[1]!, ...preloads.map((match) => match[1]!)];
        if (urls.some((url) => /[\s"<>]/.test(url))) throw new Error(`${context.path}: unexpected module URL`);
        let out = html.replace(entry[0], `<meta name="${MODULE_LIST_META}" content="${urls.join(' ')}">\n    `);
        for (const preload of preloads) out = out.replace(preload[0], '');
        return out;
      },
    },
  };
}
