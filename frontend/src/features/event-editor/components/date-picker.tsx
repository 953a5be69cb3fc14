import { useId, useState } from 'react';

import { MonthGrid } from '#frontend/components/month-grid.tsx';
import { ChevronLeft, ChevronRight } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { addMonths, formatLongDate, formatMonthTitle, yearMonthOf, type YearMonth } from '#frontend/lib/dates.ts';

const WEEKDAYS = [
  { text: 'Su' },
  { text: 'Mo' },
  { text: 'Tu' },
  { text: 'We' },
  { text: 'Th' },
  { text: 'Fr' },
  { text: 'Sa' },
] as const;

/**
 * A month of days to pick one from (the date exception dialog and the 'Block a Date' popover):
 * days before `today` and those `isDisabled` names cannot be picked (aria-disabled, still focusable so
 * the grid can be walked). One day is tabbable (the value, else today, until focus moves); arrow keys move by day
 * and week, across months too (MonthGrid).
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

  const navButton = cn(
    'inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
    'disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-800',
    focusRing,
  );
  const canGoBack = view.year * 12 + view.month > yearMonthOf(today).year * 12 + yearMonthOf(today).month;

  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="w-full max-w-xs">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className={navButton}
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => setView(addMonths(view, -1))}
        >
          <ChevronLeft className="size-4" />
        </button>
        <p id={titleId} className="text-sm font-semibold" aria-live="polite">
          {formatMonthTitle(view)}
        </p>
        <button type="button" className={navButton} aria-label="Next month" onClick={() => setView(addMonths(view, 1))}>
          <ChevronRight className="size-4" />
        </button>
      </div>
      <MonthGrid
        view={view}
        onViewChange={setView}
        labelledBy={titleId}
        invalid={invalid}
        className={cn('rounded-md', invalid && 'ring-2 ring-red-600 dark:ring-red-400')}
        keys="arrows"
        weekdays={WEEKDAYS}
        weekdayClassName="text-center text-xs font-medium text-slate-600 dark:text-slate-400"
        selected={value}
        isEnabled={(date) => !(date < today || isDisabled(date))}
        onSelect={onChange}
        preferredFocus={(monthDays) => {
          const initial = value ?? today;
          return monthDays.includes(initial) ? initial : undefined;
        }}
        day={(date, { inMonth, enabled, selected }) => ({
          label: formatLongDate(date),
          className: cn(
            'h-9 rounded-md text-sm',
            focusRing,
            !inMonth && 'opacity-50',
            // One set of colours per state: without tailwind-merge, a selected day that also carried the enabled
            // day's hover background turned white on white under the pointer.
            selected
              ? 'cursor-pointer bg-brand-700 font-semibold text-white hover:bg-brand-800 dark:text-white dark:hover:bg-brand-800'
              : enabled
                ? 'cursor-pointer text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
                : 'cursor-not-allowed text-slate-400 line-through dark:text-slate-600',
          ),
          content: Number(date.slice(8, 10)),
        })}
      />
    </div>
  );
}
