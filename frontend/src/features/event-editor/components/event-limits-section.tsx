import { BUFFER_OPTIONS, DEFAULT_ADVANCE_BOOKING_DAYS } from '#shared/constants';
import {
  DEFAULT_PENDING_EXPIRY_HOURS,
  MAX_PENDING_EXPIRY_HOURS,
  MIN_PENDING_EXPIRY_HOURS,
} from '#shared/rules/pending';
import { Input } from '#frontend/components/ui/input.tsx';
import { Field, Select, Switch } from '#frontend/features/event-editor/components/form-controls.tsx';
import { fieldProps, type EventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import type { NoticeUnit } from '#frontend/features/event-editor/lib/event-form.ts';

const NOTICE_UNITS: ReadonlyArray<[NoticeUnit, string]> = [
  ['minutes', 'Minutes'],
  ['hours', 'Hours'],
  ['days', 'Days'],
];

/**
 * 'Event limits': buffers before and after (0–60 minutes), minimum notice (amount and unit),
 * the advance booking window (at least 1 day; emptied, it is 60), an optional daily limit, whether bookings need
 * the host's confirmation and, when they do, how many hours a request waits before it expires (issue 31).
 */
export function EventLimitsSection({ form }: { form: EventForm }) {
  const { values, set } = form;
  const bufferSelect = (path: 'bufferBefore' | 'bufferAfter') => (
    <Select
      {...fieldProps(form, path)}
      value={values[path]}
      onChange={(event) => set({ [path]: Number(event.target.value) })}
    >
      {BUFFER_OPTIONS.map((minutes) => (
        <option key={minutes} value={minutes}>
          {minutes === 0 ? 'No buffer' : `${minutes} minutes`}
        </option>
      ))}
    </Select>
  );

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field form={form} path="bufferBefore" label="Buffer before event">
          {bufferSelect('bufferBefore')}
        </Field>
        <Field form={form} path="bufferAfter" label="Buffer after event">
          {bufferSelect('bufferAfter')}
        </Field>
      </div>

      <Field
        form={form}
        path="minimumNoticeAmount"
        label="Minimum notice"
        hint="How long before a meeting guests can still book it."
      >
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
          <Input
            {...fieldProps(form, 'minimumNoticeAmount')}
            type="number"
            inputMode="numeric"
            min={0}
            value={values.minimumNoticeAmount}
            onChange={(event) => set({ minimumNoticeAmount: event.target.value })}
          />
          <Select
            aria-label="Minimum notice unit"
            value={values.minimumNoticeUnit}
            onChange={(event) => set({ minimumNoticeUnit: event.target.value as NoticeUnit })}
          >
            {NOTICE_UNITS.map(([unit, label]) => (
              <option key={unit} value={unit}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      </Field>

      <Field
        form={form}
        path="advanceBookingDays"
        label="Booking window (days)"
        hint="How many days ahead guests can book."
      >
        <Input
          {...fieldProps(form, 'advanceBookingDays')}
          type="number"
          inputMode="numeric"
          min={1}
          placeholder={String(DEFAULT_ADVANCE_BOOKING_DAYS)}
          value={values.advanceBookingDays}
          onChange={(event) => set({ advanceBookingDays: event.target.value })}
          onBlur={() => {
            if (values.advanceBookingDays.trim() === '')
              set({ advanceBookingDays: String(DEFAULT_ADVANCE_BOOKING_DAYS) });
          }}
        />
      </Field>

      <Field
        form={form}
        path="maxBookingsPerDay"
        label="Daily limit"
        hint="The most bookings a day; leave blank for no limit."
      >
        <Input
          {...fieldProps(form, 'maxBookingsPerDay')}
          type="number"
          inputMode="numeric"
          min={1}
          value={values.maxBookingsPerDay}
          onChange={(event) => set({ maxBookingsPerDay: event.target.value })}
        />
      </Field>

      <Switch
        label="Requires confirmation"
        checked={values.requiresConfirmation}
        onCheckedChange={(requiresConfirmation) => set({ requiresConfirmation })}
      />

      {values.requiresConfirmation && (
        <Field
          form={form}
          path="pendingExpiryHours"
          label="Requests expire after (hours)"
          hint={`A request you have not confirmed by then is withdrawn and its time offered again; never later than the meeting's start. ${MIN_PENDING_EXPIRY_HOURS} to ${MAX_PENDING_EXPIRY_HOURS} hours.`}
        >
          <Input
            {...fieldProps(form, 'pendingExpiryHours')}
            type="number"
            inputMode="numeric"
            min={MIN_PENDING_EXPIRY_HOURS}
            max={MAX_PENDING_EXPIRY_HOURS}
            step={1}
            placeholder={String(DEFAULT_PENDING_EXPIRY_HOURS)}
            value={values.pendingExpiryHours}
            onChange={(event) => set({ pendingExpiryHours: event.target.value })}
            onBlur={() => {
              if (values.pendingExpiryHours.trim() === '')
                set({ pendingExpiryHours: String(DEFAULT_PENDING_EXPIRY_HOURS) });
            }}
          />
        </Field>
      )}
    </>
  );
}
