import { useMemo, useState, type CSSProperties } from 'react';
import { MOBILE_BREAKPOINT_PX } from '#shared/constants';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { useMediaQuery } from '#frontend/lib/use-media-query.ts';
import type { TimeSlot } from '../api/booking-queries.ts';
import { accentFor } from '../lib/accent.ts';
import { addDays, detectTimeZone, formatDateTitle, formatTimeRange, todayIn, yearMonthOf, type YearMonth } from '../lib/dates.ts';
import { previewAvailability, previewEvent, previewSlots } from '../lib/preview-data.ts';
import { EventSummary } from './event-summary.tsx';
import { MonthCalendar } from './month-calendar.tsx';
import { TimeSlotList } from './time-slot-list.tsx';

/**
 * The landing page's read-only demo of the public booking page (booking-landing-auth-admin.md "Landing page at /",
 * "Read-only mode"): the real calendar and slot list on sample data. No API call, nothing is submitted; on mobile
 * (width under 768 px) clicks on dates are ignored.
 */
export function BookingPreview() {
  const [timeZone] = useState(detectTimeZone);
  const today = todayIn(timeZone);
  const event = useMemo(() => previewEvent(timeZone), [timeZone]);
  const availability = useMemo(() => previewAvailability(today), [today]);
  const readOnly = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);

  const [view, setView] = useState<YearMonth>(() => yearMonthOf(today));
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [selectedSlot, setSelectedSlot] = useState<TimeSlot | null>(null);
  const slots = useMemo(() => (selectedDate ? previewSlots(selectedDate) : []), [selectedDate]);

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

  return (
    <section
      aria-label="Booking page demo"
      data-read-only={readOnly || undefined}
      style={{ '--accent': accentFor(event.color) } as CSSProperties}
      className="grid gap-4 text-left md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]"
    >
      <EventSummary event={event} titleLevel={3} />

      {/* Reserved height: switching between calendar and times, or 5- and 6-week months, does not move the page. */}
      <div className="min-h-[28rem] rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:min-h-[31rem] sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        {selectedDate ? (
          selectedSlot ? (
            <DemoNote date={selectedDate} slot={selectedSlot} timeZone={timeZone} onBack={() => setSelectedSlot(null)} />
          ) : (
            <TimeSlotList
              date={selectedDate}
              slots={slots}
              loading={false}
              timeZone={timeZone}
              hostTimeZone={event.timeZone}
              canGoToPreviousDay={selectedDate > today}
              onPreviousDay={() => selectDate(addDays(selectedDate, -1))}
              onNextDay={() => selectDate(addDays(selectedDate, 1))}
              onBack={backToCalendar}
              onSelect={setSelectedSlot}
            />
          )
        ) : (
          <MonthCalendar
            view={view}
            today={today}
            selectedDate={selectedDate}
            availability={availability}
            loading={false}
            onSelect={selectDate}
            onViewChange={setView}
          />
        )}
        {readOnly && !selectedDate && (
          <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
            Demo preview: open this page on a larger screen to pick a date.
          </p>
        )}
      </div>
    </section>
  );
}

/** What a guest would see next, replaced by a plain note: the demo books nothing. */
function DemoNote({ date, slot, timeZone, onBack }: { date: string; slot: TimeSlot; timeZone: string; onBack: () => void }) {
  return (
    <div role="status" className="flex flex-col items-start gap-3">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{formatDateTitle(date)}</h3>
      <p className="font-medium text-slate-800 dark:text-slate-200">{formatTimeRange(slot.start, slot.end, timeZone)}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        This is a demo, so nothing is booked. On your own booking page, your guest would now enter their details and
        confirm the booking.
      </p>
      <button
        type="button"
        onClick={onBack}
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
