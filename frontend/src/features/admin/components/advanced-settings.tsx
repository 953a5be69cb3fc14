import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';

import { settingsSchema, type SettingsResponse } from '#shared/api/schemas/settings';
import { BREAK_OPTIONS, MEETING_DURATION_OPTIONS } from '#shared/constants';
import { Button } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { fieldClasses, Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import type { SettingsChange } from '#frontend/features/admin/api/update-settings.ts';
import { panelClasses } from '#frontend/features/admin/components/quick-settings.tsx';
import { cn } from '#frontend/lib/cn.ts';

type TextField = 'adminEmail' | 'googleCalendarId';
const TEXT_FIELDS: readonly TextField[] = ['adminEmail', 'googleCalendarId'];

/** `save` resolves true once the server has taken the change (its toast already shown), false on failure. */
export type SaveSetting = (change: SettingsChange) => Promise<boolean>;

const breakLabel = (minutes: number) => (minutes === 0 ? 'No break' : `${minutes} minutes`);

/**
 * The Advanced Settings panel of the admin dashboard: meeting duration and
 * break between meetings (selects; a change is sent at once), the admin e-mail and the Google Calendar ID (text:
 * sent when the field is left, or on Enter, after the shared schema's check, whose message shows under the field),
 * and "Save & Close", which only closes the panel (after sending a text field still being edited).
 */
export function AdvancedSettings({
  settings,
  save,
  onClose,
  headingRef,
}: {
  settings: UseQueryResult<SettingsResponse>;
  save: SaveSetting;
  onClose: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={panelClasses}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-hidden">
        Advanced Settings
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Each change is saved as soon as you make it.</p>
      {settings.isPending ? (
        <p role="status" className="mt-6 text-sm text-slate-600 dark:text-slate-300">
          Loading settings...
        </p>
      ) : settings.isError ? (
        <>
          <ErrorAlert
            className="mt-6"
            title="Failed to load settings"
            message={settings.error.message || 'Please try again later.'}
          />
          <Button variant="outline" className="mt-6" onClick={onClose}>
            Close
          </Button>
        </>
      ) : (
        <SettingsForm settings={settings.data} save={save} onClose={onClose} />
      )}
    </section>
  );
}

function SettingsForm({
  settings,
  save,
  onClose,
}: {
  settings: SettingsResponse;
  save: SaveSetting;
  onClose: () => void;
}) {
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const [drafts, setDrafts] = useState<Record<TextField, string>>(() => ({
    adminEmail: settings.adminEmail ?? '',
    googleCalendarId: settings.googleCalendarId ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<TextField, string>>>({});
  // The value of each text field last sent (or loaded): leaving a field unchanged, or leaving it and then pressing
  // Save & Close, sends nothing more.
  const sent = useRef<Record<TextField, string>>({ ...drafts });

  /** Checks a text field and sends it when it changed; false when it is not valid (its message shows). */
  const commit = (field: TextField): boolean => {
    const value = drafts[field].trim();
    const checked = settingsSchema.shape[field].safeParse(value);
    if (!checked.success) {
      setErrors((current) => ({ ...current, [field]: checked.error.issues[0]?.message ?? 'Please check this value.' }));
      return false;
    }
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (value !== drafts[field]) setDrafts((current) => ({ ...current, [field]: value }));
    const before = sent.current[field];
    if (value !== before) {
      sent.current[field] = value;
      void save({ [field]: value }).then((saved) => {
        // Not taken: leaving the field again tries once more.
        if (!saved && sent.current[field] === value) sent.current[field] = before;
      });
    }
    return true;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = TEXT_FIELDS.filter((field) => !commit(field));
    if (invalid.length > 0) {
      document.getElementById(fieldId(invalid[0]!))?.focus();
      return;
    }
    onClose();
  };

  const textField = (field: TextField, label: string, hint: ReactNode, type: 'email' | 'text') => {
    const hintId = `${fieldId(field)}-hint`;
    const errorId = `${fieldId(field)}-error`;
    return (
      <div>
        <Label htmlFor={fieldId(field)}>{label}</Label>
        <Input
          id={fieldId(field)}
          name={field}
          type={type}
          autoComplete="off"
          spellCheck={false}
          className="mt-1.5"
          value={drafts[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={cn(hintId, errors[field] && errorId)}
          onChange={(event) => {
            const value = event.target.value;
            setDrafts((current) => ({ ...current, [field]: value }));
            if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
          }}
          onBlur={() => commit(field)}
        />
        <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
        {errors[field] && (
          <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {errors[field]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
      <div>
        <Label htmlFor={fieldId('meetingDuration')}>Meeting Duration</Label>
        <select
          id={fieldId('meetingDuration')}
          className={cn(fieldClasses, 'mt-1.5 h-10 pr-8')}
          value={String(settings.meetingDuration)}
          onChange={(event) => void save({ meetingDuration: Number(event.target.value) })}
        >
          {MEETING_DURATION_OPTIONS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} minutes
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={fieldId('breakBetweenMeetings')}>Break Between Meetings</Label>
        <select
          id={fieldId('breakBetweenMeetings')}
          className={cn(fieldClasses, 'mt-1.5 h-10 pr-8')}
          value={String(settings.breakBetweenMeetings)}
          onChange={(event) => void save({ breakBetweenMeetings: Number(event.target.value) })}
        >
          {BREAK_OPTIONS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {breakLabel(minutes)}
            </option>
          ))}
        </select>
      </div>
      {textField('adminEmail', 'Admin Email', 'Messages from the contact form are sent here.', 'email')}
      {textField('googleCalendarId', 'Google Calendar ID', 'Leave empty to use the primary calendar.', 'text')}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit">Save &amp; Close</Button>
      </div>
    </form>
  );
}
