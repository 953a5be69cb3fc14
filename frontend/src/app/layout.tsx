import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { Footer } from '#frontend/app/footer.tsx';
import { Header } from '#frontend/app/header.tsx';
import { chromeFor } from '#frontend/app/layout-rules.ts';
import { RouteErrorBoundary } from '#frontend/app/route-error.tsx';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { hasToasts, subscribeToToasts } from '#frontend/components/ui/use-toast.ts';

/** The toast region (Radix) loads with the first toast: no page needs its code before then. */
const Toaster = lazy(async () => ({ default: (await import('#frontend/components/ui/toaster.tsx')).Toaster }));

function LazyToaster() {
  const needed = useSyncExternalStore(subscribeToToasts, hasToasts, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * A new page starts at the top; a link to an anchor (/#pricing) scrolls to it once the page has rendered it, also
 * when the same link is followed again (`key` changes with every navigation).
 */
function useScrollOnNavigation(pathname: string, hash: string, key: string) {
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
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

export function Layout() {
  const { pathname, hash, key } = useLocation();
  const chrome = chromeFor(pathname);
  useScrollOnNavigation(pathname, hash, key);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-hidden focus:ring-2 focus:ring-brand-300"
      >
        Skip to main content
      </a>
      {chrome.showHeader && <Header pathname={pathname} />}
      {/* At least a screen high: the footer starts below the fold, so a page's content arriving never shifts it. */}
      <main id="main" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col focus:outline-hidden">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {chrome.showFooter && <Footer roomForFloatingLink={chrome.footerMakesRoomForFloatingLink} />}
      <LazyToaster />
    </div>
  );
}
