import { Link } from 'react-router-dom';

import { buttonVariants } from '#frontend/components/ui/button.tsx';

/**
 * The spec's card when checking who is signed in failed (the login guard, the admin dashboard's entry check):
 * "Failed to verify authentication status." with "Go to Login".
 */
export function AuthCheckFailed() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <div
        role="alert"
        className="rounded-xl border border-red-300 bg-red-50 p-6 dark:border-red-800 dark:bg-red-950/60"
      >
        <p className="font-medium text-red-900 dark:text-red-100">Failed to verify authentication status.</p>
        <Link to="/login" className={buttonVariants({ className: 'mt-4' })}>
          Go to Login
        </Link>
      </div>
    </section>
  );
}
