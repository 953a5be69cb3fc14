import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  ADDRESS_BAR_POPUP_FEATURES,
  PLAYWRIGHT_CHROMIUM_ARGS,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '#test/support/browser';

/**
 * The browser tests' Chromium gets one `--disable-features` (Chromium reads only the last one given): it must keep
 * every feature playwright-core turns off itself, read here from the installed playwright-core, as well as ours.
 */

/** playwright-core's own list, from the file that holds it in the installed version. */
function playwrightDisabledFeatures(): string[] {
  const root = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const candidates = ['lib/coreBundle.js', 'lib/server/chromium/chromiumSwitches.js'].map((file) =>
    path.join(root, file),
  );
  for (const file of candidates.filter((candidate) => existsSync(candidate))) {
    const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(readFileSync(file, 'utf8'));
    if (list) return [...list[1]!.replace(/\/\/.*$/gm, '').matchAll(/["']([\w-]+)["']/g)].map((match) => match[1]!);
  }
  throw new Error(`playwright-core's disabled features not found in ${candidates.join(' or ')}`);
}

describe("the browser tests' Chromium switches", () => {
  it('names every feature playwright-core turns off, as its one --disable-features', () => {
    const theirs = playwrightDisabledFeatures();
    expect(theirs.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
    const switches = PLAYWRIGHT_CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    expect(switches[0]!.slice('--disable-features='.length).split(',')).toEqual([
      ...PLAYWRIGHT_DISABLED_FEATURES,
      ...ADDRESS_BAR_POPUP_FEATURES,
    ]);
  });
});
