import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';

import { PRODUCT_NAME } from '#shared/constants';
import { chromeFor, isHostAreaPath } from '#frontend/app/layout-rules.ts';
import { LogoMark } from '#frontend/app/logo.tsx';
import { ThemeToggle } from '#frontend/app/theme-toggle.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { MenuIcon, XIcon } from '#frontend/components/ui/icons.tsx';
import { loadAuthScreens } from '#frontend/features/auth/load.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

const MOBILE_MENU_ID = 'mobile-menu';

const textLink = cn(
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300',
  'aria-[current=page]:text-brand-700 dark:aria-[current=page]:text-brand-300',
  focusRing,
);

/** The signed-in part lives in the auth chunk: the booking page never loads it. */
const HostHeaderActions = lazy(async () => ({ default: (await loadAuthScreens()).HostHeaderActions }));

/**
 * The site header (host-area.md §2 "Header"). On host-area paths a signed-in host sees Help and the user menu
 * (HostHeaderActions, which asks for the current user); elsewhere, and when signed out, Pricing, Contact Us and
 * Login per the path rules.
 */
export function Header({ pathname }: { pathname: string }) {
  const signedOut = <SignedOutHeader pathname={pathname} />;
  if (!isHostAreaPath(pathname)) return signedOut;
  return (
    <Suspense fallback={<HeaderBar />}>
      <HostHeaderActions Bar={HeaderBar} signedOut={signedOut} />
    </Suspense>
  );
}

/** The bar with the brand; `children` sit on the right, before the theme toggle. */
function HeaderBar({ children }: { children?: ReactNode }) {
  return (
    <header className={headerClasses}>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Brand />
        <div className="ml-auto flex items-center gap-1">
          {children}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}

function Brand() {
  return (
    <Link
      to="/"
      className={cn('-ml-1 flex items-center gap-2 rounded-md px-1 py-1 text-lg font-bold tracking-tight', focusRing)}
    >
      <LogoMark className="size-8" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}

const headerClasses =
  'sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80 ' +
  'dark:border-slate-800 dark:bg-slate-950/95 dark:supports-[backdrop-filter]:bg-slate-950/80';

/** Pricing, Contact Us and Login, per the path rules. */
function SignedOutHeader({ pathname }: { pathname: string }) {
  const chrome = chromeFor(pathname);
  // The menu remembers the path it was opened on, so it closes itself when the visitor navigates away.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = chrome.showMenuToggle && menuOpenOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpenOn(null);

  const links = (onNavigate?: () => void, stacked = false) => (
    <>
      {chrome.showPricing && (
        <Link to={{ pathname: '/', hash: '#pricing' }} className={cn(textLink, stacked && 'py-3')} onClick={onNavigate}>
          Pricing
        </Link>
      )}
      {chrome.showContactLink && (
        <NavLink to="/contact-us" className={cn(textLink, stacked && 'py-3')} onClick={onNavigate}>
          Contact Us
        </NavLink>
      )}
      <NavLink
        to="/login"
        className={buttonVariants(stacked ? { size: 'lg', className: 'mt-2' } : { size: 'sm', className: 'ml-1' })}
        onClick={onNavigate}
      >
        Login
      </NavLink>
    </>
  );

  return (
    <header className={headerClasses}>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        {chrome.showBrand && <Brand />}
        <nav
          aria-label="Main"
          className={cn('ml-auto items-center gap-1', chrome.showMenuToggle ? 'hidden md:flex' : 'flex')}
        >
          {links()}
        </nav>
        <div className={cn('flex items-center', !chrome.showMenuToggle && 'ml-1')}>
          <ThemeToggle />
        </div>
        {chrome.showMenuToggle && (
          <button
            ref={toggleRef}
            type="button"
            className={cn(
              'inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800',
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
      {chrome.showMenuToggle && (
        <nav
          id={MOBILE_MENU_ID}
          aria-label="Main"
          hidden={!menuOpen}
          className="flex flex-col border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              closeMenu();
              toggleRef.current?.focus();
            }
          }}
        >
          {links(closeMenu, true)}
        </nav>
      )}
    </header>
  );
}
