import { TIME_ZONE_OPTIONS } from '#shared/constants';
import { Field, FieldError, Select, Switch } from '#frontend/features/event-editor/components/form-controls.tsx';
import { fieldProps, type EventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import type { AvailabilityRange } from '#frontend/features/event-editor/lib/event-form.ts';
import { formatClock, HALF_HOURS, WEEKDAY_NAMES } from '#frontend/features/event-editor/lib/time-options.ts';

/**
 * 'Working hours': per weekday an on/off switch and start and end times
 * every 30 minutes, and the event's time zone (one of the eight zones the editor offers).
 */
export function WorkingHoursSection({ form }: { form: EventForm }) {
  const { values, set } = form;
  const change = (dayOfWeek: number, changes: Partial<AvailabilityRange>) =>
    set({
      availabilityRanges: values.availabilityRanges.map((range) =>
        range.dayOfWeek === dayOfWeek ? { ...range, ...changes } : range,
      ),
    });

  return (
    <>
      <ul className="grid gap-3" aria-label="Working hours by weekday">
        {values.availabilityRanges.map((range, index) => {
          const day = WEEKDAY_NAMES[range.dayOfWeek]!;
          return (
            <li key={range.dayOfWeek}>
              <div className="flex flex-wrap items-center gap-3">
                <Switch
                  checked={range.active}
                  onCheckedChange={(active) => change(range.dayOfWeek, { active })}
                  aria-label={`${day} available`}
                />
                <span className="w-24 text-sm font-medium text-slate-800 dark:text-slate-200">{day}</span>
                {range.active ? (
                  <div className="flex items-center gap-2">
                    <Select
                      {...fieldProps(form, `availabilityRanges.${index}.startTime`)}
                      aria-label={`${day} start time`}
                      className="w-32"
                      value={range.startTime}
                      onChange={(event) => change(range.dayOfWeek, { startTime: event.target.value })}
                    >
                      {HALF_HOURS.map((time) => (
                        <option key={time} value={time}>
                          {formatClock(time)}
                        </option>
                      ))}
                    </Select>
                    <span aria-hidden="true" className="text-slate-600 dark:text-slate-400">
                      –
                    </span>
                    <Select
                      {...fieldProps(form, `availabilityRanges.${index}.endTime`)}
                      aria-label={`${day} end time`}
                      className="w-32"
                      value={range.endTime}
                      onChange={(event) => change(range.dayOfWeek, { endTime: event.target.value })}
                    >
                      {HALF_HOURS.map((time) => (
                        <option key={time} value={time}>
                          {formatClock(time)}
                        </option>
                      ))}
                    </Select>
                  </div>
                ) : (
                  <span className="text-sm text-slate-600 dark:text-slate-400">Unavailable</span>
                )}
              </div>
              <FieldError form={form} path={`availabilityRanges.${index}.endTime`} />
            </li>
          );
        })}
      </ul>
      <FieldError form={form} path="availabilityRanges" />

      <Field form={form} path="timeZone" label="Time zone">
        <Select
          {...fieldProps(form, 'timeZone')}
          value={values.timeZone}
          onChange={(event) => set({ timeZone: event.target.value })}
        >
          {!TIME_ZONE_OPTIONS.some((zone) => zone.value === values.timeZone) && (
            <option value={values.timeZone}>{values.timeZone}</option>
          )}
          {TIME_ZONE_OPTIONS.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
