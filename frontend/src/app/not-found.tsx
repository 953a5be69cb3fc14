import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

function NotFoundFrame({ children }: { children: ReactNode }) {
  useDocumentTitle('404 Page Not Found · Meetwise');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold tracking-tight text-brand-700 dark:text-brand-400">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
      {children}
    </section>
  );
}

/**
 * Any path outside the route table: a friendly not-found page with the ways on,
 * home and sign-in.
 */
export function NotFoundPage() {
  return (
    <NotFoundFrame>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Sorry, we could not find that page. The link may be mistyped, or the page may have moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          Go to the home page
        </Link>
        <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
          Sign in
        </Link>
      </div>
    </NotFoundFrame>
  );
}

/**
 * The router's own fallback: a path the route table names whose
 * page does not exist yet (billing), with the developer's hint.
 */
export function RouterFallbackPage() {
  return (
    <NotFoundFrame>
      <p className="mt-3 text-slate-600 dark:text-slate-300">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonVariants({ className: 'mt-8' })}>
        Return to Home
      </Link>
    </NotFoundFrame>
  );
}
