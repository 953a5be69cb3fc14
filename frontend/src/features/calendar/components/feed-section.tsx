import { useId } from 'react';

import { Button } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useCalendarFeed } from '#frontend/features/calendar/api/get-calendar-feed.ts';
import { useResetCalendarFeed } from '#frontend/features/calendar/api/reset-calendar-feed.ts';
import { useRevokeCalendarFeed } from '#frontend/features/calendar/api/revoke-calendar-feed.ts';
import { isUnauthorized, messageOr } from '#frontend/features/calendar/lib/errors.ts';
import { absoluteFeedUrl } from '#frontend/features/calendar/lib/format.ts';

const FEED_FAILED = 'Failed to update the calendar feed.';

/**
 * The built-in calendar's private ICS feed: 'Create feed link' when there is none; else the address read-only with
 * 'Copy link', 'Reset link' (a new address; the old one stops working) and 'Turn off feed'.
 */
export function FeedSection({ onUnauthorized }: { onUnauthorized: () => void }) {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const feed = useCalendarFeed({ enabled: true });
  const reset = useResetCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const busy = reset.isPending || revoke.isPending;

  const onFailure = (error: Error) => {
    if (isUnauthorized(error)) onUnauthorized();
    toast({ variant: 'destructive', title: 'Update failed', description: messageOr(error, FEED_FAILED) });
  };

  const onReset = (creating: boolean) => {
    if (busy) return;
    reset.mutate(undefined, {
      onSuccess: () =>
        toast(
          creating
            ? { title: 'Feed link created', description: 'Calendar apps can now subscribe to your bookings.' }
            : { title: 'Feed link reset', description: 'The old address no longer works.' },
        ),
      onError: onFailure,
    });
  };

  const onRevoke = () => {
    if (busy) return;
    revoke.mutate(undefined, {
      onSuccess: () => toast({ title: 'Feed turned off', description: 'The feed address no longer works.' }),
      onError: onFailure,
    });
  };

  const feedUrl = feed.data?.feedUrl ? absoluteFeedUrl(feed.data.feedUrl, window.location.origin) : null;

  const copyLink = async () => {
    if (!feedUrl) return;
    try {
      await navigator.clipboard.writeText(feedUrl);
      toast({ title: 'Link copied!', description: 'Feed link has been copied to clipboard.' });
    } catch {
      toast({ variant: 'destructive', title: 'Failed to copy to clipboard' });
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 p-4 sm:p-5 dark:border-slate-700"
    >
      <h3 id={headingId} className="font-semibold">
        Calendar feed
      </h3>
      <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Any calendar app (Google Calendar, Apple Calendar, Outlook) can subscribe to your private feed address to show
        your bookings.
      </p>
      <div className="mt-4">
        {feed.isPending ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            Loading feed...
          </p>
        ) : feed.isError && !isUnauthorized(feed.error) ? (
          <ErrorAlert
            className=""
            title="Error loading calendar feed"
            message="Something went wrong. Please try again later."
          />
        ) : feedUrl ? (
          <div className="grid gap-3">
            <div>
              <Label htmlFor={inputId}>Private feed address</Label>
              <Input
                id={inputId}
                className="mt-1.5 bg-slate-50 font-mono text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                value={feedUrl}
                readOnly
                aria-describedby={hintId}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void copyLink()}>
                Copy link
              </Button>
              <Button variant="outline" size="sm" onClick={() => onReset(false)} disabled={busy}>
                {reset.isPending ? 'Resetting...' : 'Reset link'}
              </Button>
              <Button variant="outline" size="sm" onClick={onRevoke} disabled={busy}>
                {revoke.isPending ? 'Turning off...' : 'Turn off feed'}
              </Button>
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Keep this address private: anyone who has it can see your bookings. Reset link makes a new address, and
              the old one stops working.
            </p>
          </div>
        ) : (
          <Button variant="outline" onClick={() => onReset(true)} disabled={busy || feed.isError}>
            {reset.isPending ? 'Creating...' : 'Create feed link'}
          </Button>
        )}
      </div>
    </section>
  );
}
