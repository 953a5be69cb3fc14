import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';

import type { CurrentUser } from '#shared/api/schemas/auth';
import { ChevronDownIcon } from '#frontend/components/ui/icons.tsx';
import { useMenuButton } from '#frontend/components/ui/use-menu-button.ts';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useLogout } from '#frontend/features/auth/api/logout.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { currentUserKey } from '#frontend/lib/use-current-user.ts';

/**
 * The signed-in part of the header, loaded with the auth chunk once the header knows a
 * user is signed in: the user menu in the bar, or (`stacked`, in the phone's disclosure menu) the same items as a
 * plain list under the user's name; `onDone` closes that menu after a choice.
 */
export function HostHeaderActions({
  user,
  stacked,
  onDone,
}: {
  user: CurrentUser;
  stacked: boolean;
  onDone: () => void;
}) {
  return stacked ? <UserLinks user={user} onDone={onDone} /> : <UserMenu user={user} />;
}

const LINKS = [
  { to: '/bookings', label: 'Bookings' },
  { to: '/teams', label: 'Teams' },
  { to: '/calendar-integration', label: 'Calendar Sync' },
  { to: '/integrations/webhooks', label: 'Integrations' },
  { to: '/profile-settings', label: 'Profile Settings' },
  { to: '/billing-details', label: 'Billing Details' },
] as const;

/** An administrator's menu starts with the admin dashboard (/admin). */
const linksOf = (user: CurrentUser) => (user.isAdmin ? [{ to: '/admin', label: 'Admin Dashboard' }, ...LINKS] : LINKS);

const itemClasses = cn(
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-hidden',
  'hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800',
  'disabled:cursor-default disabled:opacity-60',
);

/**
 * The signed-in header's user menu, labelled with the name or else the username:
 * Bookings, Teams, Calendar Sync, Integrations, Profile Settings, Billing Details, Logout. The ARIA menu-button
 * pattern: Enter, Space, a click or ArrowDown open it on the first item, ArrowUp on the last; the arrow keys, Home and
 * End move; Escape closes it and returns focus to the button; Tab and a click elsewhere close it.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const label = labelOf(user);
  const { containerRef: menuContainerRef, ...menu } = useMenuButton();
  const logout = useLogoutAction(() => menu.close(false));

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
        {linksOf(user).map((link) => (
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
          disabled={logout.pending}
          onClick={logout.run}
        >
          {logout.pending ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </div>
  );
}

const labelOf = (user: CurrentUser) => user.name.trim() || user.username;

/**
 * Logout (logout in docs/api.md): clears the cached user and all cached data, toasts 'Logged out' and goes to /;
 * on failure toasts 'Logout failed'. `onLoggedOut` runs first (closes the menu).
 */
function useLogoutAction(onLoggedOut: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const run = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSuccess: () => {
        onLoggedOut();
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
  return { run, pending: logout.isPending };
}

const listItem = cn(
  'rounded-md px-3 py-3 text-left text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300',
  'aria-[current=page]:text-brand-700 dark:aria-[current=page]:text-brand-300',
  'cursor-pointer disabled:cursor-default disabled:opacity-60',
  focusRing,
);

/** The user menu's items as a plain list under the user's name, for the phone's disclosure menu. */
function UserLinks({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const labelId = useId();
  const logout = useLogoutAction(onDone);
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="mt-2 flex flex-col border-t border-slate-200 pt-2 dark:border-slate-800"
    >
      <p id={labelId} className="truncate px-3 py-2 text-sm font-semibold text-slate-900 dark:text-white">
        {labelOf(user)}
      </p>
      {linksOf(user).map((link) => (
        <NavLink key={link.to} to={link.to} className={listItem} onClick={onDone}>
          {link.label}
        </NavLink>
      ))}
      <button type="button" className={listItem} disabled={logout.pending} onClick={logout.run}>
        {logout.pending ? 'Logging out...' : 'Logout'}
      </button>
    </div>
  );
}
