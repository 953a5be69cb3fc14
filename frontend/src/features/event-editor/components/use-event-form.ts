import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { untouchedDefaults, type EventFormValues } from '#frontend/features/event-editor/lib/event-form.ts';

/**
 * The editor's form state: values, field messages by path ("title", "availabilityRanges.1.endTime") shown under
 * each field (aria-invalid, aria-describedby), and focus on the first invalid field in page order. It remembers which
 * fields the host changed, so defaults that arrive late (the admin's settings) fill only the others.
 */
export function useEventForm(initial: () => EventFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edited = useRef(new Set<string>());

  /** Changes fields; a changed field's message goes (the next submit checks again). */
  const set = (changes: Partial<EventFormValues>) => {
    for (const key of Object.keys(changes)) edited.current.add(key);
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

  /** Late defaults: change only the fields the host has not edited (and nothing when they already hold them). */
  const fillUntouched = useCallback((defaults: Partial<EventFormValues>) => {
    const editedNow = new Set(edited.current);
    setValues((current) => {
      const changes = untouchedDefaults(current, defaults, editedNow);
      return Object.keys(changes).length === 0 ? current : { ...current, ...changes };
    });
  }, []);

  return { values, set, setValues, errors, setErrors, showErrors, fillUntouched };
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
