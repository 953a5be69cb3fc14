import { Link } from 'react-router-dom';

import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** Fallback for every path the router does not know (booking-landing-auth-admin.md "Shared behaviour"). */
export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found · Meetwise');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold tracking-tight text-brand-700 dark:text-brand-400">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonVariants({ className: 'mt-8' })}>
        Return to Home
      </Link>
    </section>
  );
}
