import { useState } from 'react';
import { flushSync } from 'react-dom';

import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import type { FieldErrors } from '#frontend/lib/field-errors.ts';

/**
 * A small form state: values, per-field messages shown under each field (aria-invalid, aria-describedby), and
 * focus on the first invalid field in form order, as the contact form does.
 */
export function useFieldForm<F extends string>(prefix: string, fields: readonly F[], empty: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const fieldId = (field: F) => `${prefix}-${field}`;
  const errorId = (field: F) => `${prefix}-${field}-error`;

  const showErrors = (next: FieldErrors<F>) => {
    flushSync(() => setErrors(next));
    const first = fields.find((field) => next[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const fieldProps = (field: F) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      // Editing a field clears its message; the next submit validates again.
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });

  const fieldError = (field: F) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
        {errors[field]}
      </p>
    ) : null;

  return { values, setValues, errors, setErrors, showErrors, fieldId, fieldProps, fieldError };
}

type FieldForm<F extends string> = ReturnType<typeof useFieldForm<F>>;

/** A labelled text field with its message. */
export function FormField<F extends string>({
  form,
  field,
  label,
  ...inputProps
}: {
  form: FieldForm<F>;
  field: F;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'email' | 'text';
}) {
  return (
    <div>
      <Label htmlFor={form.fieldId(field)}>{label}</Label>
      <Input className="mt-1.5" {...inputProps} {...form.fieldProps(field)} />
      {form.fieldError(field)}
    </div>
  );
}
