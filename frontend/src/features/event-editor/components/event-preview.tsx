import { useCallback, useMemo } from 'react';

import type { DateOverride } from '#shared/api/schemas/host-events';
import { scopeCustomCss } from '#shared/custom-css';
import { BOOKING_PAGE_SCOPE, BookingTheme } from '#frontend/components/booking/booking-theme.tsx';
import { EventSummary } from '#frontend/components/booking/event-summary.tsx';
import { StaticBookingFlow } from '#frontend/components/booking/static-booking-flow.tsx';
import type { EventFormValues } from '#frontend/features/event-editor/lib/event-form.ts';
import {
  previewAvailability,
  previewEvent,
  previewSlots,
  type PreviewHost,
  type SlotSettings,
} from '#frontend/features/event-editor/lib/preview.ts';
import type { YearMonth } from '#frontend/lib/dates.ts';

/**
 * The live preview of the create/edit event screen: the public booking page's own event summary,
 * calendar and slot list, in its theme and with its custom CSS (BookingTheme), fed by the form's values as they
 * change. Slots are those the working hours, exceptions and limits give with no bookings, in the event's zone.
 * Nothing can be booked: picking a time only says so.
 */
export function EventPreview({
  values,
  overrides,
  host,
  today,
}: {
  values: EventFormValues;
  overrides: readonly DateOverride[];
  host: PreviewHost;
  today: string;
}) {
  const event = previewEvent(values, host, 0);

  const { availabilityRanges, duration, timeZone, advanceBookingDays, minimumNoticeAmount, minimumNoticeUnit } = values;
  // Recomputed only when a value that moves slots changes, not on every keystroke in the title.
  const slotInputs = useMemo<SlotSettings>(
    () => ({ availabilityRanges, duration, timeZone, advanceBookingDays, minimumNoticeAmount, minimumNoticeUnit }),
    [availabilityRanges, duration, timeZone, advanceBookingDays, minimumNoticeAmount, minimumNoticeUnit],
  );
  const availabilityFor = useCallback(
    (view: YearMonth) => previewAvailability(slotInputs, overrides, view, today),
    [slotInputs, overrides, today],
  );
  const slotsFor = useCallback(
    (date: string) => previewSlots(slotInputs, overrides, date, today),
    [slotInputs, overrides, today],
  );

  return (
    <BookingTheme design={values} scopedCss={scopeCustomCss(values.customCss, BOOKING_PAGE_SCOPE)} className="flex-1">
      <p
        role="note"
        className="bg-slate-900 px-4 py-2.5 text-center text-sm font-medium text-white dark:bg-slate-100 dark:text-slate-900"
      >
        This is a preview. To book an event, share the link with your invitees.
      </p>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 xl:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <EventSummary event={event} titleLevel={2} />
        <section
          aria-label="Preview of date and time selection"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h3 className="mb-5 text-xl font-bold text-slate-900 dark:text-white">Select a Date &amp; Time</h3>
          <StaticBookingFlow
            today={today}
            timeZone={timeZone}
            hostTimeZone={timeZone}
            availabilityFor={availabilityFor}
            slotsFor={slotsFor}
            note="In the preview nothing is booked; your invitees enter their details at this step."
          />
        </section>
      </div>
    </BookingTheme>
  );
}
