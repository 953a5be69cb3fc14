import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';

import { Footer } from '#frontend/app/footer.tsx';
import { chromeFor } from '#frontend/app/layout-rules.ts';
import { hasToasts, subscribeToToasts } from '#frontend/components/ui/use-toast.ts';
import { startEmbedFrame } from '#frontend/lib/embed.ts';

/** The toast region (Radix) loads with the first toast: no page needs its code before then. */
const Toaster = lazy(async () => ({ default: (await import('#frontend/components/ui/toaster.tsx')).Toaster }));

function LazyToaster({ pathname }: { pathname: string }) {
  const needed = useSyncExternalStore(subscribeToToasts, hasToasts, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster pathname={pathname} />
    </Suspense>
  ) : null;
}

/**
 * The site's chrome around a page, per the path's rules (layout-rules.ts): the skip link, the header (given: the
 * single-page app's knows the session, the standalone booking page's does not), the main landmark and the footer.
 * The single-page app's layout and the standalone pages (standalone-root.tsx: the booking page, a team's page) draw it.
 */
export function SiteFrame({
  pathname,
  header,
  children,
}: {
  pathname: string;
  header: ReactNode;
  children: ReactNode;
}) {
  const chrome = chromeFor(pathname);
  // In a frame of the embed script (issue 29): the page's height is reported from its first render on.
  useEffect(startEmbedFrame, []);
  // In a frame of the embed script (issue 29: ?embed=1, marked on <html> before the first paint) the page stands
  // alone: no skip link, header or footer (hidden by CSS, so the prerendered markup is the same in both modes), and
  // as high as its content, never a screen (the script sizes the frame to it).
  return (
    <div className="flex min-h-dvh flex-col embed:min-h-0">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-hidden focus:ring-2 focus:ring-brand-300 embed:hidden"
      >
        Skip to main content
      </a>
      {chrome.showHeader && <div className="contents embed:hidden">{header}</div>}
      {/* At least a screen high: the footer starts below the fold, so a page's content arriving never shifts it. */}
      <main id="main" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col focus:outline-hidden embed:min-h-0">
        {children}
      </main>
      {chrome.showFooter && (
        <div className="contents embed:hidden">
          <Footer roomForFloatingLink={chrome.footerMakesRoomForFloatingLink} />
        </div>
      )}
      <LazyToaster pathname={pathname} />
    </div>
  );
}
