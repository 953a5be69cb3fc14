import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import {
  addDays,
  addMonths,
  formatLongDate,
  formatMonthTitle,
  monthWeeks,
  yearMonthOf,
  type YearMonth,
} from '#frontend/features/booking/lib/dates.ts';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month of days to pick one from (the date exception dialog and the 'Block a Date' popover, host-area.md §5 "Date
 * override"): days before `today` and those `isDisabled` names cannot be picked (aria-disabled, still focusable so
 * the grid can be walked). One day is tabbable; arrow keys move by day and week, across months too.
 */
export function DatePicker({
  label,
  today,
  value,
  onChange,
  isDisabled = () => false,
  invalid,
  describedBy,
}: {
  label: string;
  today: string;
  value: string | null;
  onChange: (date: string) => void;
  isDisabled?: (date: string) => boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const titleId = useId();
  const [view, setView] = useState<YearMonth>(() => yearMonthOf(value ?? today));
  const [focused, setFocused] = useState<string>(value ?? today);
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const weeks = monthWeeks(view);
  const inView = (date: string) => date.slice(0, 7) === `${view.year}-${String(view.month).padStart(2, '0')}`;
  const blocked = (date: string) => date < today || isDisabled(date);
  const tabbable = inView(focused) ? focused : (weeks.flat().find(inView) ?? today);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${tabbable}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = addDays(tabbable, step);
    setFocused(next);
    setView(yearMonthOf(next));
    moveFocus.current = true;
  };

  const navButton = cn(
    'inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
    'disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-800',
    focusRing,
  );
  const canGoBack = view.year * 12 + view.month > yearMonthOf(today).year * 12 + yearMonthOf(today).month;

  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="w-full max-w-xs">
      <div className="mb-2 flex items-center justify-between">
        <button type="button" className={navButton} aria-label="Previous month" disabled={!canGoBack} onClick={() => setView(addMonths(view, -1))}>
          <ChevronLeft className="size-4" />
        </button>
        <p id={titleId} className="text-sm font-semibold" aria-live="polite">
          {formatMonthTitle(view)}
        </p>
        <button type="button" className={navButton} aria-label="Next month" onClick={() => setView(addMonths(view, 1))}>
          <ChevronRight className="size-4" />
        </button>
      </div>
      <div
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        aria-invalid={invalid || undefined}
        onKeyDown={onKeyDown}
        className={cn('grid gap-1 rounded-md', invalid && 'ring-2 ring-red-600 dark:ring-red-400')}
      >
        <div role="row" className="grid grid-cols-7 gap-1">
          {WEEKDAYS.map((day) => (
            <span key={day} role="columnheader" className="text-center text-xs font-medium text-slate-600 dark:text-slate-400">
              {day}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} role="row" className="grid grid-cols-7 gap-1">
            {week.map((date) => {
              const disabled = blocked(date);
              const selected = date === value;
              return (
                <button
                  key={date}
                  type="button"
                  role="gridcell"
                  data-date={date}
                  tabIndex={date === tabbable ? 0 : -1}
                  aria-label={formatLongDate(date)}
                  aria-selected={selected}
                  aria-disabled={disabled || undefined}
                  onClick={() => {
                    setFocused(date);
                    if (!disabled) onChange(date);
                  }}
                  className={cn(
                    'h-9 rounded-md text-sm',
                    focusRing,
                    !inView(date) && 'opacity-50',
                    disabled
                      ? 'cursor-not-allowed text-slate-400 line-through dark:text-slate-600'
                      : 'cursor-pointer text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
                    selected && 'bg-brand-700 font-semibold text-white hover:bg-brand-800 dark:text-white dark:hover:bg-brand-800',
                  )}
                >
                  {Number(date.slice(8, 10))}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
