import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useSettings } from '#frontend/lib/settings.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** /debug, one of the debug pages: prints the raw settings answer. No secrets: the server sends only settings. */
export function DebugPage() {
  useDocumentTitle('System Debug · Meetwise');
  const settings = useSettings();
  const { error } = settings;

  useEffect(() => {
    if (error)
      toast({ variant: 'destructive', title: 'Failed to fetch debug information', description: error.message });
  }, [error]);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">System Debug</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        The raw answer of <code className="font-mono text-sm">GET /api/settings</code>.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Return to Home
        </Link>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </div>

      <section aria-labelledby="settings-heading" className="mt-8">
        <h2 id="settings-heading" className="text-lg font-semibold">
          Settings
        </h2>
        {settings.isPending && (
          <p role="status" className="mt-3 text-slate-600 dark:text-slate-300">
            Loading debug information...
          </p>
        )}
        {error && <ErrorAlert title="Failed to fetch debug information" message={error.message} />}
        {settings.isSuccess && (
          <pre
            tabIndex={0}
            aria-label="Settings response"
            className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
          >
            {JSON.stringify(settings.data, null, 2)}
          </pre>
        )}
      </section>
    </div>
  );
}
