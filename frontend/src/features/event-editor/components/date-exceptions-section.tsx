import { useMemo, useState } from 'react';

import type { DateOverride } from '#shared/api/schemas/host-events';
import { Button } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useDeleteDateOverride } from '#frontend/features/event-editor/api/delete-date-override.ts';
import {
  BlockDatePopover,
  BlockDateUnavailable,
} from '#frontend/features/event-editor/components/block-date-popover.tsx';
import { DateExceptionDialog } from '#frontend/features/event-editor/components/date-exception-dialog.tsx';
import { formatClock } from '#frontend/features/event-editor/lib/time-options.ts';
import { formatLongDate } from '#frontend/lib/dates.ts';

/** What an exception does, in words: "Unavailable", "10:00 AM – 2:00 PM", "Regular hours". */
function describe(override: DateOverride): string {
  if (!override.available) return 'Unavailable';
  // Like the availability engine: only both times replace the regular hours; one alone keeps them.
  if (!override.startTime || !override.endTime) return 'Available, regular hours';
  return `Available ${formatClock(override.startTime)} – ${formatClock(override.endTime)}`;
}

/**
 * Date-specific hours (the event's date overrides, edited in the date exception dialog): the
 * event's exceptions with edit and delete, 'Add Date Exception' and 'Block a Date'. A new event has none yet.
 */
export function DateExceptionsSection({
  eventRef,
  overrides,
  loading,
  today,
}: {
  /** The saved event's id, or null for a new event. */
  eventRef: string | null;
  overrides: readonly DateOverride[];
  loading: boolean;
  today: string;
}) {
  const blocked = useMemo(
    () => new Set(overrides.filter((item) => !item.available).map((item) => item.date)),
    [overrides],
  );
  return (
    <section
      aria-labelledby="date-exceptions-title"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="date-exceptions-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Date-specific hours
      </h2>
      {eventRef ? (
        <SavedEventExceptions
          eventRef={eventRef}
          overrides={overrides}
          loading={loading}
          blocked={blocked}
          today={today}
        />
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            You can add date overrides after creating the event.
          </p>
          <div className="mt-3">
            <BlockDateUnavailable />
          </div>
        </>
      )}
    </section>
  );
}

function SavedEventExceptions({
  eventRef,
  overrides,
  loading,
  blocked,
  today,
}: {
  eventRef: string;
  overrides: readonly DateOverride[];
  loading: boolean;
  blocked: ReadonlySet<string>;
  today: string;
}) {
  /** The dialog: closed, adding (null) or editing one exception. */
  const [dialog, setDialog] = useState<{ override: DateOverride | null } | undefined>();
  const remove = useDeleteDateOverride(eventRef);

  const onDelete = (override: DateOverride) =>
    remove.mutate(override.id, {
      onSuccess: () => toast({ title: 'Date exception deleted' }),
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to delete date exception. Please try again.',
        }),
    });

  return (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Change your hours or take a day off on specific dates.
      </p>
      {loading ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" role="status">
          Loading date exceptions...
        </p>
      ) : overrides.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">No date exceptions yet.</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Date exceptions">
          {overrides.map((override) => (
            <li
              key={override.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800"
            >
              <span>
                <span className="font-medium text-slate-900 dark:text-white">{formatLongDate(override.date)}</span>
                <span className="block text-slate-700 dark:text-slate-300">{describe(override)}</span>
              </span>
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setDialog({ override })}
                  aria-label={`Edit ${formatLongDate(override.date)}`}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => onDelete(override)}
                  aria-label={`Delete ${formatLongDate(override.date)}`}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setDialog({ override: null })}>
          Add Date Exception
        </Button>
        <BlockDatePopover eventRef={eventRef} blockedDates={blocked} today={today} />
      </div>
      {dialog && (
        <DateExceptionDialog
          eventRef={eventRef}
          override={dialog.override}
          today={today}
          onClose={() => setDialog(undefined)}
        />
      )}
    </>
  );
}
