import { MonthGrid } from '#frontend/components/month-grid.tsx';
import { ChevronLeft, ChevronRight } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { addMonths, formatLongDate, formatMonthTitle, yearMonthOf, type YearMonth } from '#frontend/lib/dates.ts';

const WEEKDAYS = [
  { text: 'SUN', name: 'Sunday' },
  { text: 'MON', name: 'Monday' },
  { text: 'TUE', name: 'Tuesday' },
  { text: 'WED', name: 'Wednesday' },
  { text: 'THU', name: 'Thursday' },
  { text: 'FRI', name: 'Friday' },
  { text: 'SAT', name: 'Saturday' },
] as const;

interface MonthCalendarProps {
  view: YearMonth;
  today: string;
  selectedDate: string | null;
  availability: Map<string, boolean> | undefined;
  loading: boolean;
  onSelect: (date: string) => void;
  /** Show another month (the arrows, or keyboard focus moved into it). */
  onViewChange: (view: YearMonth) => void;
  /**
   * The booking window: its last date (in the guest's zone, at the latest) and its length in days. Past it the next
   * arrow stops and the month says how far ahead bookings can be made. Absent: no limit shown (previews).
   */
  window?: { lastDate: string; days: number };
  /** Offered when the month shown has no free day: moves to the next date with free time. */
  onJumpToNextAvailable?: () => void;
  /** What the jump found: 'searching', or 'none' when no date in the window has free time. */
  jump?: 'searching' | 'none' | null;
}

/**
 * Step 1: the month as a keyboard grid (MonthGrid) of the days with free time. The tabbable day, until the guest
 * moves focus: the selection, else the first available day, today, the 1st.
 */
export function MonthCalendar({
  view,
  today,
  selectedDate,
  availability,
  loading,
  onSelect,
  onViewChange,
  window,
  onJumpToNextAvailable,
  jump,
}: MonthCalendarProps) {
  const titleId = 'booking-calendar-title';
  const isAvailable = (date: string) => date >= today && availability?.get(date) === true;

  const navButton = cn(
    'inline-flex size-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100',
    'disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
    focusRing,
  );
  const canGoBack = monthIndex(view) > monthIndex(yearMonthOf(today));
  // The month that holds the window's last date is the last one worth showing.
  const canGoForward = !window || monthIndex(view) < monthIndex(yearMonthOf(window.lastDate));
  const windowEndsHere = window !== undefined && !canGoForward;
  const monthHasFreeDay = [...(availability ?? [])].some(
    ([date, free]) =>
      free && date >= today && yearMonthOf(date).month === view.month && yearMonthOf(date).year === view.year,
  );
  const offerJump = !loading && availability !== undefined && !monthHasFreeDay && onJumpToNextAvailable !== undefined;

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => onViewChange(addMonths(view, -1))}
        >
          <ChevronLeft className="size-5" />
        </button>
        <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white" aria-live="polite">
          {formatMonthTitle(view)}
        </h3>
        <button
          type="button"
          className={navButton}
          aria-label="Next month"
          disabled={!canGoForward}
          onClick={() => onViewChange(addMonths(view, 1))}
        >
          <ChevronRight className="size-5" />
        </button>
      </div>

      <MonthGrid
        view={view}
        onViewChange={onViewChange}
        labelledBy={titleId}
        // Six weeks' height whatever the month (the weekday row, 6 rows of days and 6 gaps): another month, or the
        // guest's month replacing a prerendered page's, never moves what follows.
        className="min-h-[18rem] content-start sm:min-h-[21rem]"
        busy={loading}
        weekdays={WEEKDAYS}
        weekdayClassName="py-1 text-center text-xs font-semibold tracking-wide text-slate-600 dark:text-slate-400"
        selected={selectedDate}
        isEnabled={(date) => isAvailable(date)}
        onSelect={onSelect}
        preferredFocus={(monthDays) =>
          (selectedDate && monthDays.includes(selectedDate) && selectedDate) ||
          monthDays.find(isAvailable) ||
          (monthDays.includes(today) ? today : undefined)
        }
        day={(date, { inMonth, enabled: available, selected }) => {
          const isToday = date === today;
          const status = date < today ? 'past' : available ? 'available' : 'unavailable';
          return {
            label: `${formatLongDate(date)}${isToday ? ', today' : ''}, ${status}`,
            current: isToday,
            // No colour transition: the month's free days arrive after the page is drawn, and a transition on each
            // would redraw the grid for frames on end while the page is still being made interactive.
            className: cn(
              'relative flex h-10 items-center justify-center rounded-md text-sm sm:h-12',
              focusRing,
              // Days of the next month in the last week are offered like the month's own when they have free time.
              !inMonth && !available && 'text-slate-400 dark:text-slate-600',
              inMonth && !available && 'cursor-not-allowed text-slate-500 dark:text-slate-500',
              available &&
                !selected &&
                'cursor-pointer bg-[color-mix(in_srgb,var(--accent)_12%,transparent)] font-semibold text-[color-mix(in_srgb,var(--accent)_80%,black)] hover:bg-[color-mix(in_srgb,var(--accent)_22%,transparent)] dark:text-[color-mix(in_srgb,var(--accent)_45%,white)]',
              selected && 'bg-[var(--accent)] font-semibold text-white',
              isToday && !selected && 'ring-1 ring-slate-500 dark:ring-slate-400',
            ),
            content: (
              <span aria-hidden="true" className={cn(!inMonth && !available && 'opacity-60')}>
                {Number(date.slice(8, 10))}
              </span>
            ),
          };
        }}
      />

      {(offerJump || windowEndsHere) && (
        <div className="mt-4 grid gap-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {offerJump &&
            (jump === 'none' ? (
              <p>No times are free in the next {window?.days ?? 'few'} days.</p>
            ) : (
              <button
                type="button"
                className={cn(
                  'justify-self-start font-medium text-[var(--accent)] underline underline-offset-4',
                  focusRing,
                )}
                disabled={jump === 'searching'}
                onClick={onJumpToNextAvailable}
              >
                {jump === 'searching' ? 'Looking for the next available date…' : 'Jump to the next available date'}
              </button>
            ))}
          {windowEndsHere && <p>Bookings can be made up to {window.days} days ahead.</p>}
        </div>
      )}

      <ul
        className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-xs text-slate-700 dark:text-slate-300"
        aria-label="Legend"
      >
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm bg-[color-mix(in_srgb,var(--accent)_35%,transparent)]"
          />
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
