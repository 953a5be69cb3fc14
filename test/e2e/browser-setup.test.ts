import { describe, expect, it } from 'vitest';

import { browserStackPerFile } from '#test/support/browser-per-file';

/**
 * The run's one Chromium (test/support/e2e-global-setup.ts) opens nothing of its own beside the tests' pages: in
 * Chromium 156 every window loaded the address bar's popup (a chrome:// page in a renderer of its own) unless its
 * features are turned off (ADDRESS_BAR_POPUP_FEATURES, test/support/browser.ts), which cost most of a new page's CPU.
 */

const stack = browserStackPerFile();

describe("the browser tests' Chromium", () => {
  it('opens no page of its own beside the pages a test opens', async () => {
    const page = await stack.openPage('/');
    const session = await stack.browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    const mine = targetInfos.filter((target) => target.url === page.url());
    expect(mine).toHaveLength(1);
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
    await session.detach();
    await page.context().close();
  });
});
