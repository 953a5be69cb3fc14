import { lazy, Suspense, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { GoogleLogo } from '#frontend/features/landing/components/landing-icons.tsx';
import type { FieldErrors } from '../lib/field-errors.ts';
import type { GoogleAuthType } from './use-google-sign-in.ts';

/** The pieces shared by /login, /register and /register-email: the card, the OR divider, the Google button, fields. */

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <h1 id="auth-title" className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {intro && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{intro}</p>}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3" role="separator" aria-label="or">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      <span aria-hidden="true" className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        Or
      </span>
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}

export function GoogleButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="outline" size="lg" className="w-full" onClick={onClick}>
      <GoogleLogo className="size-5" />
      {children}
    </Button>
  );
}

/** The fallback dialog's code (and Radix's) loads only when it first opens. */
const GoogleFallbackDialog = lazy(async () => ({
  default: (await import('./google-fallback-dialog.tsx')).GoogleFallbackDialog,
}));

export function GoogleFallback(props: { type: GoogleAuthType; open: boolean; onOpenChange: (open: boolean) => void }) {
  // Once opened it stays mounted, so closing can return focus and animate.
  const [needed, setNeeded] = useState(props.open);
  if (props.open && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <GoogleFallbackDialog {...props} />
    </Suspense>
  ) : null;
}

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
