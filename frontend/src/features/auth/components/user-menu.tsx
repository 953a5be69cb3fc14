import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import type { CurrentUser } from '#shared/api/schemas/auth';
import { ChevronDownIcon } from '#frontend/components/ui/icons.tsx';
import { useMenuButton } from '#frontend/components/ui/use-menu-button.ts';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useLogout } from '#frontend/features/auth/api/logout.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { currentUserKey, useCurrentUser } from '#frontend/lib/use-current-user.ts';

const helpLink = cn(
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300',
  focusRing,
);

/**
 * The header on a host-area path (host-area.md §2 "Header"): a signed-in host gets Help (the contact page in a new
 * tab) and the user menu inside `Bar`; a signed-out visitor gets `signedOut`; the bar alone while asking. The
 * current user is asked for only here, so public pages make no such request.
 */
export function HostHeaderActions({
  Bar,
  signedOut,
}: {
  Bar: ComponentType<{ children?: ReactNode }>;
  signedOut: ReactNode;
}) {
  const currentUser = useCurrentUser();
  if (currentUser.isPending) return <Bar />;
  if (!currentUser.data) return signedOut;
  return (
    <Bar>
      <nav aria-label="Main" className="flex items-center gap-1">
        <a href="/contact-us" target="_blank" rel="noopener" className={helpLink}>
          Help<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <UserMenu user={currentUser.data} />
      </nav>
    </Bar>
  );
}

const LINKS = [
  { to: '/calendar-integration', label: 'Calendar Sync' },
  { to: '/profile-settings', label: 'Profile Settings' },
  { to: '/billing-details', label: 'Billing Details' },
] as const;

const itemClasses = cn(
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-hidden',
  'hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800',
  'disabled:cursor-default disabled:opacity-60',
);

/**
 * The signed-in header's user menu (host-area.md §2 "Header"), labelled with the name or else the username:
 * Calendar Sync, Profile Settings, Billing Details, Logout. The ARIA menu-button pattern: Enter, Space, a click
 * or ArrowDown open it on the first item, ArrowUp on the last; the arrow keys, Home and End move; Escape closes it
 * and returns focus to the button; Tab and a click elsewhere close it.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const label = user.name.trim() || user.username;
  const { containerRef: menuContainerRef, ...menu } = useMenuButton();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();

  const onLogout = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSuccess: () => {
        menu.close(false);
        navigate('/');
        // The signed-in user and everything cached for them go.
        queryClient.clear();
        queryClient.setQueryData(currentUserKey, null);
        toast({ title: 'Logged out' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Logout failed', description: error.message || undefined });
      },
    });
  };

  return (
    <div className="relative">
      <button
        {...menu.buttonProps}
        type="button"
        className={cn(
          'inline-flex h-9 max-w-[12rem] cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium',
          'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          focusRing,
        )}
      >
        <span className="truncate">{label}</span>
        <ChevronDownIcon className="size-4 shrink-0" />
      </button>
      <div
        ref={menuContainerRef}
        {...menu.menuProps}
        hidden={!menu.open}
        className="absolute right-0 z-50 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {LINKS.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => menu.close(false)}
          >
            {link.label}
          </Link>
        ))}
        <div role="separator" className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={itemClasses}
          disabled={logout.isPending}
          onClick={onLogout}
        >
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </div>
  );
}
