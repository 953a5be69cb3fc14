import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningApp } from './app-process.ts';
import { startBrowserStack } from './browser.ts';

/**
 * For a test file: starts the stack before its tests and stops it after them. The answer's `app` and `browser`
 * are the running ones once the tests run.
 */
export function browserStackPerFile(): { readonly app: RunningApp; readonly browser: Browser } {
  let stack: Awaited<ReturnType<typeof startBrowserStack>> | undefined;
  beforeAll(async () => {
    stack = await startBrowserStack();
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
  };
}
