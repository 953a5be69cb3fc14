import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { registerBody } from '#shared/api/schemas/auth';
import { FormField, useFieldForm } from '#frontend/components/form-field.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useGoogleSignInAvailable } from '#frontend/features/auth/api/get-auth-debug-url.ts';
import { useRegister, type RegisterInput } from '#frontend/features/auth/api/register.ts';
import { AuthCard, GoogleButton, GoogleFallback, OrDivider } from '#frontend/features/auth/components/auth-form.tsx';
import type { LoginState } from '#frontend/features/auth/components/login-page.tsx';
import { useGoogleSignIn } from '#frontend/features/auth/components/use-google-sign-in.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { errorsFromDetails, errorsFromIssues } from '#frontend/lib/field-errors.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

type Field = keyof RegisterInput;
const FIELDS: readonly Field[] = ['name', 'email', 'password'];
const EMPTY: Record<Field, string> = { name: '', email: '', password: '' };

/**
 * /register (with Google sign-up and an OR divider) and /register-email (e-mail only)
 * (register in docs/api.md). Success goes to /login with the e-mail filled in. The
 * Google button and the divider show only when Google sign-in is configured.
 */
export function RegisterPage({ withGoogle = true }: { withGoogle?: boolean }) {
  useDocumentTitle('Create your account · Meetwise');
  const navigate = useNavigate();
  const form = useFieldForm('register', FIELDS, EMPTY);
  const register = useRegister();
  const google = useGoogleSignIn('register');
  const googleAvailable = useGoogleSignInAvailable();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    // The server's own schema (shared/api/schemas/auth.ts), so the messages match its 400 answer.
    const parsed = registerBody.safeParse(form.values);
    if (!parsed.success) {
      form.showErrors(errorsFromIssues(FIELDS, parsed.error.issues));
      return;
    }
    form.setErrors({});
    register.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Account created!', description: 'You can now login with your credentials.' });
        const state: LoginState = { email: parsed.data.email };
        navigate('/login', { state });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: error.message || 'Something went wrong. Please try again.',
        });
        if (!isApiError(error)) return;
        if (error.status === 400 && error.details?.length) form.showErrors(errorsFromDetails(FIELDS, error.details));
        else if (error.status === 409) form.showErrors({ email: error.message });
      },
    });
  };

  return (
    <AuthCard title="Create your account" intro="Start your free trial. No credit card required.">
      {withGoogle && googleAvailable && (
        <>
          <GoogleButton onClick={google.start}>Sign up with Google</GoogleButton>
          <OrDivider />
          <GoogleFallback type="register" open={google.dialogOpen} onOpenChange={google.setDialogOpen} />
        </>
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField form={form} field="name" label="Full Name" autoComplete="name" />
        <FormField form={form} field="email" label="Email" type="email" inputMode="email" autoComplete="email" />
        <FormField form={form} field="password" label="Password" type="password" autoComplete="new-password" />
        <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}

/** /register-email: the same form without the Google button. */
export function RegisterEmailPage() {
  return <RegisterPage withGoogle={false} />;
}
