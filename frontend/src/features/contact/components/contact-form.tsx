import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';

import { contactSubmitBody, type ContactSubmitInput } from '#shared/api/schemas/contact';
import { Button } from '#frontend/components/ui/button.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { Textarea } from '#frontend/components/ui/textarea.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useSubmitContact } from '#frontend/features/contact/api/submit-contact.ts';
import { isApiError, type ErrorDetail } from '#frontend/lib/api.ts';

type Field = keyof ContactSubmitInput;
type FieldErrors = Partial<Record<Field, string>>;

/** Form order: the first invalid one in this order gets focus. */
const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: ContactSubmitInput = { name: '', email: '', subject: '', message: '' };

const isField = (key: unknown): key is Field => typeof key === 'string' && (FIELDS as readonly string[]).includes(key);
const fieldId = (field: Field) => `contact-${field}`;
const errorId = (field: Field) => `contact-${field}-error`;

/** The first message of each field, from the shared schema's issues. */
function errorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A 400 answer's details (`[{ path, message }]`); the path may be "name", "body.name" or "/name". */
function errorsFromDetails(details: readonly ErrorDetail[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of details) {
    const field = detail.path.split(/[./]/).filter(Boolean).pop();
    if (isField(field) && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

export function ContactForm() {
  const [values, setValues] = useState<ContactSubmitInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = useSubmitContact();

  /** Shows the messages, then moves focus to the first invalid field (already described by its message). */
  const showErrors = (next: FieldErrors) => {
    flushSync(() => setErrors(next));
    const first = FIELDS.find((field) => next[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // Editing a field clears its message; the next submit validates again.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    // The same schema the server uses (shared/api/schemas/contact.ts).
    const parsed = contactSubmitBody.safeParse(values);
    if (!parsed.success) {
      showErrors(errorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Message sent!', description: "Thanks for reaching out. We'll get back to you soon." });
        setValues(EMPTY);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Something went wrong',
          description: "Your message couldn't be sent. Please try again later.",
        });
        if (isApiError(error) && error.status === 400 && error.details?.length) {
          showErrors(errorsFromDetails(error.details));
        }
      },
    });
  };

  const fieldProps = (field: Field) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: change(field),
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-describedby="contact-form-hint">
      <p id="contact-form-hint" className="sr-only">
        All fields are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={fieldId('name')}>Name</Label>
          <Input className="mt-1.5" autoComplete="name" {...fieldProps('name')} />
          {fieldError('name')}
        </div>
        <div>
          <Label htmlFor={fieldId('email')}>Email</Label>
          <Input className="mt-1.5" type="email" autoComplete="email" inputMode="email" {...fieldProps('email')} />
          {fieldError('email')}
        </div>
      </div>
      <div>
        <Label htmlFor={fieldId('subject')}>Subject</Label>
        <Input className="mt-1.5" {...fieldProps('subject')} />
        {fieldError('subject')}
      </div>
      <div>
        <Label htmlFor={fieldId('message')}>Message</Label>
        <Textarea className="mt-1.5" rows={6} {...fieldProps('message')} />
        {fieldError('message')}
      </div>
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submit.isPending}>
          {submit.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
