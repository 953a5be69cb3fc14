import { Link, useSearchParams } from 'react-router-dom';

import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { useVerifyEmail } from '#frontend/features/auth/api/verify-email.ts';
import { AuthCard } from '#frontend/features/auth/components/auth-form.tsx';
import { isApiError } from '#frontend/lib/api.ts';
import { rememberRedirect } from '#frontend/lib/stored-redirect.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

const VERIFY_EMAIL_PATH = '/verify-email';

/**
 * /verify-email?token=… (issue 13, items 6 and 8): where a mailed confirmation link lands (a new account's address,
 * or a new address for a profile). Opening it confirms nothing (mail scanners open every link); the button does.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail address · Meetwise');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();

  if (verify.isSuccess) {
    return (
      <AuthCard title="E-mail address confirmed">
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {verify.data.email} is confirmed for your Meetwise account.
        </p>
        <Link to="/events" className={buttonVariants({ className: 'mt-6' })}>
          Go to your events
        </Link>
      </AuthCard>
    );
  }
  const failed = verify.isError || !token;
  // 401: the link is for the account signed in here only; the link stays usable after signing in.
  const needsSignIn = verify.isError && isApiError(verify.error) && verify.error.status === 401;
  const message =
    verify.isError && isApiError(verify.error) && [400, 401, 409, 429, 503].includes(verify.error.status)
      ? verify.error.message
      : 'Something went wrong. Please try again.';
  return (
    <AuthCard
      title="Confirm your e-mail address"
      intro="You opened a confirmation link. Nothing changes until you press the button, signed in to the account that asked for it."
    >
      {failed && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {token ? message : 'This confirmation link is incomplete. Please ask for a new one.'}
        </p>
      )}
      {needsSignIn ? (
        <Link
          to="/login"
          onClick={() => rememberRedirect(`${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`)}
          className={buttonVariants()}
        >
          Sign in
        </Link>
      ) : (
        <Button
          // The page's one action: focused, so Enter confirms.
          autoFocus
          disabled={!token || verify.isPending}
          onClick={() => verify.mutate(token)}
        >
          {verify.isPending ? 'Confirming…' : 'Confirm e-mail address'}
        </Button>
      )}
    </AuthCard>
  );
}
