import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import type { HostBooking } from '#shared/api/schemas/bookings';
import { BookingDetailList, BookingHeading } from '#frontend/components/booking-details.tsx';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useDecideBooking, type Decision } from '#frontend/features/bookings/api/decide-booking.ts';
import { useBooking } from '#frontend/features/bookings/api/get-booking.ts';
import { DeclineBookingDialog } from '#frontend/features/bookings/components/decline-booking-dialog.tsx';
import { awaitsDecision, hostStateText, isNotFound, sourceText } from '#frontend/features/bookings/lib/booking-view.ts';
import { hostPlaceView, telHref, type HostPlaceView } from '#frontend/features/bookings/lib/place.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { dateIn, formatDateTime, formatHostTime, formatLongDate, formatTimeRange } from '#frontend/lib/dates.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /bookings/{id} behind the login guard: one booking in the host's console, where the host's e-mails link ("Confirm
 * or decline" for a pending one). Times in the event's zone, the guest's beside them.
 */
export function BookingDetailPage() {
  const { bookingId = '' } = useParams();
  const booking = useBooking(bookingId);
  useDocumentTitle('Booking | Meetwise');

  if (booking.isPending) return <PageLoading />;
  if (booking.isError) {
    if (isNotFound(booking.error)) return <BookingNotFound />;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-12">
        <ErrorAlert
          title="Could not load the booking"
          message={isApiError(booking.error) ? booking.error.message : 'Please try again.'}
        />
        <Button variant="outline" className="mt-4" onClick={() => void booking.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <BookingDetail booking={booking.data} />;
}

function BookingNotFound() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight">Booking not found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          It may have been deleted with its event, or it belongs to another account.
        </p>
        <Link to="/events" className={buttonVariants({ className: 'mt-6' })}>
          Back to Event Types
        </Link>
      </div>
    </section>
  );
}

const DONE: Record<Decision, string> = { confirm: 'Booking confirmed', decline: 'Booking declined' };
const FAILED: Record<Decision, string> = {
  confirm: 'Could not confirm booking',
  decline: 'Could not decline booking',
};

function BookingDetail({ booking }: { booking: HostBooking }) {
  const decide = useDecideBooking(booking.id);
  const [declineOpen, setDeclineOpen] = useState(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  const stateLine = useRef<HTMLParagraphElement>(null);
  const hostZone = booking.hostTimeZone;
  const guestZone = booking.guestTimeZone;
  const deciding = decide.isPending;
  const open = awaitsDecision(booking);

  const rows: Array<[string, string | string[]]> = [
    ['Event', booking.eventTitle],
    ['Date', formatLongDate(dateIn(booking.startTime, hostZone))],
    ['Time', `${formatTimeRange(booking.startTime, booking.endTime, hostZone)} (${hostZone.replace(/_/g, ' ')})`],
  ];
  if (guestZone !== hostZone)
    rows.push(["Guest's time", formatHostTime(booking.startTime, booking.endTime, guestZone, hostZone)]);
  // Issue 30: where it takes place: the link to join, or the number to call when the host calls the guest.
  const place = hostPlaceView(booking);
  if (place) rows.push(['Location', place.text]);
  rows.push(['Guest', booking.name], ['Email', booking.email]);
  if (booking.guests.length > 0) rows.push(['Guests', booking.guests]);
  if (booking.additionalInfo) rows.push(['Additional information', booking.additionalInfo]);
  rows.push(['Booked', formatDateTime(booking.createdAt, hostZone)]);
  // Issue 29: the utm_* parameters the guest's booking page was opened with (an embed on the host's site passes them).
  const source = sourceText(booking.source);
  if (source) rows.push(['Source', source]);

  const run = (decision: Decision, reason?: string) =>
    decide.mutate(
      { decision, reason },
      {
        onSuccess: () => {
          setDeclineOpen(false);
          toast({ title: DONE[decision] });
          // The buttons are gone: focus the line that says what happened.
          if (decision === 'confirm') stateLine.current?.focus();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: FAILED[decision],
            description: (isApiError(error) && error.message) || 'Please try again.',
          });
        },
      },
    );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to="/events"
        className={cn(
          'rounded-sm text-sm font-medium text-slate-700 underline-offset-4 hover:underline dark:text-slate-300',
          focusRing,
        )}
      >
        ← Event Types
      </Link>
      <article
        aria-labelledby="booking-title"
        className="mt-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <BookingHeading
          titleId="booking-title"
          title={`${booking.eventTitle} with ${booking.name}`}
          status={booking.status}
          state={hostStateText(booking)}
          stateLine={stateLine}
          reason={booking.cancellation?.reason}
        />
        {booking.rescheduledFrom && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Rescheduled from {formatDateTime(booking.rescheduledFrom.startTime, hostZone)}
          </p>
        )}

        <BookingDetailList
          rows={rows}
          render={(value, label) =>
            label === 'Email' ? (
              <a href={`mailto:${value}`} className={cn('rounded-sm underline underline-offset-4', focusRing)}>
                {value}
              </a>
            ) : label === 'Location' && place ? (
              <PlaceValue place={place} />
            ) : (
              value
            )
          }
        />

        {open && (
          <div className="mt-6 flex flex-wrap gap-3">
            <Button size="lg" disabled={deciding} onClick={() => run('confirm')}>
              {deciding && decide.variables?.decision === 'confirm' ? 'Confirming...' : 'Confirm'}
            </Button>
            <button
              ref={declineButton}
              type="button"
              disabled={deciding}
              className={buttonVariants({ variant: 'outline', size: 'lg' })}
              onClick={() => setDeclineOpen(true)}
            >
              Decline
            </button>
          </div>
        )}
      </article>

      <DeclineBookingDialog
        guestName={booking.name}
        open={declineOpen}
        onOpenChange={setDeclineOpen}
        declining={deciding}
        onConfirm={(reason) => run('decline', reason)}
        onCloseAutoFocus={(event) => {
          // Back to "Decline", or, once the booking is decided, to the line saying so.
          event.preventDefault();
          (declineButton.current ?? stateLine.current)?.focus();
        }}
      />
    </div>
  );
}

/** The place row: the line, the "Join" link of an online meeting (a new tab), or the guest's number to call. */
function PlaceValue({ place }: { place: HostPlaceView }) {
  const link = cn('rounded-sm font-semibold underline underline-offset-4', focusRing);
  if (place.join)
    return (
      <span className="grid gap-1">
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{place.join.label}</span>
          <a href={place.join.url} target="_blank" rel="noopener noreferrer" className={link}>
            Join<span className="sr-only"> {place.join.label} (opens in a new tab)</span>
          </a>
        </span>
        <span className="break-all text-slate-600 dark:text-slate-400">{place.join.url}</span>
      </span>
    );
  if (place.guestPhone)
    return (
      <>
        {place.text}{' '}
        <a href={telHref(place.guestPhone)} className={link}>
          {place.guestPhone}
        </a>
      </>
    );
  return place.text;
}
