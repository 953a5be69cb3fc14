import type { CalendarStatus } from '#shared/api/schemas/host-events';
import { Button } from '#frontend/components/ui/button.tsx';
import { AlertCircleIcon, CheckCircleIcon } from '#frontend/components/ui/icons.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useDisconnectCalendar } from '#frontend/features/calendar/api/disconnect-calendar.ts';
import { useSyncCalendar } from '#frontend/features/calendar/api/sync-calendar.ts';
import { CalendarCard } from '#frontend/features/calendar/components/calendar-card.tsx';
import { FeedSection } from '#frontend/features/calendar/components/feed-section.tsx';
import type { CalendarConnect } from '#frontend/features/calendar/components/use-calendar-connect.ts';
import { isUnauthorized, messageOr } from '#frontend/features/calendar/lib/errors.ts';
import { formatLastSynced } from '#frontend/features/calendar/lib/format.ts';

/** The dashboard calendar banner's sentence, also the warning here. */
const NO_CALENDAR_WARNING =
  "Your guests will not be able to book events on your calendar until you've connected a calendar.";

/**
 * The calendar card of the calendar integration screen: Google Calendar connected (e-mail,
 * 'Last synced', 'Sync Now', 'Disconnect'), the built-in calendar connected (what that means, its private ICS feed,
 * 'Disconnect'), or 'No calendar connected' with the warning and 'Add your calendar' (plus the built-in calendar as
 * a second choice when Google is available).
 */
export function ConnectionCard({
  status,
  connect,
  onUnauthorized,
}: {
  status: CalendarStatus;
  /** The screen's connect flow: it outlives this card's states (the wait for Google ends when the status changes). */
  connect: CalendarConnect;
  onUnauthorized: () => void;
}) {
  if (!status.connected) return <NotConnected googleAvailable={status.googleAvailable} connect={connect} />;
  if (status.provider === 'builtin') {
    return (
      <CalendarCard title="Built-in calendar">
        <BuiltinConnected googleAvailable={status.googleAvailable} onUnauthorized={onUnauthorized} />
      </CalendarCard>
    );
  }
  return (
    <CalendarCard title="Google Calendar">
      <GoogleConnected status={status} onUnauthorized={onUnauthorized} />
    </CalendarCard>
  );
}

function ConnectedLine({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-2 font-medium text-green-800 dark:text-green-300">
      <CheckCircleIcon className="size-5 shrink-0" />
      {children}
    </p>
  );
}

function GoogleConnected({ status, onUnauthorized }: { status: CalendarStatus; onUnauthorized: () => void }) {
  const sync = useSyncCalendar();

  const onSync = () => {
    if (sync.isPending) return;
    sync.mutate(undefined, {
      onSuccess: ({ removed }) =>
        toast({
          title: 'Calendar synchronized',
          description: `Calendar synchronized successfully. ${removed} bookings were removed.`,
        }),
      onError: (error) => {
        if (isUnauthorized(error)) {
          toast({
            variant: 'destructive',
            title: 'Authentication required',
            description: 'Please log in to sync your calendar',
          });
          onUnauthorized();
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Sync failed',
          description: messageOr(error, 'Failed to sync calendar with bookings.'),
        });
      },
    });
  };

  return (
    <div className="grid gap-5">
      <ConnectedLine>Connected</ConnectedLine>
      <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium text-slate-700 dark:text-slate-300">Account</dt>
        <dd className="break-all text-slate-900 dark:text-slate-100">{status.email ?? 'Unknown'}</dd>
        <dt className="font-medium text-slate-700 dark:text-slate-300">Last synced</dt>
        <dd className="text-slate-900 dark:text-slate-100">
          {status.lastSynced ? (
            <time dateTime={status.lastSynced}>{formatLastSynced(status.lastSynced)}</time>
          ) : (
            'Never'
          )}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onSync} disabled={sync.isPending}>
          {sync.isPending ? 'Syncing...' : 'Sync Now'}
        </Button>
        <DisconnectButton provider="google" onUnauthorized={onUnauthorized} />
      </div>
    </div>
  );
}

function BuiltinConnected({
  googleAvailable,
  onUnauthorized,
}: {
  googleAvailable: boolean;
  onUnauthorized: () => void;
}) {
  return (
    <div className="grid gap-5">
      <ConnectedLine>Connected: Meetwise built-in calendar</ConnectedLine>
      <div className="grid gap-2 text-sm text-slate-700 dark:text-slate-200">
        <p>
          {googleAvailable
            ? "You chose Meetwise's built-in calendar instead of Google Calendar, so your bookings are kept in Meetwise."
            : "Google Calendar is not connected on this server, so your bookings are kept in Meetwise's built-in calendar."}{' '}
          Guests can book your events.
        </p>
        <p>Other commitments are not checked for conflicts: only your Meetwise bookings block your time.</p>
      </div>
      <FeedSection onUnauthorized={onUnauthorized} />
      <div>
        <DisconnectButton provider="builtin" onUnauthorized={onUnauthorized} />
      </div>
    </div>
  );
}

function DisconnectButton({
  provider,
  onUnauthorized,
}: {
  provider: 'google' | 'builtin';
  onUnauthorized: () => void;
}) {
  const disconnect = useDisconnectCalendar();

  const onDisconnect = () => {
    if (disconnect.isPending) return;
    disconnect.mutate(undefined, {
      onSuccess: () => toast({ title: 'Calendar disconnected', description: 'Your calendar has been disconnected.' }),
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
        const fallback =
          provider === 'google'
            ? 'Failed to disconnect from Google Calendar.'
            : 'Failed to disconnect the built-in calendar.';
        toast({ variant: 'destructive', title: 'Disconnection failed', description: messageOr(error, fallback) });
      },
    });
  };

  return (
    <Button variant="outline" onClick={onDisconnect} disabled={disconnect.isPending}>
      {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
    </Button>
  );
}

function NotConnected({ googleAvailable, connect }: { googleAvailable: boolean; connect: CalendarConnect }) {
  const busy = connect.connecting;

  return (
    <CalendarCard
      title={googleAvailable ? 'Google Calendar' : 'Built-in calendar'}
      intro={
        googleAvailable
          ? 'Connect your Google Calendar: guests only see times when you are free, and new bookings are added to it.'
          : "Google Calendar is not connected on this server. Add your calendar to keep your bookings in Meetwise's built-in calendar."
      }
    >
      <div className="grid gap-4">
        <p className="font-semibold text-slate-900 dark:text-white">No calendar connected</p>
        <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50">
          <AlertCircleIcon className="mt-0.5 size-5 shrink-0" />
          <p>{NO_CALENDAR_WARNING}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button onClick={() => connect.start(googleAvailable ? 'google' : 'auto')} disabled={busy}>
            {busy ? 'Connecting...' : 'Add your calendar'}
          </Button>
          {googleAvailable && (
            <Button variant="link" onClick={() => connect.start('builtin')} disabled={busy}>
              Use the built-in calendar instead
            </Button>
          )}
        </div>
        {googleAvailable && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            With the built-in calendar your bookings are kept in Meetwise, and your other commitments are not checked
            for conflicts.
          </p>
        )}
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {connect.waitingForGoogle
            ? 'Finish connecting in the Google window. This page updates when you are done.'
            : ''}
        </p>
      </div>
    </CalendarCard>
  );
}
