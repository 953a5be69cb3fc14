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

/**
 * The features playwright-core turns off in every Chromium it launches (its `chromiumSwitches`). Chromium reads only
 * the last `--disable-features` it is given, so ours (PLAYWRIGHT_CHROMIUM_ARGS) names them again;
 * test/unit/browser-flags.test.ts fails when playwright-core's list gains one that is missing here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Chromium (156) opens a window for every page Playwright makes, and with each window loads the address bar's popup,
 * a web page of its own (chrome://omnibox-popup.top-chrome, and its AI Mode variant) in a renderer of its own:
 * 0.8 s of CPU per page on this machine, none of which a test looks at. Without it a new page costs 0.2 s, and four
 * browser files took 156 s of CPU instead of 199 s (Chromium's share 72 s instead of 115 s).
 */
export const ADDRESS_BAR_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/** What every Chromium that playwright-core drives is launched with, after playwright-core's own switches. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUP_FEATURES].join(',')}`,
];

/** Debian's Chromium, driven by playwright-core (no browser download): a browser of the caller's own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
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
