import { useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

import { useServerRenderTime } from '#frontend/lib/server-render.ts';

/**
 * The inner HTML React is told a kept element has: none of its own. One object for every render, so a re-render
 * after hydration finds the property unchanged and leaves the element's children alone.
 */
const KEPT: { __html: string } = Object.freeze({ __html: '' });

/** A click that the browser would follow as a plain navigation in this tab (not a new tab, window or download). */
function followedInPlace(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * The app path a click on a link inside kept markup goes to, or null when the browser should follow it itself: another
 * site, a new tab, a download, or one of the server's own addresses (`/api/…`, e.g. the Google sign-in).
 */
export function appPathOf(link: HTMLAnchorElement, origin: string): string | null {
  if (link.origin !== origin || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  if (link.pathname === '/api' || link.pathname.startsWith('/api/')) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

/**
 * Markup that never changes once drawn (the landing page's sections of copy): in a page prerendered on a server, the
 * browser keeps the server's elements as they are instead of hydrating them, so the hydrating render neither walks
 * nor checks them (on the landing page, most of its elements). Their links still navigate within the app, through
 * one click listener on the wrapper. A page the browser renders alone (a visit to `/` from another page of the app)
 * draws the children as usual.
 *
 * Only for markup without state, effects or event handlers of its own: those would never run in a kept copy.
 */
export function ServerMarkup({ children, className }: { children: ReactNode; className?: string }) {
  const hydrating = useServerRenderTime() !== null && typeof document !== 'undefined';
  // Decided once: a kept element stays kept when the page goes live after hydration.
  const [kept] = useState(hydrating);
  const navigate = useNavigate();

  if (!kept) return <div className={className}>{children}</div>;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!followedInPlace(event) || !(event.target instanceof Element)) return;
    const link = event.target.closest('a');
    const path = link && appPathOf(link, window.location.origin);
    if (!path) return;
    event.preventDefault();
    navigate(path);
  };
  // The server drew the children; the browser's hydrating render claims the element and keeps what is inside it. The
  // links inside are the interactive elements (Enter on a link is a click): this only routes their clicks.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={KEPT} suppressHydrationWarning />;
}
