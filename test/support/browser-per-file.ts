import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import type { RunningApp } from '#test/support/app-process';
import { startBrowserStack } from '#test/support/browser';

/**
 * For a test file: connects to the run's browser and finds its app before its tests, and closes the connection (every
 * context the file opened) after them. The answer's `app` and `browser` are the running ones once the tests run. The
 * app is the run's shared one, unless `app` answers another (the app against the fakes, test/support/fakes-app.ts), or
 * `env` is given (asked for when the stack starts, so it may name servers started at the file's top): then the file
 * gets its own app so configured.
 */
export interface BrowserStack {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** A page in a fresh context (default 1280 px wide, light colour scheme) at `path` of the app. */
  openPage(path: string, options?: { width?: number; colorScheme?: 'light' | 'dark' }): Promise<Page>;
}

export function browserStackPerFile(
  options: { env?: () => Record<string, string>; app?: () => Promise<RunningApp> } = {},
): BrowserStack {
  let stack: Awaited<ReturnType<typeof startBrowserStack>> | undefined;
  beforeAll(async () => {
    stack = await startBrowserStack(options.env ? { env: options.env() } : options.app ? { app: options.app } : {});
  });
  afterAll(() => stack?.stop());
  const running = () => {
    if (!stack) throw new Error('The browser stack is not running (used outside a test?).');
    return stack;
  };
  return {
    get app() {
      return running().app;
    },
    get browser() {
      return running().browser;
    },
    async openPage(path, options = {}) {
      const context = await running().browser.newContext({
        viewport: { width: options.width ?? 1280, height: 900 },
        colorScheme: options.colorScheme ?? 'light',
      });
      const page = await context.newPage();
      await page.goto(`${running().app.baseUrl}${path}`);
      return page;
    },
  };
}
