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

const trackers = new WeakMap<Page, () => Promise<void>>();

/**
 * Counts the requests of `page` from now on (call it before the page navigates), for requestsSettled.
 */
export function trackRequests(page: Page): Page {
  const inFlight = new Set<unknown>();
  let started = 0;
  let changed: () => void = () => undefined;
  const ended = (request: unknown) => {
    inFlight.delete(request);
    changed();
  };
  page.on('request', (request) => {
    started += 1;
    inFlight.add(request);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  trackers.set(page, async () => {
    await page.waitForLoadState('load');
    for (;;) {
      while (inFlight.size > 0) await new Promise<void>((resolve) => (changed = resolve));
      const before = started;
      // An answer's handlers (a render, the effects that ask for more) have run: nothing new was asked meanwhile.
      await framesRendered(page);
      await framesRendered(page);
      if (inFlight.size === 0 && started === before) return;
    }
  });
  return page;
}

/**
 * The page has loaded, every request it made has ended, and none started in the frames since (a page reading its
 * answers asks for what they lead to before then): its data is in and rendered. Unlike Playwright's `networkidle`, it
 * waits for the page's own state, not half a second of quiet; the page must be tracked (trackRequests) before it
 * navigates. A response whose body the page never reads stays open to the browser (the billing screen's demo banner
 * once left its 503 unread; an early call the app never took): every call reads its answer, or this waits for it.
 */
export function requestsSettled(page: Page): Promise<void> {
  const settled = trackers.get(page);
  if (!settled) throw new Error('requestsSettled needs trackRequests(page) before the page navigates');
  return settled();
}
