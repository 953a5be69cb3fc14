import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * axe on the page once it is still: no serious or critical violation (each listed with its elements when found).
 * Running CSS transitions are waited for first, since axe would otherwise judge colours halfway between two states.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const violations = page.frames().length === 1 ? await axeOnDocument(page) : await axeOnEveryFrame(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A page without frames: axe's own `run` on its document, with the rules AxeBuilder runs (only the violations are
 * returned, which are all that is read). AxeBuilder's way, made for frames, injects axe twice into the page and once
 * into a blank page it opens to merge the frames' results: 1.6-2.4 s a page here, against 0.3-0.6 s for the run.
 */
async function axeOnDocument(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map(({ target }) => ({ target })) }));
  });
}

/** A page with frames (an embed, a payment form): AxeBuilder runs axe in each frame, other origins too. */
async function axeOnEveryFrame(page: Page): Promise<Violation[]> {
  return (await new AxeBuilder({ page }).analyze()).violations;
}
