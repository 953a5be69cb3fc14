import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { RouteErrorBoundary } from '#frontend/app/route-error.tsx';
import { SessionHeader } from '#frontend/app/session-header.tsx';
import { SiteFrame } from '#frontend/app/site-frame.tsx';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';

/**
 * A new page starts at the top; a link to an anchor (/#pricing) scrolls to it once the page has rendered it, also
 * when the same link is followed again (`key` changes with every navigation). The first page is left where the
 * browser put it (a prerendered page may have been scrolled before it hydrated).
 */
function useScrollOnNavigation(pathname: string, hash: string, key: string) {
  const firstPage = useRef(true);
  useEffect(() => {
    const first = firstPage.current;
    firstPage.current = false;
    if (!hash) {
      if (!first) window.scrollTo(0, 0);
      return;
    }
    let frames = 0;
    let handle = 0;
    const scrollToAnchor = () => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) target.scrollIntoView();
      else if (++frames < 120) handle = requestAnimationFrame(scrollToAnchor); // the lazy page may still load
    };
    scrollToAnchor();
    return () => cancelAnimationFrame(handle);
  }, [pathname, hash, key]);
}

/**
 * Whether the page at `pathname` may show inside another site's frame: only the embed's pages, a booking page and a
 * guest's manage page (the same rule as the framing headers, infra/security-headers.ts). The headers refuse every
 * other page when it is loaded in a frame; this keeps a framed page from becoming another one by a link inside it.
 */
export const framablePath = (pathname: string): boolean => /^\/(?:book|booking)\/[^/]+\/?$/.test(pathname);

const framed = (): boolean => typeof window !== 'undefined' && window.self !== window.top;

/** The single-page app's layout route: the site chrome with the session, and the page of the path. */
export function Layout() {
  const { pathname, hash, key } = useLocation();
  useScrollOnNavigation(pathname, hash, key);

  return (
    <SiteFrame pathname={pathname} header={<SessionHeader pathname={pathname} />}>
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoading />}>
          {framed() && !framablePath(pathname) ? (
            <section className="mx-auto max-w-xl px-4 py-20 text-center">
              <h1 className="text-2xl font-bold tracking-tight">This page cannot be shown inside another site.</h1>
              <a
                className={buttonVariants({ className: 'mt-8' })}
                href={pathname}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open it in a new tab
              </a>
            </section>
          ) : (
            <Outlet />
          )}
        </Suspense>
      </RouteErrorBoundary>
    </SiteFrame>
  );
}
