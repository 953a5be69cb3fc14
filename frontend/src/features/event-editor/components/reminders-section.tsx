import { useId } from 'react';

import { REMINDER_CHOICES } from '#shared/rules/reminders';
import { Switch } from '#frontend/features/event-editor/components/form-controls.tsx';
import type { EventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import { toggleReminder } from '#frontend/features/event-editor/lib/event-form.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * 'Reminders' (issue 16): which reminder e-mails go out before a booking (to the guest and their guests), and
 * whether the host gets them too.
 */
export function RemindersSection({ form }: { form: EventForm }) {
  const { values, set } = form;
  const hintId = useId();
  return (
    <>
      <fieldset aria-describedby={hintId}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Send reminders</legend>
        <ul className="mt-2 grid gap-2">
          {REMINDER_CHOICES.map((choice) => (
            <li key={choice.minutes}>
              <label className="flex cursor-pointer items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="checkbox"
                  className={cn('size-4 cursor-pointer rounded-sm accent-brand-700', focusRing)}
                  checked={values.reminders.includes(choice.minutes)}
                  onChange={(event) =>
                    set({ reminders: toggleReminder(values.reminders, choice.minutes, event.target.checked) })
                  }
                />
                {choice.label}
              </label>
            </li>
          ))}
        </ul>
        <p id={hintId} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Reminder e-mails go to the guest and their guests. None checked: no reminders.
        </p>
      </fieldset>
      <Switch
        label="Also remind me (the host)"
        checked={values.remindHost}
        onCheckedChange={(remindHost) => set({ remindHost })}
      />
    </>
  );
}
