import { ChevronLeft, ChevronRight } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { formatDateTitle, formatTimeRange } from '#frontend/lib/dates.ts';
import type { TimeSlot } from '#frontend/lib/time-slot.ts';

interface TimeSlotListProps {
  date: string;
  slots: TimeSlot[];
  loading: boolean;
  /** Why the times could not be loaded (e.g. the host's calendar could not be checked): never shown as "no times". */
  error?: string | null;
  onRetry?: () => void;
  timeZone: string;
  hostTimeZone: string;
  canGoToPreviousDay: boolean;
  onPreviousDay: () => void;
  onNextDay: () => void;
  onBack: () => void;
  onSelect: (slot: TimeSlot) => void;
  /** Reschedule mode: the start of the booking being moved, marked "(current)" in the list. */
  currentStart?: string | null;
}

const linkButton = cn(
  'rounded-sm text-sm font-medium text-[var(--accent)] underline-offset-4 hover:underline dark:text-[color-mix(in_srgb,var(--accent)_45%,white)]',
  focusRing,
);

/** Step 1, second view: the chosen day's free slots as a list of buttons. */
export function TimeSlotList(props: TimeSlotListProps) {
  const { date, slots, loading, timeZone, hostTimeZone } = props;
  const navButton = cn(
    'inline-flex size-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100',
    'disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
    focusRing,
  );
  return (
    <div>
      <button type="button" className={linkButton} onClick={props.onBack}>
        ← Back to Calendar
      </button>
      <div className="mt-4 flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          aria-label="Previous day"
          disabled={!props.canGoToPreviousDay}
          onClick={props.onPreviousDay}
        >
          <ChevronLeft className="size-5" />
        </button>
        <h3 className="text-center text-lg font-semibold text-slate-900 dark:text-white">{formatDateTitle(date)}</h3>
        <button type="button" className={navButton} aria-label="Next day" onClick={props.onNextDay}>
          <ChevronRight className="size-5" />
        </button>
      </div>
      <p className="mt-1 text-center text-xs text-slate-600 dark:text-slate-400">
        Times in {timeZone.replace(/_/g, ' ')}
        {hostTimeZone !== timeZone && <> · host's time zone: {hostTimeZone.replace(/_/g, ' ')}</>}
      </p>

      <div aria-live="polite" aria-busy={loading} className="mt-4">
        {loading ? (
          <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">Loading available times…</p>
        ) : props.error ? (
          <div className="py-8 text-center">
            <p role="alert" className="text-slate-700 dark:text-slate-300">
              {props.error}
            </p>
            <button type="button" className={cn(linkButton, 'mt-3')} onClick={props.onRetry}>
              Try again
            </button>
          </div>
        ) : slots.length === 0 ? (
          <div className="py-8 text-center">
            <p className="text-slate-700 dark:text-slate-300">No available time slots for this date.</p>
            <button type="button" className={cn(linkButton, 'mt-3')} onClick={props.onBack}>
              Return to Calendar
            </button>
          </div>
        ) : (
          <>
            <p className="sr-only">{`${slots.length} available time${slots.length === 1 ? '' : 's'} on ${formatDateTitle(date)}`}</p>
            <ul className="grid gap-2 sm:grid-cols-2" aria-label={`Available times on ${formatDateTitle(date)}`}>
              {slots.map((slot) => {
                const range = formatTimeRange(slot.start, slot.end, timeZone);
                const current = props.currentStart != null && Date.parse(props.currentStart) === Date.parse(slot.start);
                return (
                  <li key={slot.start}>
                    <button
                      type="button"
                      onClick={() => props.onSelect(slot)}
                      className={cn(
                        'w-full rounded-md border border-[color-mix(in_srgb,var(--accent)_45%,transparent)] px-4 py-2.5 text-sm font-semibold',
                        'text-[var(--accent)] transition-colors hover:bg-[var(--accent)] hover:text-white',
                        'dark:text-[color-mix(in_srgb,var(--accent)_45%,white)] dark:hover:text-white',
                        focusRing,
                      )}
                    >
                      {range}
                      {current && <span className="font-normal"> (current)</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
