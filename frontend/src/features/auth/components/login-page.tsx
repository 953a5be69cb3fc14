import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { loginBody } from '#shared/api/schemas/auth';
import { FormField, useFieldForm } from '#frontend/components/form-field.tsx';
import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { AlertCircleIcon } from '#frontend/components/ui/icons.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { isNotConfiguredError, useGoogleSignInAvailable } from '#frontend/features/auth/api/get-auth-debug-url.ts';
import { useLogin, type LoginInput } from '#frontend/features/auth/api/login.ts';
import { AuthCard, GoogleButton, GoogleFallback, OrDivider } from '#frontend/features/auth/components/auth-form.tsx';
import { useGoogleSignIn } from '#frontend/features/auth/components/use-google-sign-in.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { errorsFromDetails, errorsFromIssues } from '#frontend/lib/field-errors.ts';
import { takeRedirect } from '#frontend/lib/stored-redirect.ts';
import { currentUserKey, useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

type Field = keyof LoginInput;
const FIELDS: readonly Field[] = ['username', 'password'];
const EMPTY: Record<Field, string> = { username: '', password: '' };

/** What /register hands to /login in the history state after "Account created!" (issue 15 item 8). */
export interface LoginState {
  email?: string;
}

const registeredEmailOf = (state: unknown): string => {
  const email = (state as LoginState | null)?.email;
  return typeof email === 'string' ? email : '';
};

/**
 * /login (login in docs/api.md): username or e-mail and password,
 * Google sign-in, and the Google error card when the server sends the visitor back with `?error=`.
 * A visitor who is already signed in goes on to /events. Straight after registration the e-mail is filled in and the
 * password field has the focus. The Google button (and the OR divider) shows only when Google sign-in is configured.
 */
export function LoginPage() {
  useDocumentTitle('Login · Meetwise');
  const [searchParams] = useSearchParams();
  const googleError = searchParams.get('error');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  // Set when the form is sent (a discrete event, so rendered before any answer) and cleared when the sign-in fails: a
  // successful sign-in navigates itself (to the remembered page), so the "already signed in" redirect below must not
  // race it. Set only once it had succeeded, a render for the new current user (the query cache notifies on its own
  // schedule) could come before the one with the flag, and send the visitor to /events instead.
  const [signingIn, setSigningIn] = useState(false);
  const registeredEmail = registeredEmailOf(useLocation().state);
  const form = useFieldForm('login', FIELDS, { ...EMPTY, username: registeredEmail });
  const login = useLogin();
  const google = useGoogleSignIn('login');
  const googleAvailable = useGoogleSignInAvailable();

  useEffect(() => {
    if (registeredEmail) document.getElementById('login-password')?.focus();
  }, [registeredEmail]);

  if (currentUser.data && !signingIn) return <Navigate to="/events" replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    // The server's own schema (shared/api/schemas/auth.ts), so the messages match its 400 answer.
    const parsed = loginBody.safeParse(form.values);
    if (!parsed.success) {
      form.showErrors(errorsFromIssues(FIELDS, parsed.error.issues));
      return;
    }
    form.setErrors({});
    setSigningIn(true);
    login.mutate(parsed.data, {
      onSuccess: ({ user }) => {
        // Nothing cached for the signed-out visitor (or a previous account) survives; the new user is known at once.
        queryClient.clear();
        queryClient.setQueryData(currentUserKey, user);
        toast({ title: 'Login successful', description: 'You have been logged in successfully.' });
        navigate(takeRedirect(user.isAdmin ? '/admin' : '/events'), { replace: true });
      },
      onError: (error) => {
        setSigningIn(false);
        toast({
          variant: 'destructive',
          title: 'Login failed',
          description: error.message || 'Please check your credentials and try again.',
        });
        if (isApiError(error) && error.status === 400 && error.details?.length) {
          form.showErrors(errorsFromDetails(FIELDS, error.details));
        }
      },
    });
  };

  return (
    <AuthCard title="Log in to Meetwise" intro="Welcome back. Sign in to manage your events and bookings.">
      {googleError !== null && <GoogleErrorCard error={googleError} />}
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField form={form} field="username" label="Username or Email" autoComplete="username" />
        <FormField form={form} field="password" label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      {googleAvailable && (
        <>
          <div className="mt-4">
            <GoogleButton onClick={google.start}>Sign in with Google</GoogleButton>
          </div>
          <OrDivider />
          <GoogleFallback type="login" open={google.dialogOpen} onOpenChange={google.setDialogOpen} />
        </>
      )}
      <Link
        to="/register"
        className={buttonVariants({
          variant: 'secondary',
          size: 'lg',
          className: googleAvailable ? 'w-full' : 'mt-4 w-full',
        })}
      >
        Create New Account
      </Link>
    </AuthCard>
  );
}

/**
 * The server sends a failed Google sign-in back to /login?error={reason}. The card's explanation follows the cause:
 * Google sign-in not configured on this server; a reason the server put in words (shown as is); else an OAuth
 * error code, most likely a redirect URL mismatch (the spec's text).
 */
function GoogleErrorCard({ error }: { error: string }) {
  const notConfigured = isNotConfiguredError(error);
  const explained = /\s/.test(error.trim()) && /[.!]$/.test(error.trim());
  return (
    <div
      role="alert"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
    >
      <div className="flex items-start gap-3">
        <AlertCircleIcon className="mt-0.5 size-5 shrink-0" />
        <div>
          <h2 className="font-semibold">Google Authentication Error</h2>
          <p className="mt-1">
            Error: <code className="font-mono break-all">{error || 'unknown'}</code>
          </p>
          {notConfigured ? (
            <p className="mt-1">
              Google sign-in is not configured on this site, so it cannot be used here. Please sign in with your e-mail
              and password.
            </p>
          ) : (
            !explained && (
              <p className="mt-1">
                This is most likely a mismatch between the redirect URL registered with Google and the one this site
                uses.
              </p>
            )
          )}
          <p className="mt-2">
            <Link to="/register" className="font-medium underline underline-offset-2">
              Create an account with your e-mail instead
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
