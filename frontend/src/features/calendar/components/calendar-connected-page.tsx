import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { CALENDAR_CONNECT_ERRORS, type CalendarConnectError } from '#shared/constants';
import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { AlertCircleIcon, CheckCircleIcon } from '#frontend/components/ui/icons.tsx';
import { announceConnectResult } from '#frontend/features/calendar/lib/connect-window.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** How long the result stays readable before the window closes itself. */
const CLOSE_DELAY_MS = 1_500;

const NO_RESULT = 'The connection did not finish. Please try again.';

/** The reason for a code our server sent; only these fixed texts are shown (nothing from the address itself). */
const reasonOf = (code: string | null) =>
  code !== null && Object.hasOwn(CALENDAR_CONNECT_ERRORS, code)
    ? CALENDAR_CONNECT_ERRORS[code as CalendarConnectError]
    : NO_RESULT;

/**
 * /calendar-connected: where our server sends the Google authorization window back, with `?status=connected` or
 * `?error=<code>` (shared/constants.ts CALENDAR_CONNECT_ERRORS). It says how it went and tells the calendar screen (besides the screen's own polling). A
 * success in a window opened by the screen closes itself after 1.5 s; an error stays to be read, with 'Close window'.
 */
export function CalendarConnectedPage() {
  const [searchParams] = useSearchParams();
  const connected = searchParams.get('status') === 'connected';
  const error = connected ? null : reasonOf(searchParams.get('error'));
  useDocumentTitle(connected ? 'Google Calendar connected · Meetwise' : 'Google Calendar was not connected · Meetwise');
  // Read once: whether this page can close itself (a window the calendar screen opened).
  const openedByScreen = typeof window !== 'undefined' && window.opener !== null;

  useEffect(() => {
    announceConnectResult(
      error === null
        ? { type: 'calendar-connect-result', connected: true }
        : { type: 'calendar-connect-result', connected: false, error },
    );
    // A refusal stays on screen to be read (the screen has been told and shows it too); success closes itself.
    if (error !== null || !window.opener) return;
    const timer = setTimeout(() => window.close(), CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [error]);

  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      {connected ? (
        <CheckCircleIcon className="size-12 text-green-700 dark:text-green-400" />
      ) : (
        <AlertCircleIcon className="size-12 text-red-700 dark:text-red-400" />
      )}
      <h1 className="mt-4 text-2xl font-bold tracking-tight">
        {connected ? 'Google Calendar connected' : 'Google Calendar was not connected'}
      </h1>
      <p role={connected ? 'status' : 'alert'} className="mt-3 text-slate-700 dark:text-slate-200">
        {connected ? 'You can close this window.' : error}
      </p>
      {openedByScreen && !connected && (
        <Button className="mt-8" onClick={() => window.close()}>
          Close window
        </Button>
      )}
      {!openedByScreen && (
        <Link to="/calendar-integration" className={buttonVariants({ className: 'mt-8' })}>
          Go to Calendar Integration
        </Link>
      )}
    </section>
  );
}
