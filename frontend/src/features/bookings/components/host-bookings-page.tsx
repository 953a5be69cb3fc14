import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { BookingListItem, HostBooking } from '#shared/api/schemas/bookings';
import { ExportCsvButton } from '#frontend/components/export-csv-button.tsx';
import { ReasonDialog, type ReasonDialogTexts } from '#frontend/components/reason-dialog.tsx';
import { Tabs } from '#frontend/components/tabs.tsx';
import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useHostBookingAction } from '#frontend/features/bookings/api/host-booking-action.ts';
import { useHostBookings } from '#frontend/features/bookings/api/list-host-bookings.ts';
import { BookingRow, rowTitleId } from '#frontend/features/bookings/components/booking-row.tsx';
import { DeclineBookingDialog } from '#frontend/features/bookings/components/decline-booking-dialog.tsx';
import {
  ACTION_TOASTS,
  BOOKING_TABS,
  bookingLinkOf,
  EMPTY_TEXTS,
  guestName,
  inTab,
  PAGE_ROWS,
  TAB_DIRECTION,
  tabOf,
  tabRows,
  wantsMore,
  WINDOW_COUNT,
  windowAt,
  type BookingTab,
  type Direction,
  type HostBookingAction,
  type RowAction,
} from '#frontend/features/bookings/lib/host-bookings.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { exportFileName, fetchAllBookings } from '#frontend/lib/booking-export.ts';
import { dateIn, detectTimeZone, formatDateTitle, todayIn, zoneLabel } from '#frontend/lib/dates.ts';
import { useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** The cancel confirmation dialog, with the optional reason for the guest. */
const CANCEL_TEXTS: ReasonDialogTexts = {
  title: 'Cancel Booking',
  description: 'Are you sure you want to cancel this booking? This action cannot be undone.',
  reasonLabel: 'Reason (optional)',
  hint: 'Included in the e-mail to the guest.',
  back: 'Cancel',
  confirm: 'Yes, Cancel Booking',
  busy: 'Cancelling...',
};

const INITIAL_TARGETS: Record<BookingTab, number> = {
  upcoming: PAGE_ROWS,
  pending: PAGE_ROWS,
  past: PAGE_ROWS,
  cancelled: PAGE_ROWS,
};

/** The time the tabs sort by, moved on each minute (a meeting that starts leaves Pending, gets "Mark as no-show"). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * /bookings behind the login guard (beyond the spec, issue 17): the host's bookings in four tabs (?tab=pending, past,
 * cancelled; Upcoming without), each a list of rows that link to /bookings/{id}, walked in 30-day windows of
 * GET /api/bookings with "Load more" (lib/host-bookings.ts says which window feeds which tab). Times in the
 * browser's zone, named under the title. Cancel and Decline ask first (with an optional reason for the guest);
 * Confirm and the no-show mark act at once. After an action focus stays on the row, or goes to the tab's panel when
 * the row leaves the tab.
 */
export function HostBookingsPage() {
  useDocumentTitle('Bookings | Meetwise');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const [timeZone] = useState(detectTimeZone);
  const [today] = useState(() => todayIn(timeZone));
  const now = useNow();
  const currentUser = useCurrentUser({ refetchOnMount: false });
  const direction = TAB_DIRECTION[tab];
  const forward = useHostBookings('forward', today, timeZone, { enabled: direction === 'forward' });
  const backward = useHostBookings('backward', today, timeZone, { enabled: direction === 'backward' });
  const walk = direction === 'forward' ? forward : backward;
  const [targets, setTargets] = useState(INITIAL_TARGETS);
  const rows = useMemo(
    () =>
      tabRows(
        tab,
        (walk.data?.pages ?? []).map((page) => page.bookings),
        now,
      ),
    [tab, walk.data, now],
  );

  // A tab fills itself, one window at a time, until it shows its target or its walk ends.
  const { hasNextPage, isFetching, isSuccess, fetchNextPage } = walk;
  const filling = isSuccess && wantsMore(rows.length, targets[tab], hasNextPage);
  useEffect(() => {
    if (filling && !isFetching) void fetchNextPage();
  }, [filling, isFetching, fetchNextPage]);

  // "Load more" (issue 30): once the rows it asked for came, the live region says how many; the button keeps the
  // focus, and when it goes (the walk's end) the first new row's title takes it.
  const [announced, setAnnounced] = useState<{ tab: BookingTab; text: string } | null>(null);
  const announcement = announced?.tab === tab ? announced.text : '';
  const loadedFrom = useRef<{ tab: BookingTab; count: number } | null>(null);
  useEffect(() => {
    const from = loadedFrom.current;
    if (!from || filling || isFetching) return;
    loadedFrom.current = null;
    if (from.tab !== tab) return;
    const added = rows.length - from.count;
    setAnnounced({
      tab,
      text: added > 0 ? `${added} more ${added === 1 ? 'booking' : 'bookings'} loaded.` : 'No more bookings to load.',
    });
    const first = rows[from.count];
    if (!hasNextPage && first) document.getElementById(rowTitleId(first.id))?.focus();
  }, [rows, filling, isFetching, hasNextPage, tab]);

  const action = useHostBookingAction();
  const panelRef = useRef<HTMLDivElement>(null);
  /** Where focus goes when the open dialog closes: its opener, or after a change what the change left. */
  const returnFocus = useRef<HTMLElement | null>(null);
  const dialogSeq = useRef(0);
  const [dialog, setDialog] = useState<{ kind: 'cancel' | 'decline'; booking: BookingListItem; seq: number } | null>(
    null,
  );
  const [dialogOpen, setDialogOpen] = useState(false);

  const selectTab = (next: BookingTab) => setParams(next === 'upcoming' ? {} : { tab: next }, { replace: true });

  /** The row's title when the changed booking stays in this tab, else the panel (the row is about to go). */
  const focusAfterChange = (booking: BookingListItem, answer: HostBooking): HTMLElement | null =>
    inTab(tab, { ...booking, status: answer.status }, now)
      ? document.getElementById(rowTitleId(booking.id))
      : panelRef.current;

  const perform = (booking: BookingListItem, kind: HostBookingAction, reason?: string) => {
    const texts = ACTION_TOASTS[kind];
    const viaDialog = kind === 'cancel' || kind === 'decline';
    action.mutate(
      { id: booking.id, action: kind, reason },
      {
        onSuccess: (answer) => {
          toast({ title: texts.done, description: texts.doneText });
          const next = focusAfterChange(booking, answer);
          if (viaDialog) {
            returnFocus.current = next;
            setDialogOpen(false);
          } else if (kind === 'confirm') {
            // Confirm and Decline give way to the confirmed row's buttons (the no-show button stays itself).
            next?.focus();
          }
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: texts.failed,
            description: (isApiError(error) && error.message) || texts.failedText,
          });
          if (viaDialog) setDialogOpen(false);
        },
      },
    );
  };

  const copyLink = async (booking: BookingListItem, reschedule: boolean) => {
    try {
      await navigator.clipboard.writeText(
        reschedule && booking.rescheduleUrl
          ? booking.rescheduleUrl
          : bookingLinkOf(window.location.origin, booking.eventSlug),
      );
      toast({
        title: 'Link copied!',
        description: `${reschedule ? 'Reschedule' : 'Booking'} link has been copied to clipboard.`,
      });
    } catch {
      toast({ variant: 'destructive', title: 'Failed to copy to clipboard' });
    }
  };

  const onAction = (booking: BookingListItem, kind: RowAction, button: HTMLButtonElement) => {
    if (kind === 'copyLink' || kind === 'copyRescheduleLink')
      return void copyLink(booking, kind === 'copyRescheduleLink');
    if (action.isPending) return;
    if (kind === 'cancel' || kind === 'decline') {
      returnFocus.current = button;
      dialogSeq.current += 1;
      setDialog({ kind, booking, seq: dialogSeq.current });
      setDialogOpen(true);
      return;
    }
    perform(booking, kind);
  };

  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = returnFocus.current;
    (target?.isConnected ? target : panelRef.current)?.focus();
  };

  const running = action.isPending ? action.variables : undefined;
  const label = BOOKING_TABS.find((item) => item.key === tab)!.label;

  let panel: ReactNode;
  if (walk.isPending) {
    panel = <Loading />;
  } else if (walk.isError && !walk.data) {
    panel = (
      <div>
        <ErrorAlert
          title="Failed to fetch bookings"
          message={isApiError(walk.error) ? walk.error.message : 'Please try again.'}
        />
        <Button variant="outline" className="mt-4" onClick={() => void walk.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (rows.length === 0 && filling) {
    panel = <Loading />;
  } else {
    const lastPage = walk.data?.pages.at(-1);
    const reach = lastPage ? windowAt(direction, today, lastPage.index) : null;
    // A window loaded in part reaches as far as its last booking so far.
    const partial = lastPage?.nextCursor ? lastPage.bookings.at(-1) : undefined;
    const shown = `${rows.length} ${rows.length === 1 ? 'booking' : 'bookings'}`;
    const coverage = !reach
      ? ''
      : direction === 'forward'
        ? `Showing ${shown} up to ${formatDateTitle(partial ? dateIn(partial.startTime, timeZone) : reach.end)}.`
        : `Showing ${shown} since ${formatDateTitle(reach.start)}.`;
    const end =
      direction === 'forward'
        ? 'That is every booking in the next 12 months.'
        : 'That is every booking of the last 12 months.';
    panel = (
      <>
        <h2 className="sr-only">{label} bookings</h2>
        {rows.length === 0 ? (
          <EmptyState tab={tab} />
        ) : (
          <ul aria-label={`${label} bookings`} className="grid gap-4">
            {rows.map((booking) => (
              <li key={booking.id}>
                <BookingRow
                  booking={booking}
                  now={now}
                  timeZone={timeZone}
                  showHost={currentUser.data?.isAdmin === true}
                  busy={running?.id === booking.id ? running.action : null}
                  disabled={action.isPending}
                  onAction={onAction}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 flex flex-col items-center gap-3 text-center">
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {announcement && <span className="sr-only">{announcement} </span>}
            {rows.length > 0 && coverage} {!hasNextPage && !walk.isError && rows.length > 0 && end}
          </p>
          {walk.isError ? (
            <>
              <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                Failed to fetch bookings
              </p>
              <Button
                variant="outline"
                onClick={() => void (walk.isFetchNextPageError ? fetchNextPage() : walk.refetch())}
              >
                Try again
              </Button>
            </>
          ) : (
            hasNextPage && (
              <Button
                variant="outline"
                aria-disabled={filling || isFetching || undefined}
                className="aria-disabled:cursor-default aria-disabled:opacity-60"
                onClick={() => {
                  if (filling || isFetching) return;
                  loadedFrom.current = { tab, count: rows.length };
                  setTargets((current) => ({ ...current, [tab]: Math.max(current[tab], rows.length) + PAGE_ROWS }));
                }}
              >
                {filling || isFetching ? 'Loading...' : 'Load more'}
              </Button>
            )
          )}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Bookings</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">Times are shown in {zoneLabel(timeZone)}.</p>
        </div>
        <ExportCsvButton
          load={(signal) => tabBookings(tab, direction, today, timeZone, signal)}
          timeZone={timeZone}
          fileName={exportFileName(walkRange(direction, today), `bookings-${tab}`)}
        />
      </div>
      <div className="mt-6">
        <Tabs label="Bookings" items={BOOKING_TABS} selected={tab} onSelect={selectTab} panelRef={panelRef}>
          {panel}
        </Tabs>
      </div>

      {dialog?.kind === 'cancel' && (
        <ReasonDialog
          key={dialog.seq}
          texts={CANCEL_TEXTS}
          open={dialogOpen}
          busy={action.isPending}
          onOpenChange={setDialogOpen}
          onConfirm={(reason) => perform(dialog.booking, 'cancel', reason)}
          onCloseAutoFocus={restoreFocus}
        />
      )}
      {dialog?.kind === 'decline' && (
        <DeclineBookingDialog
          key={dialog.seq}
          guestName={guestName(dialog.booking)}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          declining={action.isPending}
          onConfirm={(reason) => perform(dialog.booking, 'decline', reason)}
          onCloseAutoFocus={restoreFocus}
        />
      )}
    </div>
  );
}

/** The days a walk covers, first to last (both included). */
function walkRange(direction: Direction, today: string) {
  const first = windowAt(direction, today, 0)!;
  const last = windowAt(direction, today, WINDOW_COUNT - 1)!;
  return direction === 'forward' ? { start: first.start, end: last.end } : { start: last.start, end: first.end };
}

/**
 * "Export CSV" of a tab (issue 30): every booking of the tab over its whole walk (12 months), each window's pages
 * followed, in the tab's order, whatever the screen has loaded.
 */
async function tabBookings(
  tab: BookingTab,
  direction: Direction,
  today: string,
  timeZone: string,
  signal: AbortSignal,
): Promise<BookingListItem[]> {
  const windows: BookingListItem[][] = [];
  for (let index = 0; index < WINDOW_COUNT; index++) {
    windows.push(await fetchAllBookings(windowAt(direction, today, index)!, timeZone, signal));
  }
  return tabRows(tab, windows, Date.now());
}

function Loading() {
  return (
    <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-300">
      Loading bookings...
    </p>
  );
}

function EmptyState({ tab }: { tab: BookingTab }) {
  const { title, text } = EMPTY_TEXTS[tab];
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{title}</p>
      <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-300">{text}</p>
      {tab === 'upcoming' && (
        <Link to="/events" className={buttonVariants({ variant: 'outline', className: 'mt-5' })}>
          Go to Event Types
        </Link>
      )}
    </div>
  );
}
