import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

import { startApp, type RunningApp } from '#test/support/app-process';
import { trackRequests } from '#test/support/page-state';

/** Debian's Chromium, which playwright-core drives (no browser download). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

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

/** Debian's Chromium, driven by playwright-core (no browser download): a browser of the caller's own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
}

/**
 * What every browser test needs: the built front end (refused with a clear message when missing), the real app as
 * `npm start` runs it, and a connection to the run's one Chromium (started by test/support/e2e-global-setup.ts, which
 * also refuses a missing Chromium). The app is the run's shared one; with `app`, the one it answers (shared by
 * several files and stopped at the end of the run, test/support/fakes-app.ts); with `env`, one of the file's own.
 * `stop()` closes the connection (and with it every context the file opened) and ends an own app.
 */
export async function startBrowserStack(
  options: { env?: Record<string, string>; app?: () => Promise<RunningApp> } = {},
): Promise<{ app: RunningApp; browser: Browser; stop(): Promise<void> }> {
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
  const [app, browser] = await Promise.all([
    own ? startApp(options) : options.app ? options.app() : shared,
    chromium.connect(inject('e2eBrowserEndpoint')).then(trackingEveryPage),
  ]);
  return {
    app,
    browser,
    async stop() {
      await browser.close();
      if (own) await app.stop();
    },
  };
}

/** Every page of a context the connection opens counts its requests from its start (requestsSettled, page-state.ts). */
function trackingEveryPage(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', trackRequests);
    return context;
  };
  return browser;
}
