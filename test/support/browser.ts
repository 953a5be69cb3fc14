import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

import { startApp, type RunningApp } from '#test/support/app-process';

/** The flags every Chromium we start gets (headless, no sandbox, no network chatter of its own). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Debian's Chromium, driven by playwright-core (no browser download). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS],
  });
}

/**
 * What every browser test needs: Debian's Chromium and the built front end (each refused with a clear message
 * when missing), the real app as `npm start` runs it, and the browser. The app is the run's shared one
 * (test/support/e2e-global-setup.ts), or with `env` one of the file's own. `stop()` ends the browser and an own app.
 */
export async function startBrowserStack(
  options: { env?: Record<string, string> } = {},
): Promise<{ app: RunningApp; browser: Browser; stop(): Promise<void> }> {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error(
      "Browser tests need Debian's Chromium at /usr/bin/chromium: apt-get install -y chromium (bash .ci/run does it).",
    );
  }
  if (!existsSync('frontend/dist/index.html'))
    throw new Error('Build the front end first: npm run build (npm test does it).');
  const own = options.env !== undefined;
  const shared: RunningApp = {
    baseUrl: inject('e2eAppBaseUrl'),
    mailViewer: inject('e2eMailViewer'),
    dataDir: inject('e2eDataDir'),
    output: () => "(the shared app: its output is the global setup's)",
    stop: async () => {},
  };
  const [app, browser] = await Promise.all([own ? startApp(options) : shared, launchBrowser()]);
  return {
    app,
    browser,
    async stop() {
      await browser.close();
      if (own) await app.stop();
    },
  };
}
