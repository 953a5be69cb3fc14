import { useState, type FormEvent } from 'react';

import { dateOverrideBody, type DateOverride } from '#shared/api/schemas/host-events';
import { Button } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#frontend/components/ui/dialog.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useSaveDateOverride } from '#frontend/features/event-editor/api/save-date-override.ts';
import { DatePicker } from '#frontend/features/event-editor/components/date-picker.tsx';
import { Select } from '#frontend/features/event-editor/components/form-controls.tsx';
import { dateExceptionTimesProblem, REGULAR_HOURS_HINT } from '#frontend/features/event-editor/lib/date-exception.ts';
import { formatClock, HALF_HOURS } from '#frontend/features/event-editor/lib/time-options.ts';

const SELECT_A_DATE = 'Please select a date for the override.';

/**
 * 'Add Date Exception' / 'Edit Date Exception' (one date override): a date
 * (past dates cannot be picked), whether the host is available then, and, only when available, start and end times:
 * both, or neither to keep the weekday's regular hours (the availability engine ignores one time alone, so the
 * dialog asks for the other). Saved with POST /api/events/{ref}/date-overrides.
 */
export function DateExceptionDialog({
  eventRef,
  override,
  today,
  onClose,
}: {
  eventRef: string;
  /** The exception being edited, or null to add one. */
  override: DateOverride | null;
  today: string;
  onClose: () => void;
}) {
  const [date, setDate] = useState<string | null>(override?.date ?? null);
  const [available, setAvailable] = useState(override?.available ?? false);
  const [startTime, setStartTime] = useState(override?.startTime ?? '');
  const [endTime, setEndTime] = useState(override?.endTime ?? '');
  const [errors, setErrors] = useState<{ date?: string; startTime?: string; endTime?: string }>({});
  const save = useSaveDateOverride(eventRef);
  const title = override ? 'Edit Date Exception' : 'Add Date Exception';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!date) {
      setErrors({ date: SELECT_A_DATE });
      toast({ variant: 'destructive', title: 'Select a date', description: SELECT_A_DATE });
      return;
    }
    const timesProblem = dateExceptionTimesProblem(available, startTime, endTime);
    if (timesProblem) {
      setErrors(timesProblem);
      return;
    }
    const parsed = dateOverrideBody.safeParse({
      ...(override && { id: override.id }),
      date,
      available,
      startTime: available ? startTime : null,
      endTime: available ? endTime : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors(issue?.path[0] === 'endTime' ? { endTime: issue.message } : { date: issue?.message ?? SELECT_A_DATE });
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Date override saved', description: 'Your date exception has been added.' });
        onClose();
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Error saving date override',
          description: 'There was a problem saving your date exception.',
        }),
    });
  };

  const timeSelect = (
    id: string,
    label: string,
    blank: string,
    value: string,
    onChange: (value: string) => void,
    error?: string,
  ) => (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        className="mt-1.5"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{blank}</option>
        {HALF_HOURS.map((time) => (
          <option key={time} value={time}>
            {formatClock(time)}
          </option>
        ))}
      </Select>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Change your availability for one date: take it off, or set other hours.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5 overflow-y-auto">
          <div>
            <DatePicker
              label="Date"
              today={today}
              value={date}
              onChange={(picked) => {
                setDate(picked);
                setErrors((current) => ({ ...current, date: undefined }));
              }}
              invalid={Boolean(errors.date)}
              describedBy={errors.date ? 'date-exception-date-error' : undefined}
            />
            {errors.date && (
              <p id="date-exception-date-error" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
                {errors.date}
              </p>
            )}
          </div>

          <fieldset>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Available on this date?</legend>
            <div className="mt-2 flex gap-4">
              {([true, false] as const).map((choice) => (
                <label key={String(choice)} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="date-exception-available"
                    checked={available === choice}
                    onChange={() => setAvailable(choice)}
                    className="accent-brand-700"
                  />
                  {choice ? 'Yes' : 'No'}
                </label>
              ))}
            </div>
          </fieldset>

          {available && (
            <div className="grid gap-4 sm:grid-cols-2">
              {timeSelect(
                'date-exception-start',
                'Start time',
                'Regular hours',
                startTime,
                (value) => {
                  setStartTime(value);
                  setErrors((current) => ({ ...current, startTime: undefined, endTime: undefined }));
                },
                errors.startTime,
              )}
              {timeSelect(
                'date-exception-end',
                'End time',
                'Regular hours',
                endTime,
                (value) => {
                  setEndTime(value);
                  setErrors((current) => ({ ...current, startTime: undefined, endTime: undefined }));
                },
                errors.endTime,
              )}
              <p className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-400">{REGULAR_HOURS_HINT}</p>
            </div>
          )}

          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
