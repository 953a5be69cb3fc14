import { useState } from 'react';
import { flushSync } from 'react-dom';

import type { EventFormValues } from '#frontend/features/event-editor/lib/event-form.ts';

/**
 * The editor's form state: values, field messages by path ("title", "availabilityRanges.1.endTime") shown under
 * each field (aria-invalid, aria-describedby), and focus on the first invalid field in page order.
 */
export function useEventForm(initial: () => EventFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** Changes fields; a changed field's message goes (the next submit checks again). */
  const set = (changes: Partial<EventFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    const changed = Object.keys(changes);
    setErrors((current) => {
      const kept = Object.entries(current).filter(
        ([path]) => !changed.some((key) => path === key || path.startsWith(`${key}.`)),
      );
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  };

  /** Shows the messages at once and focuses the first invalid field of `container` (sections open first). */
  const showErrors = (next: Record<string, string>, container: HTMLElement | null, beforeFocus?: () => void) => {
    flushSync(() => {
      setErrors(next);
      beforeFocus?.();
    });
    container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return { values, set, setValues, errors, setErrors, showErrors };
}

export type EventForm = ReturnType<typeof useEventForm>;

export const fieldId = (path: string): string => `event-${path.replace(/\./g, '-')}`;
const errorId = (path: string): string => `${fieldId(path)}-error`;

/** The id and error wiring of the field at `path`. */
export function fieldProps(form: EventForm, path: string) {
  const invalid = Boolean(form.errors[path]);
  return {
    id: fieldId(path),
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId(path) : undefined,
  };
}
