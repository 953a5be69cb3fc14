import { useState } from 'react';

import { DEFAULT_TIME_ZONE } from '#shared/constants';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { fieldClasses, Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { useDebugTimeSlots } from '#frontend/features/events/api/get-time-slots.ts';
import { AvailabilityGridTable, GridLegend } from '#frontend/features/events/components/availability-grid-table.tsx';
import { availabilityGrid } from '#frontend/features/events/lib/availability-grid.ts';
import { cn } from '#frontend/lib/cn.ts';
import { useEvents } from '#frontend/lib/list-events.ts';
import { useSettings } from '#frontend/lib/settings.ts';
import { useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

const NO_EVENT = '';
const pad = (value: number) => String(value).padStart(2, '0');
const todayOnThisDevice = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * /hourly-debug, the time-slot debug view: a date (today by default), an
 * optional event of the host's (the first one until another is chosen) and the date's 96 quarter hours marked
 * from the booking page's own time-slot answer, in the event's zone (Eastern without an event). Without an event the
 * server's default hours take the duration and break of the admin's settings (GET /api/settings meetingDuration,
 * breakBetweenMeetings); the page names them.
 */
export function HourlyDebugPage() {
  useDocumentTitle('Hourly Debug · Meetwise');
  const currentUser = useCurrentUser({ refetchOnMount: false });
  const events = useEvents({ enabled: Boolean(currentUser.data) });
  const [date, setDate] = useState(todayOnThisDevice);
  const [chosen, setChosen] = useState<string | null>(null);

  const list = events.data ?? [];
  const selectedId = chosen ?? (list[0] ? String(list[0].id) : NO_EVENT);
  const event = list.find((candidate) => String(candidate.id) === selectedId) ?? null;
  const timezone = event?.timeZone ?? DEFAULT_TIME_ZONE;
  // With no event chosen, the admin's duration and break (which the server's default hours use) are named; asked
  // again on each entry, as the debug view's slots are.
  const settings = useSettings({ enabled: event === null && !events.isPending, everyMount: true });
  const defaults = event === null ? settings.data : undefined;
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const slots = useDebugTimeSlots(
    { date, eventId: event?.id ?? null, timezone },
    // Waits for the events, so the first event is known before anything is asked.
    { enabled: validDate && !events.isPending },
  );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Hourly Availability Debug</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Each 15-minute cell of the day, marked from the booking page&apos;s time slots for that date.
      </p>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="debug-date">Date</Label>
          <Input
            id="debug-date"
            type="date"
            className="mt-1.5"
            value={date}
            onChange={(change) => setDate(change.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="debug-event">Event</Label>
          <select
            id="debug-event"
            className={cn(fieldClasses, 'mt-1.5 h-10')}
            value={selectedId}
            disabled={events.isPending}
            onChange={(change) => setChosen(change.target.value)}
          >
            <option value={NO_EVENT}>No event (default hours)</option>
            {list.map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.title}
              </option>
            ))}
          </select>
        </div>
      </div>

      <section aria-labelledby="debug-grid-heading" className="mt-8">
        <h2 id="debug-grid-heading" className="text-lg font-semibold">
          {validDate ? `${date} in ${timezone}` : 'Choose a date'}
        </h2>
        {defaults && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Default hours: {defaults.meetingDuration}-minute meetings,{' '}
            {defaults.breakBetweenMeetings === 0
              ? 'no break between them'
              : `${defaults.breakBetweenMeetings}-minute break between them`}{' '}
            (the admin&apos;s booking settings).
          </p>
        )}
        <div className="mt-3">
          <GridLegend />
        </div>
        <div className="mt-4">
          {!validDate ? null : slots.isPending ? (
            <p role="status" className="text-slate-600 dark:text-slate-300">
              Loading time slots...
            </p>
          ) : slots.isError ? (
            <ErrorAlert title="Failed to load time slots" message={slots.error.message} />
          ) : (
            <AvailabilityGridTable
              caption={`Availability on ${date} in ${timezone}`}
              cells={availabilityGrid(slots.data.timeSlots, date, timezone)}
            />
          )}
        </div>
      </section>
    </div>
  );
}
