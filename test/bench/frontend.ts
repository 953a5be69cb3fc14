import { gzipSync } from 'node:zlib';

import { launchBrowser } from '#test/support/browser';

/**
 * The JavaScript a phone downloads before a page is usable: every script the page loads until the network is idle
 * (entry, shared chunks, the route's own chunk), gzip-compressed as the server sends it. Mobile viewport.
 */
export async function benchFrontend(baseUrl: string, paths: string[]) {
  const browser = await launchBrowser();
  const results: { path: string; scripts: number; gzipBytes: number }[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body());
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(bodies);
      results.push({
        path,
        scripts: scripts.length,
        gzipBytes: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
