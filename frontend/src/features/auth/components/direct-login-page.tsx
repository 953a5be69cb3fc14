import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { manualLoginBody } from '#shared/api/schemas/auth';
import { FormField, useFieldForm } from '#frontend/components/form-field.tsx';
import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { CheckCircleIcon } from '#frontend/components/ui/icons.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useManualLogin } from '#frontend/features/auth/api/manual-login.ts';
import { AuthCard } from '#frontend/features/auth/components/auth-form.tsx';
import { isApiError } from '#frontend/lib/api.ts';
import { errorsFromDetails, errorsFromIssues } from '#frontend/lib/field-errors.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

type Field = 'email' | 'username';
const FIELDS: readonly Field[] = ['email', 'username'];
const EMPTY: Record<Field, string> = { email: '', username: '' };

/**
 * /direct-login (manualLogin in docs/api.md; docs/security.md): for when Google sign-in fails. The e-mail (and an
 * optional username) is sent to the server, which mails a one-time sign-in link; the page shows the server's
 * answer, the same whether or not the address has an account. Nobody is signed in by this form.
 */
export function DirectLoginPage() {
  useDocumentTitle('Direct Login · Meetwise');
  const form = useFieldForm('direct-login', FIELDS, EMPTY);
  const manualLogin = useManualLogin();
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (manualLogin.isPending) return;
    const username = form.values.username.trim();
    const parsed = manualLoginBody.safeParse({ email: form.values.email, username: username || undefined });
    if (!parsed.success) {
      form.showErrors(errorsFromIssues(FIELDS, parsed.error.issues));
      return;
    }
    form.setErrors({});
    manualLogin.mutate(parsed.data, {
      onSuccess: ({ message }) => setSentMessage(message),
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Login failed',
          description: 'An error occurred during login. Please try again.',
        });
        if (isApiError(error) && error.status === 400 && error.details?.length) {
          form.showErrors(errorsFromDetails(FIELDS, error.details));
        }
      },
    });
  };

  if (sentMessage !== null) {
    return (
      <AuthCard title="Check your e-mail">
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" />
          <p>{sentMessage}</p>
        </div>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          The link works once and expires after a while. Nothing arrived? Check your spam folder or try again.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => setSentMessage(null)}>
            Send another link
          </Button>
          <Link to="/login" className={buttonVariants({ variant: 'secondary' })}>
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  const usernameProps = form.fieldProps('username');
  return (
    <AuthCard
      title="Direct Login"
      intro="Trouble signing in with Google? Enter your e-mail address and we will send you a one-time sign-in link."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField form={form} field="email" label="Email" type="email" inputMode="email" autoComplete="email" />
        <div>
          <Label htmlFor={usernameProps.id}>
            Username <span className="text-slate-600 dark:text-slate-400">(optional)</span>
          </Label>
          <Input className="mt-1.5" autoComplete="username" {...usernameProps} required={false} />
          {form.fieldError('username')}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={manualLogin.isPending}>
          {manualLogin.isPending ? 'Sending...' : 'Send sign-in link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
