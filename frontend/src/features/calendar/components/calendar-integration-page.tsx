import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { PageLoading } from '#frontend/components/page-loading.tsx';
import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { AlertCircleIcon, ChevronLeft } from '#frontend/components/ui/icons.tsx';
import { useCalendarFeed } from '#frontend/features/calendar/api/get-calendar-feed.ts';
import { useCalendarSettings } from '#frontend/features/calendar/api/get-calendar-settings.ts';
import { ConnectionCard } from '#frontend/features/calendar/components/connection-card.tsx';
import { SettingsCard } from '#frontend/features/calendar/components/settings-card.tsx';
import { useCalendarConnect } from '#frontend/features/calendar/components/use-calendar-connect.ts';
import { VisibilityCard } from '#frontend/features/calendar/components/visibility-card.tsx';
import { isUnauthorized } from '#frontend/features/calendar/lib/errors.ts';
import { useCalendarStatus } from '#frontend/lib/calendar-status.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { rememberRedirect } from '#frontend/lib/stored-redirect.ts';
import { currentUserKey, useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

const inlineLink = cn(
  'rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-400',
  focusRing,
);

/**
 * /calendar and /calendar-integration, the calendar integration screen. Not behind the login guard's
 * redirect: on entering, the current user is asked for again, and a visitor without one sees the 'Authentication
 * Required' card with 'Login to Continue' (which remembers this page for after sign-in).
 */
export function CalendarIntegrationPage() {
  useDocumentTitle('Calendar Integration · Meetwise');
  const { pathname, search } = useLocation();
  const currentUser = useCurrentUser({ refetchOnMount: 'always' });
  const checked = currentUser.isFetchedAfterMount && !currentUser.isFetching;

  if (currentUser.isError && !currentUser.isFetching) {
    return (
      <PageFrame>
        <ErrorAlert
          className="mt-8"
          title="Failed to verify authentication status."
          message="Please try again later."
        />
      </PageFrame>
    );
  }
  if (!checked) return <PageLoading />;
  if (!currentUser.data) return <AuthenticationRequired redirectTo={pathname + search} />;
  return <CalendarScreen redirectTo={pathname + search} />;
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-14">
      <Link to="/events" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <ChevronLeft className="size-4" />
        Back to Events
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Calendar Integration</h1>
      {children}
    </div>
  );
}

function AuthenticationRequired({ redirectTo }: { redirectTo: string }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-20">
      <h1 className="text-center text-3xl font-bold tracking-tight">Calendar Integration</h1>
      <section
        aria-labelledby="calendar-auth-required"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="calendar-auth-required" className="text-lg font-semibold">
          Authentication Required
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-200">Please log in to manage your calendar integration.</p>
        <Link
          to="/login"
          onClick={() => rememberRedirect(redirectTo)}
          className={buttonVariants({ className: 'mt-6' })}
        >
          Login to Continue
        </Link>
      </section>
    </div>
  );
}

/** The signed-in screen: its calls, the 401 banner and the cards for the connection's state. */
function CalendarScreen({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useCalendarStatus({ enabled: true });
  const provider = status.data?.connected ? (status.data.provider ?? 'google') : null;
  // Observed here too (the cards ask for them) so that their 401 shows the banner.
  const settings = useCalendarSettings({ enabled: provider === 'google' });
  const feed = useCalendarFeed({ enabled: provider === 'builtin' });
  const [writeRefused, setWriteRefused] = useState(false);
  const onUnauthorized = useCallback(() => setWriteRefused(true), []);
  const connect = useCalendarConnect({ onUnauthorized });

  const authError = writeRefused || [status.error, settings.error, feed.error].some(isUnauthorized);

  const logIn = () => {
    // The session is gone: nothing of it stays cached, and the login page does not take the old user as signed in.
    rememberRedirect(redirectTo);
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, null);
    navigate('/login');
  };

  return (
    <PageFrame>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Connect a calendar so guests can book your events, and keep your bookings where you keep your day.
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        To send your bookings to your own systems, use{' '}
        <Link to="/integrations/webhooks" className={inlineLink}>
          webhooks
        </Link>{' '}
        or{' '}
        <Link to="/integrations/api-keys" className={inlineLink}>
          API keys
        </Link>
        .
      </p>
      {authError && (
        <div
          role="alert"
          className="mt-6 flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
        >
          <p className="flex items-start gap-2 font-medium">
            <AlertCircleIcon className="mt-0.5 size-5 shrink-0" />
            Authentication error. Please try logging in again.
          </p>
          <Button onClick={logIn} className="shrink-0">
            Log in
          </Button>
        </div>
      )}
      <div className="mt-8 grid gap-6">
        {status.data ? (
          <>
            <ConnectionCard status={status.data} connect={connect} onUnauthorized={onUnauthorized} />
            {provider === 'google' && (
              <>
                <SettingsCard onUnauthorized={onUnauthorized} />
                <VisibilityCard />
              </>
            )}
          </>
        ) : status.isPending ? (
          <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-300">
            Loading your calendar...
          </p>
        ) : isUnauthorized(status.error) ? null : (
          <ErrorAlert
            className=""
            title="Error loading calendar"
            message="Something went wrong. Please try again later."
          />
        )}
      </div>
    </PageFrame>
  );
}
