import type { Page } from 'playwright-core';

/**
 * States a browser test waits for instead of a fixed sleep (test/e2e): what it reads is then settled, whatever the
 * machine's load.
 */

/**
 * Two animation frames of the page have run: an input's handlers (React updates discrete events before the next
 * frame) have rendered what they change, so a check that nothing changed reads the page after its reaction.
 */
export function framesRendered(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * The element under the pointer that matches `selector` has its hover styles: it is hovered, and no CSS transition
 * of it is still running (reading its computed style first starts any transition the hover causes).
 */
export async function hoverSettled(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((hovered) => {
    const element = document.querySelector<HTMLElement>(`${hovered}:hover`);
    if (!element) return false;
    void getComputedStyle(element).backgroundColor;
    return element.getAnimations().length === 0;
  }, selector);
}
