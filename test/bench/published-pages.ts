import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The booking pages the publisher (stream job publishBookingPages) writes on one machine: `{DATA_DIR}/site/book/{slug}`
 * and `{DATA_DIR}/site/events/{slug}`, files without extension, which the local server serves before the
 * client-rendered fallback (book.html). The bench reads and removes them to measure both kinds of page.
 */

export const publishedFiles = (dataDir: string, slug: string) => [
  join(dataDir, 'site', 'book', slug),
  join(dataDir, 'site', 'events', slug),
];

export const isPublished = (dataDir: string, slug: string) => existsSync(publishedFiles(dataDir, slug)[0]!);

/** Takes a slug's published pages away: `/book/{slug}` is then the client-rendered fallback. */
export function unpublish(dataDir: string, slug: string): void {
  for (const file of publishedFiles(dataDir, slug)) rmSync(file, { force: true });
}

/** Waits up to `ms` for the slug's page to be published (at start the runner renders every page): whether it is. */
export async function waitForPublished(dataDir: string, slug: string, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!isPublished(dataDir, slug) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return isPublished(dataDir, slug);
}

/** Text as React (and any HTML serializer) writes it into a page. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/**
 * What `GET {path}` serves now: whether the slug has a published file, and whether the HTML itself names the event
 * (a prerendered page does; the client-rendered fallback only after its script ran). For the rows' labels.
 */
export async function servedPage(baseUrl: string, path: string, dataDir: string, slug: string, title: string) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const file = isPublished(dataDir, slug);
  const titled = html.includes(escapeHtml(title));
  const label = file && titled ? 'prerendered' : file ? 'published file, title not in its HTML' : 'fallback';
  return { file, titled, label };
}
