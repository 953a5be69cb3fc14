import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { useSignInWithLink } from '#frontend/features/auth/api/sign-in-with-link.ts';
import { AuthCard } from '#frontend/features/auth/components/auth-form.tsx';
import { isApiError } from '#frontend/lib/api.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /sign-in-link?token=… (issue 13, item 8): where a mailed sign-in link lands. Opening it signs nobody in (mail
 * scanners open every link, and a link from elsewhere must not switch a visitor's session); the one button does,
 * with a POST, then the auth result page goes on as after any sign-in.
 */
export function SignInLinkPage() {
  useDocumentTitle('Sign in with your link · Meetwise');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const signIn = useSignInWithLink();

  const failed = signIn.isError || !token;
  const message =
    signIn.isError && isApiError(signIn.error) && signIn.error.status === 400
      ? signIn.error.message
      : 'Something went wrong. Please try again.';

  return (
    <AuthCard
      title="Sign in to Meetwise"
      intro="You opened a one-time sign-in link. Nothing happens until you press the button."
    >
      {failed && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {token ? message : 'This sign-in link is incomplete. Please ask for a new one.'}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          // The page's one action: focused, so Enter uses the link.
          autoFocus
          disabled={!token || signIn.isPending}
          onClick={() =>
            signIn.mutate(token, { onSuccess: () => navigate('/auth-success/success', { replace: true }) })
          }
        >
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        {failed && (
          <Link to="/direct-login" className={buttonVariants({ variant: 'secondary' })}>
            Get a new link
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
