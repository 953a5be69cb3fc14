import { useMemo, useState, type ReactNode } from 'react';

import { MonthCalendar } from '#frontend/components/booking/month-calendar.tsx';
import { TimeSlotList } from '#frontend/components/booking/time-slot-list.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { addDays, formatDateTitle, formatTimeRange, yearMonthOf, type YearMonth } from '#frontend/lib/dates.ts';
import type { TimeSlot } from '#frontend/lib/time-slot.ts';

/**
 * The booking page's calendar and slot list on data computed in the browser, where nothing can be booked: the
 * landing page's demo and the event editor's live preview. Picking a time shows `note` instead of the details
 * form. `availabilityFor` and `slotsFor` should keep their identity while their inputs stay the same (useCallback).
 */
export function StaticBookingFlow({
  today,
  timeZone,
  hostTimeZone,
  availabilityFor,
  slotsFor,
  note,
  readOnly = false,
}: {
  today: string;
  /** The zone times are shown in. */
  timeZone: string;
  hostTimeZone: string;
  availabilityFor: (view: YearMonth) => Map<string, boolean>;
  slotsFor: (date: string) => TimeSlot[];
  /** What a guest would do next, said plainly. */
  note: ReactNode;
  /** Dates cannot be picked (the landing demo on a phone). */
  readOnly?: boolean;
}) {
  const [view, setView] = useState<YearMonth>(() => yearMonthOf(today));
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [selectedSlot, setSelectedSlot] = useState<TimeSlot | null>(null);
  const availability = useMemo(() => availabilityFor(view), [availabilityFor, view]);
  const slots = useMemo(() => (selectedDate ? slotsFor(selectedDate) : []), [slotsFor, selectedDate]);

  const selectDate = (date: string) => {
    if (readOnly || date < today) return;
    setSelectedDate(date);
    setSelectedSlot(null);
    setView(yearMonthOf(date));
  };
  const backToCalendar = () => {
    setSelectedDate(null);
    setSelectedSlot(null);
  };

  if (!selectedDate) {
    return (
      <MonthCalendar
        view={view}
        today={today}
        selectedDate={selectedDate}
        availability={availability}
        loading={false}
        onSelect={selectDate}
        onViewChange={setView}
      />
    );
  }
  if (!selectedSlot) {
    return (
      <TimeSlotList
        date={selectedDate}
        slots={slots}
        loading={false}
        timeZone={timeZone}
        hostTimeZone={hostTimeZone}
        canGoToPreviousDay={selectedDate > today}
        onPreviousDay={() => selectDate(addDays(selectedDate, -1))}
        onNextDay={() => selectDate(addDays(selectedDate, 1))}
        onBack={backToCalendar}
        onSelect={setSelectedSlot}
      />
    );
  }
  return (
    <div role="status" className="flex flex-col items-start gap-3">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{formatDateTitle(selectedDate)}</p>
      <p className="font-medium text-slate-800 dark:text-slate-200">
        {formatTimeRange(selectedSlot.start, selectedSlot.end, timeZone)}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">{note}</p>
      <button
        type="button"
        onClick={() => setSelectedSlot(null)}
        className={cn(
          'rounded-sm text-sm font-medium text-[var(--accent)] underline-offset-4 hover:underline dark:text-[color-mix(in_srgb,var(--accent)_45%,white)]',
          focusRing,
        )}
      >
        ← Back to Select Time
      </button>
    </div>
  );
}
