import { useLayoutEffect, useRef, type RefObject } from 'react';

import { useMenuButton } from '#frontend/components/ui/use-menu-button.ts';
import { MoreHorizontalIcon } from '#frontend/features/admin/components/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

const itemBase = cn(
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left text-sm outline-hidden',
  'hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800',
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
);
const itemClasses = cn(itemBase, 'text-slate-700 dark:text-slate-200');
const cancelClasses = cn(itemBase, 'text-red-700 dark:text-red-400');

const GAP_PX = 4;
const MARGIN_PX = 8;

/**
 * Keeps a `position: fixed` menu next to its button, right-aligned with it, below it or above it when there is no
 * room below, inside the window; again on scrolling (the page or the table's own scroll box) and resizing. Fixed,
 * so the table's scroll container does not clip it.
 */
function usePinnedMenu(open: boolean, buttonRef: RefObject<HTMLElement>, menuRef: RefObject<HTMLElement>) {
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const button = buttonRef.current;
      const menu = menuRef.current;
      if (!button || !menu) return;
      const anchor = button.getBoundingClientRect();
      const { offsetWidth: width, offsetHeight: height } = menu;
      const left = Math.max(MARGIN_PX, Math.min(anchor.right - width, window.innerWidth - width - MARGIN_PX));
      const below = anchor.bottom + GAP_PX;
      const above = anchor.top - GAP_PX - height;
      const top = below + height > window.innerHeight - MARGIN_PX && above >= MARGIN_PX ? above : below;
      menu.style.left = `${left}px`;
      menu.style.top = `${top}px`;
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, buttonRef, menuRef]);
}

/**
 * A meeting's Actions menu on the admin dashboard: Edit, which does nothing but close
 * the menu, and Cancel (not offered, aria-disabled, for a booking already cancelled or started). The ARIA menu-button pattern
 * of components/ui/use-menu-button.ts; the button is named "Actions for {attendee}".
 */
export function ActionsMenu({
  attendee,
  cancelled,
  onCancel,
}: {
  attendee: string;
  cancelled: boolean;
  /** Cancel chosen: the menu is closed; `button` takes the focus back when the dialog closes. */
  onCancel: (button: HTMLButtonElement | null) => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { containerRef: menuRef, ...menu } = useMenuButton({ buttonRef });
  usePinnedMenu(menu.open, buttonRef, menuRef);

  return (
    <>
      <button
        {...menu.buttonProps}
        type="button"
        aria-label={`Actions for ${attendee}`}
        className={cn(
          'inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-slate-600 hover:bg-slate-100',
          'hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
          focusRing,
        )}
      >
        <MoreHorizontalIcon className="size-5" />
      </button>
      <div
        ref={menuRef}
        {...menu.menuProps}
        hidden={!menu.open}
        className="fixed top-0 left-0 z-50 w-44 rounded-lg border border-slate-200 bg-white p-1 text-left shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <button type="button" role="menuitem" tabIndex={-1} className={itemClasses} onClick={() => menu.close(true)}>
          Edit
        </button>
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-disabled={cancelled || undefined}
          className={cancelClasses}
          onClick={() => {
            if (cancelled) return;
            menu.close(false);
            onCancel(buttonRef.current);
          }}
        >
          Cancel
        </button>
      </div>
    </>
  );
}
