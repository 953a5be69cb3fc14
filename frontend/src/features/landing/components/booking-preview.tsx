import { useCallback, useMemo, useState, type CSSProperties } from 'react';

import { MOBILE_BREAKPOINT_PX } from '#shared/constants';
import { EventSummary } from '#frontend/components/booking/event-summary.tsx';
import { StaticBookingFlow } from '#frontend/components/booking/static-booking-flow.tsx';
import { previewAvailability, previewEvent, previewSlots } from '#frontend/features/landing/lib/preview-data.ts';
import { accentFor } from '#frontend/lib/accent.ts';
import { detectTimeZone, todayIn } from '#frontend/lib/dates.ts';
import { useServerRenderTime } from '#frontend/lib/server-render.ts';
import { useMediaQuery } from '#frontend/lib/use-media-query.ts';

/**
 * The landing page's read-only demo of the public booking page (read-only):
 * the real calendar and slot list on sample data. No API call, nothing is submitted; on mobile
 * (width under 768 px) clicks on dates are ignored. Its dates are the visitor's (zone and today), which the page
 * prerendered at build time does not know: there the calendar's box stays empty (at its height) until the page has
 * hydrated, and fills at once after.
 */
/** What the calendar would read before the page is live (it is not drawn then). */
const NOT_LIVE = new Map<string, boolean>();

export function BookingPreview() {
  const live = useServerRenderTime() === null;
  const [timeZone] = useState(detectTimeZone);
  const today = todayIn(timeZone);
  const event = useMemo(() => previewEvent(timeZone), [timeZone]);
  // Only the live calendar reads it: not built while the prerendered page hydrates.
  const availability = useMemo(() => (live ? previewAvailability(today) : NOT_LIVE), [live, today]);
  const availabilityFor = useCallback(() => availability, [availability]);
  const readOnly = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);

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
        {live && (
          <StaticBookingFlow
            today={today}
            timeZone={timeZone}
            hostTimeZone={event.timeZone}
            availabilityFor={availabilityFor}
            slotsFor={previewSlots}
            readOnly={readOnly}
            note="This is a demo, so nothing is booked. On your own booking page, your guest would now enter their details and confirm the booking."
          />
        )}
        {readOnly && (
          <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
            Demo preview: open this page on a larger screen to pick a date.
          </p>
        )}
      </div>
    </section>
  );
}
