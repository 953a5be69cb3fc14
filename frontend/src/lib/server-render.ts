import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * Pages rendered on a server and hydrated in the browser (the published booking pages, the landing page): the
 * browser's first render must draw exactly the server's markup, so what depends on the clock or on the browser's
 * zone is drawn for the server's instant (and the server's zone) first, and for the browser's right after.
 */

/** The attribute of #root that carries the server's instant (ISO 8601) into the browser. */
export const RENDERED_AT_ATTRIBUTE = 'data-rendered-at';

/**
 * The instant the server rendered the page's markup at, while it is drawn (ServerRenderTimeProvider); null for a page
 * the browser renders alone, and once a hydrated page is live.
 */
export const ServerRenderTime = createContext<Date | null>(null);

/**
 * Gives the tree the server's instant (`renderedAt`: on the server, and in the browser's hydrating render), then null
 * right after hydration: the page is live (the browser's clock and zone). The switch is a transition, so the live
 * re-render (a booking page's month redrawn in the guest's zone, the landing's demo calendar drawn) runs in slices
 * that yield to the browser, as the hydration did. (A useSyncExternalStore whose server snapshot differs from its
 * client one did the same switch before, but React re-renders for such a store synchronously: the whole live
 * re-render was one long task right after hydration, counted in the pages' TBT.)
 */
export function ServerRenderTimeProvider({ renderedAt, children }: { renderedAt: Date | null; children: ReactNode }) {
  const [serverTime, setServerTime] = useState(renderedAt);
  const drawnForServer = serverTime !== null;
  useEffect(() => {
    if (drawnForServer) startTransition(() => setServerTime(null));
  }, [drawnForServer]);
  return createElement(ServerRenderTime.Provider, { value: serverTime }, children);
}

/**
 * The server's instant while its markup is drawn: on the server, and in the browser's hydrating render; null from
 * then on (the page is live: the browser's clock and zone) and in a page the browser renders alone. A component
 * that draws for this instant while it is set re-renders live right after hydration (ServerRenderTimeProvider).
 */
export function useServerRenderTime(): Date | null {
  return useContext(ServerRenderTime);
}

/** The server's instant written on a prerendered #root, or null when the browser renders the page alone. */
export function renderTimeOf(root: Element): Date | null {
  const value = root.getAttribute(RENDERED_AT_ATTRIBUTE);
  const time = value ? new Date(value) : null;
  return time && !Number.isNaN(time.getTime()) && root.firstElementChild ? time : null;
}

/** The JSON data block a published page carries (`<script type="application/json" id>`), or null. */
export function inlinedData<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
