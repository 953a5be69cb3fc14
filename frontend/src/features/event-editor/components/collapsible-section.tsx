import { useId, type ReactNode } from 'react';

import { ChevronDownIcon } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * One of the editor's collapsible sections (Working hours, Event limits, Customize Design; and
 * Reminders, issue 16):
 * a disclosure button in a heading (aria-expanded, aria-controls) over its panel. Closed panels stay mounted but
 * hidden, so their fields keep their state.
 */
export function CollapsibleSection({
  title,
  open,
  onOpenChange,
  children,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const panelId = useId();
  return (
    <section className="rounded-lg border border-slate-200 dark:border-slate-800">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onOpenChange(!open)}
          className={cn(
            'flex w-full cursor-pointer items-center justify-between gap-3 rounded-lg px-4 py-3 text-left text-base font-semibold',
            'text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800/60',
            focusRing,
          )}
        >
          {title}
          <ChevronDownIcon
            aria-hidden="true"
            className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="grid gap-5 border-t border-slate-200 px-4 py-4 dark:border-slate-800">
        {children}
      </div>
    </section>
  );
}
