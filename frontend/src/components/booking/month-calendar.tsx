import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import {
  addDays,
  formatLongDate,
  formatMonthTitle,
  monthWeeks,
  shiftMonthKeepDay,
  weekday,
  yearMonthOf,
  type YearMonth,
} from '../lib/dates.ts';
import { ChevronLeft, ChevronRight } from '#frontend/components/ui/icons.tsx';

const WEEKDAYS = [
  ['SUN', 'Sunday'],
  ['MON', 'Monday'],
  ['TUE', 'Tuesday'],
  ['WED', 'Wednesday'],
  ['THU', 'Thursday'],
  ['FRI', 'Friday'],
  ['SAT', 'Saturday'],
] as const;

interface MonthCalendarProps {
  view: YearMonth;
  today: string;
  selectedDate: string | null;
  availability: Map<string, boolean> | undefined;
  loading: boolean;
  onSelect: (date: string) => void;
  /** Show another month; `focusDate` is the day keyboard focus should land on. */
  onViewChange: (view: YearMonth) => void;
}

const sameMonth = (date: string, view: YearMonth): boolean => {
  const { year, month } = yearMonthOf(date);
  return year === view.year && month === view.month;
};

/**
 * Step 1: the month as an ARIA grid (rows of whole weeks from Sunday). One day is tabbable (roving tabindex);
 * arrows move by day and week, Home/End to the week's start and end, PageUp/PageDown by month.
 */
export function MonthCalendar({ view, today, selectedDate, availability, loading, onSelect, onViewChange }: MonthCalendarProps) {
  const weeks = monthWeeks(view);
  const titleId = 'booking-calendar-title';
  const [focused, setFocused] = useState<string | null>(null);
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const isAvailable = (date: string) => date >= today && availability?.get(date) === true;
  const monthDays = weeks.flat().filter((date) => sameMonth(date, view));
  // The tabbable day: the one last focused in this month, else the selection, first available, today, the 1st.
  const active =
    (focused && sameMonth(focused, view) && focused) ||
    (selectedDate && sameMonth(selectedDate, view) && selectedDate) ||
    monthDays.find(isAvailable) ||
    (sameMonth(today, view) ? today : monthDays[0]!);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${active}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const day = weekday(active);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(active, -1),
      ArrowRight: () => addDays(active, 1),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      Home: () => addDays(active, -day),
      End: () => addDays(active, 6 - day),
      PageUp: () => shiftMonthKeepDay(active, -1),
      PageDown: () => shiftMonthKeepDay(active, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move();
    setFocused(next);
    moveFocus.current = true;
    if (!sameMonth(next, view)) onViewChange(yearMonthOf(next));
  };

  const navButton = cn(
    'inline-flex size-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100',
    'disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
    focusRing,
  );
  const prevView = { year: view.month === 1 ? view.year - 1 : view.year, month: view.month === 1 ? 12 : view.month - 1 };
  const nextView = { year: view.month === 12 ? view.year + 1 : view.year, month: view.month === 12 ? 1 : view.month + 1 };
  const canGoBack = monthIndex(view) > monthIndex(yearMonthOf(today));

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-2">
        <button type="button" className={navButton} aria-label="Previous month" disabled={!canGoBack} onClick={() => onViewChange(prevView)}>
          <ChevronLeft className="size-5" />
        </button>
        <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white" aria-live="polite">
          {formatMonthTitle(view)}
        </h3>
        <button type="button" className={navButton} aria-label="Next month" onClick={() => onViewChange(nextView)}>
          <ChevronRight className="size-5" />
        </button>
      </div>

      <div
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        aria-busy={loading || undefined}
        onKeyDown={onKeyDown}
        className="grid gap-1"
      >
        <div role="row" className="grid grid-cols-7 gap-1">
          {WEEKDAYS.map(([short, long]) => (
            <div
              key={short}
              role="columnheader"
              aria-label={long}
              className="py-1 text-center text-xs font-semibold tracking-wide text-slate-600 dark:text-slate-400"
            >
              {short}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} role="row" className="grid grid-cols-7 gap-1">
            {week.map((date) => {
              const inMonth = sameMonth(date, view);
              const available = inMonth && isAvailable(date);
              const selected = date === selectedDate;
              const isToday = date === today;
              const status = date < today ? 'past' : available ? 'available' : 'unavailable';
              return (
                <button
                  key={date}
                  type="button"
                  role="gridcell"
                  data-date={date}
                  tabIndex={date === active ? 0 : -1}
                  aria-selected={selected}
                  aria-disabled={!available}
                  aria-current={isToday ? 'date' : undefined}
                  aria-label={`${formatLongDate(date)}${isToday ? ', today' : ''}, ${status}`}
                  onClick={() => {
                    setFocused(date);
                    if (available) onSelect(date);
                  }}
                  className={cn(
                    'relative flex h-10 items-center justify-center rounded-md text-sm transition-colors sm:h-12',
                    focusRing,
                    !inMonth && 'text-slate-400 dark:text-slate-600',
                    inMonth && !available && 'cursor-not-allowed text-slate-500 dark:text-slate-500',
                    available &&
                      !selected &&
                      'cursor-pointer bg-[color-mix(in_srgb,var(--accent)_12%,transparent)] font-semibold text-[color-mix(in_srgb,var(--accent)_80%,black)] hover:bg-[color-mix(in_srgb,var(--accent)_22%,transparent)] dark:text-[color-mix(in_srgb,var(--accent)_45%,white)]',
                    selected && 'bg-[var(--accent)] font-semibold text-white',
                    isToday && !selected && 'ring-1 ring-slate-500 dark:ring-slate-400',
                  )}
                >
                  <span aria-hidden="true" className={cn(!inMonth && 'opacity-60')}>
                    {Number(date.slice(8, 10))}
                  </span>
                </button>
              );
            })}
          </div>
        ))}
      </div>

      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-xs text-slate-700 dark:text-slate-300" aria-label="Legend">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-[color-mix(in_srgb,var(--accent)_35%,transparent)]" />
          Available
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-slate-200 dark:bg-slate-700" />
          Unavailable
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm ring-1 ring-slate-500" />
          Today
        </li>
      </ul>
    </div>
  );
}

const monthIndex = ({ year, month }: YearMonth): number => year * 12 + month;
