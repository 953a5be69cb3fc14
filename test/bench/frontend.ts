import { gzipSync } from 'node:zlib';

import { launchBrowser } from '#test/support/browser';

export interface PageScripts {
  path: string;
  scripts: number;
  gzipBytes: number;
  /** Each script the page loaded, in the order the responses came, with its gzip bytes (bundle-analysis.ts). */
  scriptList: { url: string; gzipBytes: number }[];
}

/**
 * The JavaScript a phone downloads before a page is usable: every script the page loads until the network is idle
 * (entry, shared chunks, the route's own chunk), gzip-compressed as the server sends it. Mobile viewport.
 * `before(path)` runs just before a page is loaded (e.g. to remove a published page so that the fallback is served).
 */
export async function benchFrontend(
  baseUrl: string,
  paths: string[],
  before: (path: string) => Promise<void> | void = () => undefined,
): Promise<PageScripts[]> {
  const browser = await launchBrowser();
  const results: PageScripts[] = [];
  try {
    for (const path of paths) {
      await before(path);
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
      const page = await context.newPage();
      const bodies: Promise<{ url: string; body: Buffer }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        // A worker's script (the date-data warm-up) may end with its worker before its body is read: asked again.
        const body = response.body().catch(async () => (await context.request.get(response.url())).body());
        bodies.push(body.then((bytes) => ({ url: response.url(), body: bytes })));
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      const scriptList = (await Promise.all(bodies)).map(({ url, body }) => ({
        url,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      }));
      results.push({
        path,
        scripts: scriptList.length,
        gzipBytes: scriptList.reduce((sum, script) => sum + script.gzipBytes, 0),
        scriptList,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
