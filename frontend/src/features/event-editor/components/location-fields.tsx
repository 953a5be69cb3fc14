import { useRef } from 'react';
import { Link } from 'react-router-dom';

import { GOOGLE_MEET_NEEDS_GOOGLE, LOCATION_DETAIL_MAX, LOCATION_TYPES, type PhoneCaller } from '#shared/locations';
import { Input } from '#frontend/components/ui/input.tsx';
import { Field, FieldError, Select } from '#frontend/features/event-editor/components/form-controls.tsx';
import { fieldId, fieldProps, type EventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import {
  asksLocationDetail,
  LOCATION_DETAIL_FIELDS,
  switchLocationType,
  type LocationDrafts,
  type LocationType,
} from '#frontend/features/event-editor/lib/event-form.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/** What each location type means for the host, under the select. */
const TYPE_HINTS: Record<LocationType, string> = {
  'google-meet': 'Each booking gets its own Google Meet link, sent with the calendar invitation.',
  video: 'Each booking gets its own video call link. Guests need no account to join.',
  link: 'Your Zoom, Microsoft Teams or other meeting link. Guests get it once they have booked.',
  phone: 'Choose who calls whom.',
  'in-person': 'Guests see the address on the booking page.',
};

const CALLERS: ReadonlyArray<{ value: PhoneCaller; label: string; explanation: string }> = [
  { value: 'guest', label: 'Guests call me', explanation: 'Guests see your number once they have booked.' },
  { value: 'host', label: 'I call the guest', explanation: 'Guests are asked for their phone number when they book.' },
];

/**
 * The event's location (issue 30 §1): the five types, Google Meet only with Google Calendar connected (else disabled,
 * with the reason and the way to connect it), and the address, phone number or meeting link the type needs; for a
 * phone call, who calls whom.
 */
export function LocationFields({
  form,
  googleConnected,
}: {
  form: EventForm;
  /** The host's Google Calendar is connected: true, false, or null when not known (yet) or a team event. */
  googleConnected: boolean | null;
}) {
  const { values, set } = form;
  const drafts = useRef<LocationDrafts>({});
  const meetBlocked = googleConnected === false;
  const type = values.locationType;
  const reasonId = `${fieldId('locationType')}-reason`;
  const hintId = `${fieldId('locationType')}-hint`;
  const typeProps = fieldProps(form, 'locationType');
  const describedBy =
    [typeProps['aria-describedby'], meetBlocked ? reasonId : null, type ? hintId : null].filter(Boolean).join(' ') ||
    undefined;
  const detailField = asksLocationDetail(values)
    ? LOCATION_DETAIL_FIELDS[type as keyof typeof LOCATION_DETAIL_FIELDS]
    : null;

  return (
    <div className="grid gap-4">
      <div>
        <Field form={form} path="locationType" label="Location" required>
          <Select
            {...typeProps}
            aria-describedby={describedBy}
            required
            value={type}
            onChange={(event) => {
              const next = switchLocationType(values, event.target.value as LocationType | '', drafts.current);
              drafts.current = next.drafts;
              set(next.changes);
            }}
          >
            <option value="">Select a location type</option>
            {(Object.entries(LOCATION_TYPES) as Array<[LocationType, string]>).map(([value, label]) => (
              <option key={value} value={value} disabled={value === 'google-meet' && meetBlocked}>
                {value === 'google-meet' && meetBlocked ? `${label} (needs Google Calendar)` : label}
              </option>
            ))}
          </Select>
        </Field>
        {type && (
          <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
            {TYPE_HINTS[type]}
          </p>
        )}
        {meetBlocked && (
          <p
            id={reasonId}
            className="mt-1.5 rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            {GOOGLE_MEET_NEEDS_GOOGLE}{' '}
            <Link
              to="/calendar-integration"
              className={cn('rounded-sm font-medium underline underline-offset-2', focusRing)}
            >
              Open Calendar
            </Link>
          </p>
        )}
      </div>

      {type === 'phone' && (
        <fieldset
          aria-describedby={form.errors.phoneCaller ? `${fieldId('phoneCaller')}-error` : undefined}
          className="grid gap-2"
        >
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Who calls whom</legend>
          {CALLERS.map((caller) => (
            <label
              key={caller.value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
            >
              <input
                type="radio"
                name="event-phoneCaller"
                value={caller.value}
                checked={values.phoneCaller === caller.value}
                onChange={() => set({ phoneCaller: caller.value })}
                className={cn('mt-0.5 size-4 cursor-pointer accent-brand-700', focusRing)}
                {...(caller.value === 'guest' && {
                  id: fieldId('phoneCaller'),
                  'aria-invalid': form.errors.phoneCaller ? true : undefined,
                })}
              />
              <span>
                <span className="block font-medium text-slate-900 dark:text-white">{caller.label}</span>
                <span className="block text-slate-600 dark:text-slate-300">{caller.explanation}</span>
              </span>
            </label>
          ))}
          <FieldError form={form} path="phoneCaller" />
        </fieldset>
      )}

      {detailField && (
        <Field form={form} path="locationDetail" label={detailField.label} required>
          <Input
            {...fieldProps(form, 'locationDetail')}
            required
            type={type === 'link' ? 'url' : type === 'phone' ? 'tel' : 'text'}
            inputMode={type === 'link' ? 'url' : type === 'phone' ? 'tel' : undefined}
            autoComplete={type === 'phone' ? 'tel' : 'off'}
            spellCheck={type === 'in-person'}
            maxLength={LOCATION_DETAIL_MAX}
            placeholder={detailField.placeholder}
            value={values.locationDetail}
            onChange={(event) => set({ locationDetail: event.target.value })}
          />
        </Field>
      )}
    </div>
  );
}
