import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Pages rendered on a server and hydrated in the browser (the published booking pages, the landing page): the
 * browser's first render must draw exactly the server's markup, so what depends on the clock or on the browser's
 * zone is drawn for the server's instant (and the server's zone) first, and for the browser's right after.
 */

/** The attribute of #root that carries the server's instant (ISO 8601) into the browser. */
export const RENDERED_AT_ATTRIBUTE = 'data-rendered-at';

/** The instant the server rendered the page's markup at; null for a page the browser renders alone. */
export const ServerRenderTime = createContext<Date | null>(null);

const neverChanges = () => () => {};

/**
 * The server's instant while its markup is drawn: on the server, and in the browser's hydrating render; null from
 * then on (the page is live: the browser's clock and zone) and in a page the browser renders alone. A component
 * that draws for this instant while it is set re-renders live right after hydration (useSyncExternalStore's server
 * snapshot is only used while hydrating).
 */
export function useServerRenderTime(): Date | null {
  const serverTime = useContext(ServerRenderTime);
  const live = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  return live ? null : serverTime;
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
