import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { AlertCircleIcon, CheckCircleIcon } from '#frontend/components/ui/icons.tsx';
import { takeRedirect } from '#frontend/lib/stored-redirect.ts';
import { useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

const COUNTDOWN_SECONDS = 3;
const AUTH_SUCCESS_COOKIE = 'auth_success';

function hasAuthSuccessCookie(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${AUTH_SUCCESS_COOKIE}=`));
}

function clearAuthSuccessCookie(): void {
  document.cookie = `${AUTH_SUCCESS_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/**
 * /auth-success/{status}, where Google sign-in ends; status defaults to
 * success. A fresh sign-in marked by the `auth_success` cookie goes straight on to the remembered page (or
 * /events; an administrator's is /admin) once the user is known; otherwise a 3-second countdown leads there when
 * signed in, else to /.
 */
export function AuthSuccessPage() {
  const { status = 'success' } = useParams();
  const succeeded = status.toLowerCase() === 'success';
  useDocumentTitle(succeeded ? 'Authentication Successful · Meetwise' : 'Authentication Failed · Meetwise');
  const navigate = useNavigate();
  // The session was just created by the server: ask again rather than trust a cached "signed out".
  const currentUser = useCurrentUser({ enabled: succeeded, refetchOnMount: 'always' });
  const [secondsLeft, setSecondsLeft] = useState(COUNTDOWN_SECONDS);

  const userKnown = currentUser.isFetchedAfterMount && !currentUser.isFetching;
  const user = userKnown ? currentUser.data : undefined;
  // An administrator's default page is the admin dashboard.
  const home = user?.isAdmin ? '/admin' : '/events';

  useEffect(() => {
    // Once the user is known, so that an administrator goes on to the admin dashboard.
    if (!succeeded || !userKnown || !hasAuthSuccessCookie()) return;
    clearAuthSuccessCookie();
    navigate(takeRedirect(home), { replace: true });
  }, [succeeded, userKnown, home, navigate]);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, [succeeded]);

  useEffect(() => {
    if (!succeeded || secondsLeft > 0 || !userKnown) return;
    navigate(user ? home : '/', { replace: true });
  }, [succeeded, secondsLeft, userKnown, user, home, navigate]);

  return (
    <section className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      {succeeded ? (
        <>
          <CheckCircleIcon className="size-12 text-green-600 dark:text-green-400" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Authentication Successful!</h1>
          {user && <p className="mt-3 text-slate-700 dark:text-slate-200">Welcome, {user.email}!</p>}
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" role="status">
            Redirecting in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}...
          </p>
        </>
      ) : (
        <>
          <AlertCircleIcon className="size-12 text-red-600 dark:text-red-400" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Authentication Failed</h1>
          <p className="mt-3 text-slate-600 dark:text-slate-300">We could not sign you in. Please try again.</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/login" className={buttonVariants()}>
              Back to Login
            </Link>
            <Link to="/" className={buttonVariants({ variant: 'outline' })}>
              Go to Home
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
