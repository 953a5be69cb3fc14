import { useEffect, useRef, useState, type ReactNode } from 'react';

import type { CreateBookingResponse } from '#shared/api/schemas/bookings';
import type { PublicEvent } from '#shared/api/schemas/events';
import { PLAN_PRICES } from '#shared/constants';
import { AppLink } from '#frontend/components/app-link.tsx';
import { JoinLink } from '#frontend/components/booking/join-link.tsx';
import { accentButton } from '#frontend/features/booking/components/accent-button.ts';
import { googleCalendarUrl, manageBookingUrl } from '#frontend/features/booking/lib/add-to-calendar.ts';
import { COPIED_NOTICE_MS } from '#frontend/features/booking/lib/constants.ts';
import { bookedPlace, calendarPlace, placeLine } from '#frontend/features/booking/lib/place.ts';
import { downloadCalendarFile } from '#frontend/lib/calendar-file.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { dateIn, formatDateTitle, formatHostTime, formatTimeRange } from '#frontend/lib/dates.ts';

interface BookingConfirmationProps {
  event: PublicEvent;
  booking: CreateBookingResponse;
  timeZone: string;
  /** Booked on an event that needs the host's confirmation: no calendar entry yet. */
  pending: boolean;
  onReschedule: () => void;
}

const outlineButton = cn(
  'inline-flex h-11 items-center rounded-md border border-slate-300 px-6 text-base font-medium text-slate-900 hover:bg-slate-50',
  'dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800',
  focusRing,
);

/** Step 3: what was booked, share, add to a calendar, reschedule, and the product's sign-up prompts. */
export function BookingConfirmation({ event, booking, timeZone, pending, onReschedule }: BookingConfirmationProps) {
  const [copied, setCopied] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const zone = booking.userTimezone || timeZone;
  const start = new Date(booking.startTime);
  // The end is start plus duration (default 30).
  const end = new Date(start.getTime() + (booking.duration || event.duration || 30) * 60_000);
  const dateTitle = formatDateTitle(dateIn(start, zone));
  const range = formatTimeRange(start, end, zone);
  const hostZone = booking.timezone || event.timeZone;
  // The host's date too when it is not the guest's (issue 15: "10:00 AM - 10:30 AM, Tuesday Nov 24 (America/New York)").
  const hostRange = hostZone !== zone ? formatHostTime(start, end, hostZone, zone) : null;
  const title = booking.eventTitle || event.title;
  // A team booking names its assigned host(s) (issue 28), else the booking's or the event's host.
  const host = booking.hosts?.length
    ? booking.hosts.map((assigned) => assigned.name).join(', ')
    : booking.hostName || event.hostName;
  // Where it takes place (issue 30): the booking's place, with the link to join an online meeting.
  const place = bookedPlace(booking, event);
  const where = placeLine(place, event.location);
  const forCalendar = calendarPlace(place, event.location);

  const share = async () => {
    const text = [
      `Meeting: ${title}`,
      `Date: ${dateTitle}`,
      `Time: ${range} (${zone})`,
      `Host: ${host}`,
      where ? `Location: ${where}` : null,
      `Booking page: ${window.location.origin}/book/${booking.eventSlug || event.slug}`,
    ]
      .filter(Boolean)
      .join('\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    } catch {
      window.alert('Unable to copy to clipboard. Please copy the meeting details manually.');
    }
  };

  const rows: Array<[string, ReactNode]> = [
    ['Event', title],
    ['Date', dateTitle],
    ['Time', range],
    ['Host', host],
    ['Time zone', zone.replace(/_/g, ' ')],
  ];
  if (hostRange) rows.push(["Host's time", hostRange]);
  if (place?.online && place.url)
    rows.push([
      'Location',
      <JoinLink
        key="place"
        label={place.label}
        url={place.url}
        linkClassName="text-[var(--accent)] dark:text-[color-mix(in_srgb,var(--accent)_45%,white)]"
      />,
    ]);
  else if (where) rows.push(['Location', where]);

  const { bookingId, rescheduleToken } = booking;
  const calendar =
    !pending && bookingId && rescheduleToken
      ? {
          // Issue 31: a POST with the token in its body, so no URL carries it.
          ics: () => {
            setFileError(null);
            downloadCalendarFile(bookingId, rescheduleToken).catch((error: unknown) =>
              setFileError(error instanceof Error ? error.message : 'Could not get the calendar file.'),
            );
          },
          google: googleCalendarUrl({
            title: `${title} with ${host}`,
            start,
            end,
            details: [
              forCalendar.detailsLine,
              'Booked with Meetwise.',
              `Reschedule or cancel: ${manageBookingUrl(window.location.origin, bookingId, rescheduleToken)}`,
            ]
              .filter(Boolean)
              .join('\n'),
            location: forCalendar.location,
          }),
        }
      : null;

  return (
    <div>
      <p className="text-slate-700 dark:text-slate-300">
        {pending
          ? 'You will receive an e-mail when the host confirms.'
          : `You are scheduled with ${host}. The details are below.`}
      </p>
      <dl className="mt-5 grid gap-3 rounded-md border border-slate-200 p-4 text-sm dark:border-slate-700 sm:grid-cols-[8rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd
              className="text-slate-900 dark:text-slate-100"
              data-testid={`confirmation-${label.toLowerCase().replace(/\W+/g, '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" className={accentButton()} onClick={() => void share()}>
          {copied ? 'Copied to Clipboard!' : 'Share Meeting Details'}
        </button>
        {calendar && (
          <div role="group" aria-label="Add to calendar" className="flex flex-wrap gap-3">
            <button type="button" onClick={calendar.ics} className={outlineButton}>
              Download .ics
            </button>
            <a href={calendar.google} target="_blank" rel="noopener" className={outlineButton}>
              Google Calendar<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        )}
        <button type="button" onClick={onReschedule} className={outlineButton}>
          Reschedule
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? 'Meeting details copied to the clipboard.' : ''}
      </p>
      {fileError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {fileError}
        </p>
      )}

      {/* Not in a frame (issue 29): the host's site is no place for Meetwise's offer, and its pages are never framed. */}
      <section
        aria-labelledby="booking-signup-title"
        className="mt-8 rounded-lg bg-slate-100 p-5 dark:bg-slate-800 embed:hidden"
      >
        <h3 id="booking-signup-title" className="font-semibold text-slate-900 dark:text-white">
          Want a booking page like this one?
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Create your own Meetwise page in a few minutes and let people book time with you.
        </p>
        <AppLink
          to="/register"
          className={cn(
            'mt-3 inline-block font-medium text-slate-900 underline underline-offset-4 dark:text-white',
            focusRing,
          )}
        >
          Sign up for free
        </AppLink>
        <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-3" aria-label="Plans">
          <li className="rounded-md bg-white px-3 py-2 dark:bg-slate-900">
            <span className="font-semibold">Monthly</span> ${PLAN_PRICES.monthly}/month
          </li>
          <li className="rounded-md bg-white px-3 py-2 dark:bg-slate-900">
            <span className="font-semibold">Annual</span> ${PLAN_PRICES.annual}/year
          </li>
          <li className="rounded-md bg-white px-3 py-2 dark:bg-slate-900">
            <span className="font-semibold">Lifetime</span> ${PLAN_PRICES.lifetime} once
          </li>
        </ul>
        <AppLink
          to="/#pricing"
          className={cn(
            'mt-3 inline-block text-sm font-medium text-slate-900 underline underline-offset-4 dark:text-white',
            focusRing,
          )}
        >
          See pricing
        </AppLink>
      </section>
    </div>
  );
}
