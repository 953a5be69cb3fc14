import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import type { BookingListItem } from '#shared/api/schemas/bookings';
import { AuthCheckFailed } from '#frontend/components/auth-check-failed.tsx';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useCancelBooking } from '#frontend/features/admin/api/cancel-booking.ts';
import {
  adminBookingsKey,
  useAdminBookingPages,
  useAdminBookings,
} from '#frontend/features/admin/api/list-bookings.ts';
import { useUpdateSettings, type SettingsChange } from '#frontend/features/admin/api/update-settings.ts';
import { AdvancedSettings } from '#frontend/features/admin/components/advanced-settings.tsx';
import { CancelBookingDialog } from '#frontend/features/admin/components/cancel-booking-dialog.tsx';
import { panelClasses, QuickSettings } from '#frontend/features/admin/components/quick-settings.tsx';
import { UpcomingMeetings } from '#frontend/features/admin/components/upcoming-meetings.tsx';
import {
  DEFAULT_RANGE,
  quickStats,
  rangeFor,
  statsWindow,
  type RangeKey,
  type QuickStats as Stats,
} from '#frontend/features/admin/lib/ranges.ts';
import { detectTimeZone, todayIn } from '#frontend/lib/dates.ts';
import { useSettings } from '#frontend/lib/settings.ts';
import { rememberRedirect } from '#frontend/lib/stored-redirect.ts';
import { currentUserKey, useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * /admin, the admin dashboard. Not behind the login
 * guard: on entry it asks for the current user again (a spinner meanwhile); with none, or one who is not an
 * administrator, it remembers the page for after sign-in as the guard does and goes to /login (a signed-out
 * visitor's cached data is cleared first, as the guard does); if the question fails, the error card with
 * "Go to Login".
 */
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard · Meetwise');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser({ refetchOnMount: 'always' });

  const checked = currentUser.isFetchedAfterMount && !currentUser.isFetching;
  const user = checked && currentUser.isSuccess ? currentUser.data : undefined;
  const signedOut = user === null;
  const denied = signedOut || (user !== undefined && !user.isAdmin);

  useEffect(() => {
    if (!denied) return;
    rememberRedirect(pathname + search);
    navigate('/login', { replace: true });
    if (signedOut) {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
    }
  }, [denied, signedOut, pathname, search, navigate, queryClient]);

  if (currentUser.isError && !currentUser.isFetching) return <AuthCheckFailed />;
  if (!user?.isAdmin) return <PageLoading />;
  return <AdminDashboard />;
}

/** What the page shows once the visitor is known to be an administrator. */
function AdminDashboard() {
  const queryClient = useQueryClient();
  const mainAreaId = useId();
  const [timeZone] = useState(detectTimeZone);
  // Today in the browser's zone, taken on entry and again on each refresh.
  const [today, setToday] = useState(() => todayIn(timeZone));
  const [range, setRange] = useState<RangeKey>(DEFAULT_RANGE);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [toCancel, setToCancel] = useState<BookingListItem | null>(null);

  const settings = useSettings({ admin: true, everyMount: true });
  const updateSettings = useUpdateSettings();
  const statsBookings = useAdminBookings(statsWindow(today), timeZone, { enabled: true });
  const dates = rangeFor(range, today);
  const meetings = useAdminBookingPages(dates, timeZone, { enabled: true });
  const cancelBooking = useCancelBooking();

  // Focus follows the main area's switch: into the opened panel, back to its button when it closes.
  const advancedButtonRef = useRef<HTMLButtonElement>(null);
  const mainHeadingRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (advancedOpen ? mainHeadingRef.current : advancedButtonRef.current)?.focus();
  }, [advancedOpen]);
  const showAdvanced = (open: boolean) => {
    moveFocus.current = true;
    setAdvancedOpen(open);
  };

  // The row's menu button that opened the cancel dialog takes the focus back when it closes.
  const cancelReturnFocus = useRef<HTMLButtonElement | null>(null);

  const save = (change: SettingsChange) =>
    updateSettings.mutateAsync(change).then(
      () => {
        toast({ title: 'Settings saved', description: 'Your settings have been updated successfully.' });
        return true;
      },
      (error: unknown) => {
        toast({ variant: 'destructive', title: 'Error', description: messageOf(error, 'Failed to update settings.') });
        return false;
      },
    );

  const refresh = () => {
    setToday(todayIn(timeZone));
    void queryClient.invalidateQueries({ queryKey: adminBookingsKey });
  };

  const confirmCancel = (booking: BookingListItem) =>
    cancelBooking.mutate(booking.id, {
      onSuccess: () => {
        setToCancel(null);
        toast({ title: 'Booking deleted', description: 'The booking has been successfully cancelled.' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Error', description: messageOf(error, 'Failed to cancel booking.') });
      },
    });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Every host&apos;s meetings and the booking settings.</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <QuickStatsPanel bookings={statsBookings} today={today} timeZone={timeZone} />
          <QuickSettings
            settings={settings}
            onChange={(change) => void save(change)}
            advancedOpen={advancedOpen}
            onToggleAdvanced={() => showAdvanced(!advancedOpen)}
            mainAreaId={mainAreaId}
            advancedButtonRef={advancedButtonRef}
          />
        </div>
        <div id={mainAreaId} className="min-w-0">
          {advancedOpen ? (
            <AdvancedSettings
              settings={settings}
              save={save}
              onClose={() => showAdvanced(false)}
              headingRef={mainHeadingRef}
            />
          ) : (
            <UpcomingMeetings
              range={range}
              dates={dates}
              timeZone={timeZone}
              bookings={meetings}
              onRangeChange={setRange}
              onRefresh={refresh}
              onCancel={(booking, button) => {
                cancelReturnFocus.current = button;
                cancelBooking.reset();
                setToCancel(booking);
              }}
              headingRef={mainHeadingRef}
            />
          )}
        </div>
      </div>

      <CancelBookingDialog
        booking={toCancel}
        timeZone={timeZone}
        pending={cancelBooking.isPending}
        onConfirm={confirmCancel}
        onClose={() => setToCancel(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const button = cancelReturnFocus.current;
          (button?.isConnected ? button : mainHeadingRef.current)?.focus();
        }}
      />
    </div>
  );
}

const STAT_LABELS: readonly { key: keyof Stats; label: string }[] = [
  { key: 'upcoming', label: 'Upcoming' },
  { key: 'today', label: 'Today' },
  { key: 'thisWeek', label: 'This Week' },
  { key: 'total', label: 'Total' },
];

/**
 * Quick Stats: Upcoming, Today, This Week and Total ("..." while loading), all from one list call (lib/ranges.ts
 * `statsWindow`, `quickStats`). "Upcoming" is measured at the time of that call's answer.
 */
function QuickStatsPanel({
  bookings,
  today,
  timeZone,
}: {
  bookings: UseQueryResult<BookingListItem[]>;
  today: string;
  timeZone: string;
}) {
  const titleId = useId();
  const stats = bookings.data ? quickStats(bookings.data, { today, now: bookings.dataUpdatedAt, timeZone }) : undefined;
  return (
    <section aria-labelledby={titleId} className={panelClasses}>
      <h2 id={titleId} className="text-lg font-semibold">
        Quick Stats
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3" aria-busy={bookings.isFetching}>
        {STAT_LABELS.map(({ key, label }) => (
          <div key={key} className="rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/70">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="mt-0.5 text-2xl font-bold tabular-nums">
              {stats ? (
                stats[key]
              ) : bookings.isError ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">unavailable</span>
                </>
              ) : (
                '...'
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
