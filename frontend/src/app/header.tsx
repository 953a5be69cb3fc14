import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';

import { PRODUCT_NAME } from '#shared/constants';
import { chromeFor, isHostAreaPath } from '#frontend/app/layout-rules.ts';
import { LogoMark } from '#frontend/app/logo.tsx';
import { ThemeToggle } from '#frontend/app/theme-toggle.tsx';
import { AppLink } from '#frontend/components/app-link.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { MenuIcon, XIcon } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

const MOBILE_MENU_ID = 'mobile-menu';

const textLink = cn(
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300',
  'aria-[current=page]:text-brand-700 dark:aria-[current=page]:text-brand-300',
  focusRing,
);

const headerClasses =
  'sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80 ' +
  'dark:border-slate-800 dark:bg-slate-950/95 dark:supports-[backdrop-filter]:bg-slate-950/80';

/** What the signed-in part of the header is given: where it sits, and how it closes the phone's menu. */
export interface UserActionsPlacement {
  stacked: boolean;
  onDone: () => void;
}

/**
 * The site header, without the router or the session: the single-page app tells it who
 * is signed in (session-header.tsx), the standalone booking page that nobody is (the public booking pages make no
 * current-user call and load no auth code). Signed in, Help on host-area paths (elsewhere Pricing and Contact Us
 * per the path rules) and `userActions` (the user menu); signed out, Pricing, Contact Us and Login per the path
 * rules; the bar alone while asking. Below `md` the links sit in a disclosure menu (a button with aria-expanded):
 * Escape, a click outside, focus leaving the header or a navigation close it.
 */
export function Header({
  pathname,
  signedIn,
  userActions,
}: {
  pathname: string;
  /** undefined: still asking; false: signed out (also when the question failed: Login stays reachable). */
  signedIn: boolean | undefined;
  userActions?: (placement: UserActionsPlacement) => ReactNode;
}) {
  const chrome = chromeFor(pathname);
  // The user menu does not fit a phone's bar beside the brand: signed in, the links always collapse.
  const collapsible = signedIn !== undefined && (chrome.showMenuToggle || signedIn);

  // The menu remembers the path it was opened on, so it closes itself when the visitor navigates away.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = collapsible && menuOpenOn === pathname;
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpenOn(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      const focused = document.activeElement;
      if (!focused || focused === document.body || headerRef.current?.contains(focused)) toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (menuOpen && next && !event.currentTarget.contains(next)) closeMenu();
  };

  const links = (stacked: boolean) => {
    const onNavigate = stacked ? closeMenu : undefined;
    const linkClass = cn(textLink, stacked && 'py-3');
    return (
      <>
        {signedIn && isHostAreaPath(pathname) ? (
          <a href="/contact-us" target="_blank" rel="noopener" className={linkClass} onClick={onNavigate}>
            Help<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <>
            {chrome.showPricing && (
              <AppLink to="/#pricing" className={linkClass} onClick={onNavigate}>
                Pricing
              </AppLink>
            )}
            {chrome.showContactLink && (
              <AppLink nav to="/contact-us" className={linkClass} onClick={onNavigate}>
                Contact Us
              </AppLink>
            )}
          </>
        )}
        {signedIn ? (
          userActions?.({ stacked, onDone: closeMenu })
        ) : (
          <AppLink
            nav
            to="/login"
            className={buttonVariants(stacked ? { size: 'lg', className: 'mt-2' } : { size: 'sm', className: 'ml-1' })}
            onClick={onNavigate}
          >
            Login
          </AppLink>
        )}
      </>
    );
  };

  return (
    <header ref={headerRef} className={headerClasses} onBlur={onBlur}>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        {chrome.showBrand && <Brand />}
        <div className="ml-auto flex min-w-0 items-center gap-1">
          {signedIn !== undefined && (
            <nav
              aria-label="Main"
              className={cn('min-w-0 items-center gap-1', collapsible ? 'hidden md:flex' : 'flex')}
            >
              {links(false)}
            </nav>
          )}
          {chrome.showThemeToggle && <ThemeToggle />}
          {!collapsible && signedIn === undefined && chrome.showMenuToggle && (
            // While the session is asked (and on the page prerendered before it): the toggle's place, so its
            // arrival moves nothing.
            <span aria-hidden="true" className="size-10 shrink-0 md:hidden" />
          )}
          {collapsible && (
            <button
              ref={toggleRef}
              type="button"
              className={cn(
                'inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800',
                focusRing,
              )}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
            >
              {menuOpen ? <XIcon className="size-6" /> : <MenuIcon className="size-6" />}
            </button>
          )}
        </div>
      </div>
      {collapsible && (
        <nav
          id={MOBILE_MENU_ID}
          aria-label="Main"
          hidden={!menuOpen}
          className="flex max-h-[calc(100dvh-4rem)] flex-col overflow-y-auto border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800"
        >
          {links(true)}
        </nav>
      )}
    </header>
  );
}

function Brand() {
  return (
    <AppLink
      to="/"
      className={cn(
        '-ml-1 flex shrink-0 items-center gap-2 rounded-md px-1 py-1 text-lg font-bold tracking-tight',
        focusRing,
      )}
    >
      <LogoMark className="size-8" />
      <span>{PRODUCT_NAME}</span>
    </AppLink>
  );
}
