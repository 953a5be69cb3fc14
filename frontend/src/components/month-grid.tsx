import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '#frontend/lib/cn.ts';
import { addDays, monthWeeks, shiftMonthKeepDay, weekday, yearMonthOf, type YearMonth } from '#frontend/lib/dates.ts';

/** What a day's button shows and says; the grid adds its role, tab stop, selected and disabled state and handlers. */
export interface DayLook {
  label: string;
  className: string;
  content: ReactNode;
  /** Today: aria-current="date". */
  current?: boolean;
}

export interface DayState {
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean;
  enabled: boolean;
  selected: boolean;
}

/** Where each key moves keyboard focus from a day. */
const MOVES: Record<string, (date: string) => string> = {
  ArrowLeft: (date) => addDays(date, -1),
  ArrowRight: (date) => addDays(date, 1),
  ArrowUp: (date) => addDays(date, -7),
  ArrowDown: (date) => addDays(date, 7),
  Home: (date) => addDays(date, -weekday(date)),
  End: (date) => addDays(date, 6 - weekday(date)),
  PageUp: (date) => shiftMonthKeepDay(date, -1),
  PageDown: (date) => shiftMonthKeepDay(date, 1),
};

/**
 * A month as an ARIA grid: a row of weekday headers, then whole weeks from Sunday, one button per day. One day is
 * tabbable (roving tabindex): the one last focused in this month, else `preferredFocus`'s, else the 1st. Arrow keys
 * move by day and week, Home/End to the week's start and end, PageUp/PageDown by month (`keys="arrows"`: arrows
 * only); moving into another month asks for it with `onViewChange`. Days that are not enabled are aria-disabled but
 * stay focusable, so the grid can be walked; clicking an enabled day calls `onSelect`. Each picker says how a day
 * looks (`day`), the month title and buttons around the grid are its own.
 */
export function MonthGrid({
  view,
  onViewChange,
  labelledBy,
  weekdays,
  weekdayClassName,
  selected,
  isEnabled,
  onSelect,
  day,
  preferredFocus,
  keys = 'full',
  busy,
  invalid,
  className,
}: {
  view: YearMonth;
  onViewChange: (view: YearMonth) => void;
  /** The id of the month's title, which names the grid. */
  labelledBy: string;
  /** The column headers, Sunday first: the text shown and, when that is abbreviated, the day's name. */
  weekdays: readonly { text: string; name?: string }[];
  weekdayClassName: string;
  selected: string | null;
  isEnabled: (date: string, inMonth: boolean) => boolean;
  onSelect: (date: string) => void;
  day: (date: string, state: DayState) => DayLook;
  /** The tabbable day while focus has not been on a day of this month (default: the 1st). */
  preferredFocus?: (monthDays: readonly string[]) => string | undefined;
  keys?: 'full' | 'arrows';
  /** aria-busy: the days' state is loading. */
  busy?: boolean;
  invalid?: boolean;
  /** Classes added to the grid's own ('grid gap-1'). */
  className?: string;
}) {
  const weeks = monthWeeks(view);
  const [focused, setFocused] = useState<string | null>(null);
  /** The day a key moved focus to, until it is on screen: a month change may take more than one render. */
  const moveFocus = useRef<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  const inMonth = (date: string) => {
    const { year, month } = yearMonthOf(date);
    return year === view.year && month === view.month;
  };
  const monthDays = weeks.flat().filter(inMonth);
  const active = (focused && inMonth(focused) && focused) || preferredFocus?.(monthDays) || monthDays[0]!;

  useEffect(() => {
    const target = moveFocus.current;
    if (!target || !inMonth(target)) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-date="${target}"]`);
    if (!cell) return;
    moveFocus.current = null;
    cell.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || (keys === 'arrows' && !event.key.startsWith('Arrow'))) return;
    event.preventDefault();
    const next = move(active);
    setFocused(next);
    moveFocus.current = next;
    if (!inMonth(next)) onViewChange(yearMonthOf(next));
  };

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-labelledby={labelledBy}
      aria-busy={busy || undefined}
      aria-invalid={invalid || undefined}
      onKeyDown={onKeyDown}
      className={cn('grid gap-1', className)}
    >
      <div role="row" className="grid grid-cols-7 gap-1">
        {weekdays.map(({ text, name }) => (
          <div key={text} role="columnheader" aria-label={name} className={weekdayClassName}>
            {text}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} role="row" className="grid grid-cols-7 gap-1">
          {week.map((date) => {
            const dayInMonth = inMonth(date);
            const state = { inMonth: dayInMonth, enabled: isEnabled(date, dayInMonth), selected: date === selected };
            const look = day(date, state);
            return (
              <button
                key={date}
                type="button"
                role="gridcell"
                data-date={date}
                tabIndex={date === active ? 0 : -1}
                aria-selected={state.selected}
                aria-disabled={!state.enabled}
                aria-current={look.current ? 'date' : undefined}
                aria-label={look.label}
                onClick={() => {
                  setFocused(date);
                  if (state.enabled) onSelect(date);
                }}
                className={look.className}
              >
                {look.content}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
