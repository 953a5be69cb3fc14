import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import { expectNoSeriousA11yViolations } from '#test/support/a11y';
import { browserStackPerFile } from '#test/support/browser-per-file';

/**
 * The accessibility check the browser files use (test/support/a11y.ts) fails on a serious violation, whether the page
 * has frames (axe in every frame) or not (axe on the document alone).
 */

const stack = browserStackPerFile();
const pages: Page[] = [];

async function pageWith(html: string): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  pages.push(page);
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>${html}</main></body></html>`,
  );
  return page;
}

/** What the check listed when it failed (its assertion's actual value), sorted; undefined when it passed. */
async function seriousFound(page: Page): Promise<string[] | undefined> {
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => undefined,
    (error: unknown) => error as { actual?: string[] },
  );
  return failure && [...(failure.actual ?? [])].sort();
}

afterAll(async () => {
  for (const page of pages) await page.context().close();
});

describe('the accessibility check', () => {
  it('passes a page without violations', async () => {
    await expectNoSeriousA11yViolations(await pageWith('<h1>Fine</h1><button type="button">Save</button>'));
  });

  it('names the serious violations of a page without frames, with their elements', async () => {
    const page = await pageWith(
      '<h1>Broken</h1><img src="/x.png" id="bare"><button type="button" id="empty"></button>',
    );
    expect(page.frames()).toHaveLength(1);
    expect(await seriousFound(page)).toEqual(['button-name: #empty', 'image-alt: #bare']);
  });

  it("finds a violation inside a frame, as on an embed's page", async () => {
    const page = await pageWith(
      '<h1>Host</h1><iframe title="Embedded" srcdoc="<!doctype html><html lang=en><title>In</title><img src=/y.png id=inside>"></iframe>',
    );
    await expect.poll(() => page.frames().length).toBe(2);
    expect(await seriousFound(page)).toEqual(['image-alt: iframe #inside']);
  });
});
