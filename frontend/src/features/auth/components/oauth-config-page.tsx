import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useAuthDebugUrl } from '#frontend/features/auth/api/get-auth-debug-url.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /oauth-config (one of the debug pages; docs/security.md): the Google sign-in configuration as the
 * server reports it. Only public values: whether Google is configured, this site's origin, the callback URL, the
 * environment and the Google authorisation URL when there is one.
 */
export function OAuthConfigPage() {
  useDocumentTitle('OAuth Configuration · Meetwise');
  const debug = useAuthDebugUrl();
  const { error } = debug;

  useEffect(() => {
    if (error)
      toast({ variant: 'destructive', title: 'Failed to fetch debug information', description: error.message });
  }, [error]);

  const oauth = debug.data?.oauth;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">OAuth Configuration</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        How this site is set up for Google sign-in, from{' '}
        <code className="font-mono text-sm">GET /api/auth/debug-url</code>.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Return to Home
        </Link>
        <Button onClick={() => void debug.refetch()} disabled={debug.isFetching}>
          {debug.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>

      <section aria-labelledby="oauth-heading" className="mt-8">
        <h2 id="oauth-heading" className="text-lg font-semibold">
          Google sign-in
        </h2>
        {debug.isPending && (
          <p role="status" className="mt-3 text-slate-600 dark:text-slate-300">
            Loading configuration...
          </p>
        )}
        {error && <ErrorAlert title="Failed to fetch debug information" message={error.message} />}
        {oauth && (
          <dl className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            <Entry term="Google sign-in configured">{oauth.googleConfigured ? 'Yes' : 'No'}</Entry>
            <Entry term="Origin">
              <Code>{oauth.origin}</Code>
            </Entry>
            <Entry term="Callback URL">
              <Code>{oauth.callbackUrl}</Code>
            </Entry>
            <Entry term="Environment">
              <Code>{oauth.environment}</Code>
            </Entry>
            <Entry term="Google auth URL">
              {oauth.googleAuthUrl ? <Code>{oauth.googleAuthUrl}</Code> : 'Not available'}
            </Entry>
          </dl>
        )}
      </section>
    </div>
  );
}

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="min-w-0 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const Code = ({ children }: { children: ReactNode }) => <code className="font-mono break-all">{children}</code>;
