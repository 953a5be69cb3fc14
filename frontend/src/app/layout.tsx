import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { Toaster } from '#frontend/components/ui/toaster.tsx';
import { cn } from '#frontend/lib/cn.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { chromeFor } from './layout-rules.ts';

export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const chrome = chromeFor(pathname);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-hidden focus:ring-2 focus:ring-brand-300"
      >
        Skip to main content
      </a>
      {/* A thin bar while the next page's code loads. */}
      <div
        aria-hidden="true"
        className={cn(
          'fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand-600 transition-transform duration-300',
          navigation.state === 'loading' ? 'scale-x-75' : 'scale-x-0',
        )}
      />
      {chrome.showHeader && <Header pathname={pathname} />}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-hidden">
        <Outlet />
      </main>
      {chrome.showFooter && <Footer />}
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
