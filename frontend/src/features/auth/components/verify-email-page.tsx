import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { isApiError } from '#frontend/lib/api.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from './auth-form.tsx';

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
  const message =
    verify.isError && isApiError(verify.error) && (verify.error.status === 400 || verify.error.status === 409)
      ? verify.error.message
      : 'Something went wrong. Please try again.';
  return (
    <AuthCard title="Confirm your e-mail address" intro="You opened a confirmation link. Nothing changes until you press the button.">
      {failed && (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {token ? message : 'This confirmation link is incomplete. Please ask for a new one.'}
        </p>
      )}
      <Button
        // The page's one action: focused, so Enter confirms.
        autoFocus
        disabled={!token || verify.isPending}
        onClick={() => verify.mutate(token)}
      >
        {verify.isPending ? 'Confirming…' : 'Confirm e-mail address'}
      </Button>
    </AuthCard>
  );
}
