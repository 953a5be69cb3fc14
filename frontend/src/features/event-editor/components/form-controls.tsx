import type { ComponentProps, ReactNode } from 'react';

import { fieldClasses } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { fieldId, type EventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/** Small form pieces of the event editor. */

/** The message under a field, linked by its aria-describedby. */
export function FieldError({ form, path }: { form: EventForm; path: string }) {
  const message = form.errors[path];
  return message ? (
    <p id={`${fieldId(path)}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

/** A labelled field with its message; `required` adds the asterisk the invalid-submit toast refers to. */
export function Field({
  form,
  path,
  label,
  required,
  hint,
  children,
}: {
  form: EventForm;
  path: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={fieldId(path)}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        )}
      </Label>
      <div className="mt-1.5">{children}</div>
      {hint && <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
      <FieldError form={form} path={path} />
    </div>
  );
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClasses, 'h-10 pr-8', className)} {...props} />;
}

/** An on/off switch (role switch); its name comes from `label` or from aria-label/aria-labelledby. */
export function Switch({
  checked,
  onCheckedChange,
  label,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'onChange' | 'role'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label?: string;
}) {
  const button = (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-brand-700' : 'bg-slate-300 dark:bg-slate-600',
        focusRing,
        !label && className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
  if (!label) return button;
  return (
    <label
      className={cn(
        'flex items-center justify-between gap-4 text-sm font-medium text-slate-800 dark:text-slate-200',
        className,
      )}
    >
      <span>{label}</span>
      {button}
    </label>
  );
}
