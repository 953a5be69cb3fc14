import { useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';

import type { HostEvent } from '#shared/api/schemas/host-events';
import { TRIAL_EXPIRED_ACTIVATION_MESSAGE } from '#shared/constants';
import { useMenuButton } from '#frontend/components/ui/use-menu-button.ts';
import { MoreVerticalIcon } from '#frontend/features/events/components/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

const itemBase = cn(
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left text-sm outline-hidden',
  'hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800',
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
);
const itemClasses = cn(itemBase, 'text-slate-700 dark:text-slate-200');
const deleteClasses = cn(itemBase, 'text-red-700 dark:text-red-400');

export interface EventCardMenuProps {
  event: HostEvent;
  /** Activation is not allowed (trial expired, no active subscription): 'Upgrade to Activate' instead. */
  activationBlocked: boolean;
  /** A write of this card is under way: the write items wait. */
  busy: boolean;
  onDuplicate: () => void;
  onDelete: () => void;
  /** Opens the Embed dialog (issue 29). */
  onEmbed: () => void;
  onSetActive: (active: boolean) => void;
  /** The menu button: the card returns focus to it when the delete dialog closes. */
  buttonRef: RefObject<HTMLButtonElement>;
}

/**
 * A card's menu on the event types dashboard: Duplicate, Edit, Embed (issue 29), Delete, then Activate or
 * Deactivate, or for an inactive event while activation is blocked a disabled 'Upgrade to Activate' whose tooltip
 * gives the reason (its accessible description, shown while it is focused or hovered). Keyboard and pointer
 * behaviour: the ARIA menu-button pattern (components/ui/use-menu-button.ts).
 */
export function EventCardMenu({
  event,
  activationBlocked,
  busy,
  onDuplicate,
  onDelete,
  onEmbed,
  onSetActive,
  buttonRef,
}: EventCardMenuProps) {
  const [tipShown, setTipShown] = useState(false);
  const { containerRef: menuContainerRef, ...menu } = useMenuButton({ buttonRef, onClose: () => setTipShown(false) });
  const tipId = `${menu.buttonProps.id}-tip`;
  const upgradeOnly = !event.active && activationBlocked;

  /** Runs an item's action, unless a write is under way, with the menu closed and focus back on the button. */
  const run = (action: () => void) => {
    if (busy) return;
    menu.close(true);
    action();
  };

  return (
    <div className="relative">
      <button
        {...menu.buttonProps}
        type="button"
        aria-label={`Options for ${event.title}`}
        className={cn(
          'inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-slate-600 hover:bg-slate-100',
          'hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
          focusRing,
        )}
      >
        <MoreVerticalIcon className="size-5" />
      </button>
      <div ref={menuContainerRef} hidden={!menu.open} className="absolute right-0 bottom-full z-40 mb-2 w-60">
        <div
          {...menu.menuProps}
          className="rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <ActionItem busy={busy} onSelect={() => run(onDuplicate)}>
            Duplicate
          </ActionItem>
          <Link
            to={`/events/new?edit=${event.id}`}
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => menu.close(false)}
          >
            Edit
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => {
              menu.close(true);
              onEmbed();
            }}
          >
            Embed
          </button>
          <ActionItem busy={busy} className={deleteClasses} onSelect={() => run(onDelete)}>
            Delete
          </ActionItem>
          {upgradeOnly ? (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled="true"
              aria-describedby={tipId}
              className={itemClasses}
              onFocus={() => setTipShown(true)}
              onBlur={() => setTipShown(false)}
              onMouseEnter={() => setTipShown(true)}
              onMouseLeave={() => setTipShown(false)}
            >
              Upgrade to Activate
            </button>
          ) : (
            <ActionItem busy={busy} onSelect={() => run(() => onSetActive(!event.active))}>
              {event.active ? 'Deactivate' : 'Activate'}
            </ActionItem>
          )}
        </div>
        {upgradeOnly && (
          <p
            id={tipId}
            role="tooltip"
            hidden={!tipShown}
            className="mt-2 rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          >
            {TRIAL_EXPIRED_ACTIVATION_MESSAGE}
          </p>
        )}
      </div>
    </div>
  );
}

/** A menu item that runs a write; shown disabled (still reachable by the arrows) while one is under way. */
function ActionItem({
  busy,
  className = itemClasses,
  onSelect,
  children,
}: {
  busy: boolean;
  className?: string;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={busy || undefined}
      className={className}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}
