import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import type { ManagedBooking } from '#shared/api/schemas/bookings';
import { BookingDetailList, BookingHeading } from '#frontend/components/booking-details.tsx';
import { JoinLink } from '#frontend/components/booking/join-link.tsx';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useCancelBooking } from '#frontend/features/manage-booking/api/cancel-booking.ts';
import { useManagedBooking } from '#frontend/features/manage-booking/api/get-managed-booking.ts';
import { CancelBookingDialog } from '#frontend/features/manage-booking/components/cancel-booking-dialog.tsx';
import {
  bookAgainHref,
  loadFailure,
  manageState,
  placeView,
  rescheduleHref,
  stateText,
} from '#frontend/features/manage-booking/lib/manage-view.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { downloadCalendarFile } from '#frontend/lib/calendar-file.ts';
import { dateIn, formatDateTime, formatLongDate, formatTimeRange } from '#frontend/lib/dates.ts';
import { notifyEmbed } from '#frontend/lib/embed.ts';
import { fragmentParam, takeLinkToken } from '#frontend/lib/link-token.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /booking/{id}#token=…: the guest's own page for one booking, where their e-mails link (no sign-in; the token is
 * the key). The token rides in the fragment, which no server sees (issue 31); an old link's ?token= is moved there,
 * and the page sends it in POST bodies. Shows the booking as the guest sees it and offers to reschedule or cancel it
 * while it is ahead, and its calendar file. Opening it changes nothing: only "Cancel booking"'s confirmation does.
 */
export function ManageBookingPage() {
  const { bookingId = '' } = useParams();
  const [search] = useSearchParams();
  const [token] = useState(takeLinkToken);
  // The mails' "Calendar file (.ics)" link opens this page asking for the file.
  const [fileAsked] = useState(
    () => typeof window !== 'undefined' && fragmentParam(window.location.hash, 'calendar') === 'file',
  );
  const booking = useManagedBooking(bookingId, token);
  useDocumentTitle('Your booking | Meetwise');
  // In a frame (issue 29): the embedding page hears once that the page is up, with what it shows.
  const eventSlug = booking.data?.eventSlug ?? '';
  const settled = !token || !booking.isPending;
  useEffect(() => {
    if (settled) notifyEmbed({ type: 'meetwise:ready', detail: { eventSlug } });
  }, [settled, eventSlug]);

  if (!token || (booking.isError && loadFailure(booking.error) === 'invalid')) return <InvalidLink />;
  if (booking.isError && loadFailure(booking.error) === 'ended') {
    return <EndedLink message={isApiError(booking.error) ? booking.error.message : ''} />;
  }
  if (booking.isPending) return <PageLoading />;
  if (booking.isError) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <ErrorAlert
          title="Could not load your booking"
          message={isApiError(booking.error) ? booking.error.message : 'Please try again.'}
        />
        <Button variant="outline" className="mt-4" onClick={() => void booking.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <ManagedBookingCard booking={booking.data} token={token} search={search} fileAsked={fileAsked} />;
}

/** Issue 31: the link's power ended (410): its booking is over, or a reschedule replaced it. The server says which. */
function EndedLink({ message }: { message: string }) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight">This booking link no longer works</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{message}</p>
        <Link to="/" className={buttonVariants({ className: 'mt-6 embed:hidden' })}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

function InvalidLink() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight">This booking link is not valid</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          The link may be incomplete or out of date. Please use the link in the latest e-mail about your booking.
        </p>
        {/* Not in a frame (issue 29): the home page is never framed. */}
        <Link to="/" className={buttonVariants({ className: 'mt-6 embed:hidden' })}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function ManagedBookingCard({
  booking,
  token,
  search,
  fileAsked,
}: {
  booking: ManagedBooking;
  token: string;
  /** The page's query: in a frame, its links keep the frame's parameters. */
  search: URLSearchParams;
  /** Opened from the mails' calendar file link: its button has the focus. */
  fileAsked: boolean;
}) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (fileAsked) fileButton.current?.focus();
  }, [fileAsked]);
  const saveCalendarFile = () => {
    setFileError(null);
    // A POST with the token in its body (issue 31).
    downloadCalendarFile(booking.id, token).catch((error: unknown) =>
      setFileError(isApiError(error) ? error.message : 'Could not get the calendar file. Please try again.'),
    );
  };
  const cancel = useCancelBooking(booking.id, token);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const stateLine = useRef<HTMLParagraphElement>(null);
  const state = manageState(booking);
  const zone = booking.userTimezone;
  const when = formatDateTime(booking.startTime, zone);

  const rows: Array<[string, string | string[]]> = [
    ['Date', formatLongDate(dateIn(booking.startTime, zone))],
    ['Time', formatTimeRange(booking.startTime, booking.endTime, zone)],
    ['Time zone', zone.replace(/_/g, ' ')],
    ['Host', booking.hostName],
  ];
  // Issue 30: where it takes place, with the link to join an online meeting while it is ahead.
  const place = placeView(booking);
  if (place) rows.push(['Location', place.text]);
  rows.push(['Name', booking.name], ['Email', booking.email]);
  if (booking.guests.length > 0) rows.push(['Guests', booking.guests]);
  if (booking.additionalInfo) rows.push(['Additional information', booking.additionalInfo]);

  const confirmCancel = (reason: string) =>
    cancel.mutate(reason, {
      onSuccess: () => {
        setDialogOpen(false);
        toast({ title: 'Booking cancelled', description: 'The host has been told.' });
        notifyEmbed({ type: 'meetwise:cancelled', detail: { bookingId: booking.id, eventSlug: booking.eventSlug } });
      },
    });

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <article
        aria-labelledby="manage-booking-title"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center gap-3">
          {booking.hostPhotoUrl ? (
            <img
              src={booking.hostPhotoUrl}
              alt=""
              width={48}
              height={48}
              className="size-12 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-brand-700 text-base font-semibold text-white"
            >
              {initialsOf(booking.hostName)}
            </span>
          )}
          <p className="font-medium text-slate-700 dark:text-slate-300">{booking.hostName}</p>
        </div>
        <div className="mt-4">
          <BookingHeading
            titleId="manage-booking-title"
            title={booking.eventTitle}
            status={booking.status}
            state={stateText(booking)}
            stateLine={stateLine}
            reason={state === 'cancelled' && !booking.rescheduled ? booking.cancellation?.reason : null}
          />
        </div>

        <BookingDetailList
          rows={rows}
          render={(value, label) =>
            label === 'Location' && place?.join ? <JoinLink label={place.join.label} url={place.join.url} /> : value
          }
        />

        <div className="mt-6 flex flex-wrap gap-3">
          {state === 'active' ? (
            <>
              <Link to={rescheduleHref(booking, token, search)} className={buttonVariants({ size: 'lg' })}>
                Reschedule
              </Link>
              <button
                ref={fileButton}
                type="button"
                className={buttonVariants({ variant: 'outline', size: 'lg' })}
                onClick={saveCalendarFile}
              >
                Calendar file (.ics)
              </button>
              <button
                ref={cancelButton}
                type="button"
                className={buttonVariants({ variant: 'outline', size: 'lg' })}
                onClick={() => {
                  cancel.reset();
                  setDialogOpen(true);
                }}
              >
                Cancel booking
              </button>
            </>
          ) : (
            <Link to={bookAgainHref(booking, search)} className={buttonVariants({ size: 'lg' })}>
              Book again
            </Link>
          )}
        </div>
        {fileError && (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            {fileError}
          </p>
        )}
      </article>

      <CancelBookingDialog
        summary={`${booking.eventTitle} with ${booking.hostName} on ${when}`}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        cancelling={cancel.isPending}
        error={cancel.isError ? cancelError(cancel.error) : null}
        onConfirm={confirmCancel}
        onCloseAutoFocus={(event) => {
          // Back to the button that opened it, or, once the booking is cancelled, to the line saying so.
          event.preventDefault();
          (cancelButton.current ?? stateLine.current)?.focus();
        }}
      />
    </div>
  );
}

const cancelError = (error: unknown): string =>
  (isApiError(error) && error.message) || 'Could not cancel the booking. Please try again.';
