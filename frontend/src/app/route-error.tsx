import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '#frontend/components/ui/button.tsx';
import { NotFoundPage } from './not-found.tsx';

/** Shown inside the layout when a page throws or its code cannot be loaded (for example after a deployment). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <title>Something went wrong · Meetwise</title>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Something went wrong</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">This page could not be shown. Please try again.</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </section>
  );
}
