import { useId, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';

import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * Tabs after the ARIA tabs pattern (the event types screen, the bookings screen): one tab stop, the selected tab;
 * Left and Right arrows (wrapping), Home and End move and select; the selected panel is labelled by its tab and is
 * itself a tab stop (`panelRef`: where a screen sends focus when a row leaves it). Fills a 375 px screen's width.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  panelRef,
  children,
}: {
  label: string;
  items: ReadonlyArray<{ key: K; label: string }>;
  selected: K;
  onSelect: (key: K) => void;
  panelRef?: Ref<HTMLDivElement>;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = (key: K) => `${baseId}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    const targets: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length]!;
    onSelect(next.key);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.key))}`)?.focus();
  };

  return (
    <div>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex w-full rounded-lg bg-slate-100 p-1 sm:inline-flex sm:w-auto dark:bg-slate-800"
      >
        {items.map((item) => {
          const isSelected = item.key === selected;
          return (
            <button
              key={item.key}
              id={tabId(item.key)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelId(item.key)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(item.key)}
              className={cn(
                'min-w-0 flex-1 cursor-pointer rounded-md px-2 py-1.5 text-sm font-medium transition-colors sm:flex-none sm:px-4',
                isSelected
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                focusRing,
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          ref={item.key === selected ? panelRef : undefined}
          id={panelId(item.key)}
          role="tabpanel"
          aria-labelledby={tabId(item.key)}
          tabIndex={0}
          hidden={item.key !== selected}
          className={cn('mt-6 rounded-lg', focusRing)}
        >
          {item.key === selected && children}
        </div>
      ))}
    </div>
  );
}
