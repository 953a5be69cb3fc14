import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';

import type { CreateBookingBody, CreateBookingResponse } from '#shared/api/schemas/bookings';
import type { PublicEvent } from '#shared/api/schemas/events';
import { PRODUCT_NAME } from '#shared/constants';
import { AppLink } from '#frontend/components/app-link.tsx';
import { BookingTheme } from '#frontend/components/booking/booking-theme.tsx';
import { EventSummary } from '#frontend/components/booking/event-summary.tsx';
import { MonthCalendar } from '#frontend/components/booking/month-calendar.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import {
  EventLoadError,
  useAvailableDates,
  useCalendarSync,
  useEventGone,
  usePublicEvent,
  useTimeSlots,
} from '#frontend/features/booking/api/booking-queries.ts';
import { availableDatesKey, fetchAvailableDates } from '#frontend/features/booking/api/early-fetch.ts';
import { TimeZonePicker } from '#frontend/features/booking/components/time-zone-picker.tsx';
import { useScopedCustomCss } from '#frontend/features/booking/lib/custom-css.ts';
import { EMPTY_FORM, type BookingFormValues } from '#frontend/features/booking/lib/form-values.ts';
import { bookingPageTitle } from '#frontend/features/booking/lib/page-meta.ts';
import {
  formValuesOf,
  rescheduleTarget,
  withCurrentDate,
  withCurrentSlot,
  type RescheduleTarget,
} from '#frontend/features/booking/lib/reschedule.ts';
import { isApiError } from '#frontend/lib/api-core.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import {
  addDays,
  addMonths,
  dateIn,
  detectTimeZone,
  formatDateTime,
  formatDateTitle,
  isoDate,
  todayIn,
  yearMonthOf,
  type YearMonth,
} from '#frontend/lib/dates.ts';
import { notifyEmbed } from '#frontend/lib/embed.ts';
import { takeLinkToken } from '#frontend/lib/link-token.ts';
import { fetchReschedulableBooking, MANAGED_BOOKING_STALE_MS } from '#frontend/lib/managed-booking.ts';
import { useServerRenderTime } from '#frontend/lib/server-render.ts';
import { setPageTheme } from '#frontend/lib/theme.ts';
import type { TimeSlot } from '#frontend/lib/time-slot.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** Steps 2 and 3 (with zod) load on their own; their download starts once a date is chosen. */
const loadBookingForm = () => import('#frontend/features/booking/components/later-steps.ts');
const BookingForm = lazy(async () => ({ default: (await loadBookingForm()).BookingForm }));
const BookingConfirmation = lazy(async () => ({ default: (await loadBookingForm()).BookingConfirmation }));
/** A day's times load when the guest is about to pick a date (pointing at or focusing the calendar, or picking). */
const loadDayView = () => import('#frontend/components/booking/time-slot-list.tsx');
const TimeSlotList = lazy(async () => ({ default: (await loadDayView()).TimeSlotList }));
const preloadDayView = () => void loadDayView();

/**
 * Where the booking page is, given by the page's entry (the single-page app's route, or the standalone booking page
 * of booking-main.tsx, which has no router).
 */
export interface BookingPageProps {
  /** The event's slug in the page's address (/book/{slug}, /events/{slug}). */
  slug: string;
  /** The address's query: ?reschedule={bookingId} (with #token=… in the fragment) moves a booking. */
  search: URLSearchParams;
  /** Replaces the address's query, without a new history entry. */
  replaceSearch: (next: URLSearchParams) => void;
}

/**
 * /book/{eventSlug} and /events/{eventSlug}: the public booking page.
 * Also drawn on a server (prerender/booking-page.tsx) with its event, for a page published as HTML.
 */
export function BookingPage({ slug, search, replaceSearch }: BookingPageProps) {
  const event = usePublicEvent(slug);
  const reschedule = useRescheduleTarget(slug, search);
  // A page that starts with its event (published with it, or cached) shows it at once: while it hydrates, exactly as
  // the server drew it (the server never sees the query), and a reschedule link applies once it has loaded (the flow
  // starts again with it). A page without its event waits for both.
  const [startedWithEvent] = useState(event.isSuccess);
  const hydrating = useServerRenderTime() !== null;
  const arrived = hydrating || reschedule === 'loading' ? null : reschedule;
  // Kept once applied: the flow keeps its link when a booking made clears the address.
  const [link, setLink] = useState(arrived);
  if (arrived !== null && link === null) setLink(arrived);
  // The flow's first render (calendar grid and all) runs as a deferred, time-sliced update: it never holds the
  // main thread in one long task while the phone is still busy starting the page.
  const loaded = useDeferredValue(event.data);
  // In a frame (issue 29): the embedding page hears once that the page is up (hydrated, or rendered with its answer).
  const settled = !slug || event.isError || (event.isSuccess && loaded !== undefined);
  useEffect(() => {
    if (settled) notifyEmbed({ type: 'meetwise:ready', detail: { eventSlug: slug } });
  }, [settled, slug]);

  if (!slug) return <EventLoadScreen kind="notFound" />;
  if (event.isPending || (reschedule === 'loading' && !startedWithEvent) || (event.isSuccess && !loaded)) {
    return (
      <div className="flex flex-1 items-center justify-center p-8" role="status">
        <span className="text-slate-600 dark:text-slate-400">Loading booking page…</span>
      </div>
    );
  }
  if (event.isError) {
    const kind = event.error instanceof EventLoadError ? event.error.kind : 'failed';
    return <EventLoadScreen kind={kind} />;
  }
  return (
    <BookingFlow
      key={`${loaded!.id}:${link ? 'link' : ''}`}
      event={loaded!}
      link={link}
      search={search}
      replaceSearch={replaceSearch}
    />
  );
}

/**
 * Reschedule mode (?reschedule={bookingId}#token=…, from the guest's e-mail or manage page, or the host's reschedule
 * link): the booking to move, loaded in parallel with the event; 'loading' until it answers, null on a plain booking
 * page. The token is the fragment's (issue 31: an old link's ?token= is moved there), sent in a POST body.
 */
function useRescheduleTarget(eventSlug: string, search: URLSearchParams): RescheduleTarget | 'loading' | null {
  const bookingId = search.get('reschedule');
  const [token] = useState(() => (bookingId ? takeLinkToken() : null));
  const enabled = Boolean(bookingId && token);
  const query = useQuery({
    queryKey: ['reschedulableBooking', bookingId ?? '', token ?? ''],
    queryFn: ({ signal }) => fetchReschedulableBooking(bookingId!, token!, signal),
    enabled,
    staleTime: MANAGED_BOOKING_STALE_MS,
  });
  if (!bookingId) return null;
  if (enabled && query.isPending) return 'loading';
  return rescheduleTarget(eventSlug, token, query.data, query.error);
}

type Step = 'calendar' | 'details' | 'confirmation';
const STEP_HEADINGS: Record<Step, string> = {
  calendar: 'Select a Date & Time',
  details: 'Enter Your Details',
  confirmation: 'Your meeting is scheduled',
};
const STEP_NUMBER: Record<Step, number> = { calendar: 1, details: 2, confirmation: 3 };

function BookingFlow({
  event,
  link,
  search,
  replaceSearch,
}: { event: PublicEvent; link: RescheduleTarget | null } & Pick<BookingPageProps, 'search' | 'replaceSearch'>) {
  // A prerendered page is drawn for the server's instant and the host's zone (all the server knew) while it
  // hydrates, then at once for the guest's: the browser's first render must be the server's markup. Availability is
  // only asked for the guest's zone and month.
  const serverTime = useServerRenderTime();
  const live = serverTime === null;
  const now = serverTime ?? undefined;
  const [guestZone, setTimeZone] = useState(detectTimeZone);
  const timeZone = live ? guestZone : event.timeZone;
  const today = todayIn(timeZone, now);
  /** The month shown; null: today's. */
  const [chosenView, setView] = useState<YearMonth | null>(null);
  const view = chosenView ?? yearMonthOf(today);
  const [step, setStep] = useState<Step>('calendar');
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [selectedSlot, setSelectedSlot] = useState<TimeSlot | null>(null);
  const [booking, setBooking] = useState<CreateBookingResponse | null>(null);
  const ready = link?.kind === 'ready' ? link : null;
  /** The booking its reschedule link moves (until the new one is made), and why a link cannot move one. */
  const [linked, setLinked] = useState(ready?.booking ?? null);
  const [linkError] = useState(link?.kind === 'error' ? link.message : null);
  /** The last booking was made from a reschedule link (step 3 says "Rescheduled"). */
  const [movedByLink, setMovedByLink] = useState(false);
  /** Set by "Reschedule" or a reschedule link: the booking the next one replaces (moved, not doubled). */
  const [replaces, setReplaces] = useState<CreateBookingBody['reschedule']>(ready?.replaces);
  const [formValues, setFormValues] = useState<BookingFormValues>(() =>
    ready ? formValuesOf(ready.booking) : EMPTY_FORM,
  );
  // The booking being moved: its time is offered on its date although the API lists it as taken.
  const currentSlot = useMemo(() => (linked ? { start: linked.startTime, end: linked.endTime } : null), [linked]);
  const currentDate = currentSlot ? dateIn(currentSlot.start, timeZone) : null;
  /** Bumped by each navigation action; part of the availability query keys, so it forces a refetch. */
  const [refresh, setRefresh] = useState(0);
  const bump = () => setRefresh((value) => value + 1);

  const dates = useAvailableDates(event.slug, view.year, view.month, timeZone, refresh, live);
  // The next month too: its first days in the month's last week are offered when they have free time.
  const nextView = addMonths(view, 1);
  const nextDates = useAvailableDates(event.slug, nextView.year, nextView.month, timeZone, refresh, live);
  // The API stays authoritative: a page published before its event was switched off or deleted says so.
  const gone = useEventGone(event.slug);
  // The booking page takes its light or dark theme from bookingTheme: all of the page, not just the card.
  useEffect(() => {
    setPageTheme(gone ? null : event.bookingTheme);
    return () => setPageTheme(null);
  }, [event.bookingTheme, gone]);
  const bothMonths = useMemo(() => {
    // The hydrating render draws the server's markup, which has no dates yet: a month already in the cache (the
    // early call answered before the code ran) is drawn once live. Drawn while hydrating, it would differ from the
    // server's attributes, which React does not patch: the days would stay disabled on screen.
    if (!live) return undefined;
    const merged = dates.data ? new Map([...(nextDates.data ?? []), ...dates.data]) : undefined;
    return merged && currentDate ? withCurrentDate(merged, currentDate) : merged;
  }, [live, dates.data, nextDates.data, currentDate]);
  const availability = useDeferredValue(bothMonths); // marks the days in a time-sliced update, as above
  // The window counts from the host's today; a guest ahead of the host's zone may see its last day one date later.
  const bookingWindow = {
    lastDate: addDays(todayIn(event.timeZone, now), event.advanceBookingDays + 1),
    days: event.advanceBookingDays,
  };
  const [jump, setJump] = useState<'searching' | 'none' | null>(null);
  const queryClient = useQueryClient();
  /** "Jump to the next available date": the months after the one shown, one at a time, up to the window's end. */
  const jumpToNextAvailable = async () => {
    setJump('searching');
    for (let month = addMonths(view, 1); ; month = addMonths(month, 1)) {
      if (isoDate(month.year, month.month, 1) > bookingWindow.lastDate) break;
      const free = await queryClient.fetchQuery({
        queryKey: availableDatesKey(event.slug, month.year, month.month, timeZone),
        queryFn: ({ signal }) =>
          fetchAvailableDates(
            { year: month.year, month: month.month, eventId: event.slug, timezone: timeZone },
            signal,
          ),
      });
      const first = [...free].find(([date, open]) => open && date >= today)?.[0];
      if (first) {
        setJump(null);
        selectDate(first);
        return;
      }
    }
    setJump('none');
  };
  const slots = useTimeSlots(event.slug, selectedDate, timeZone, refresh, event.timeZone);
  const daySlots = slots.data?.slots ?? [];
  const shownSlots = currentSlot && selectedDate === currentDate ? withCurrentSlot(daySlots, currentSlot) : daySlots;
  useCalendarSync(event, step === 'calendar' && !gone);
  const scopedCss = useScopedCustomCss(event.customCss);
  useDocumentTitle(gone ? PRODUCT_NAME : bookingPageTitle(event));

  // Step changes: focus the new step's heading (announced by the live region below). Not on first render.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusKey = `${step}:${selectedDate ?? ''}`;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [focusKey]);

  const selectDate = (date: string) => {
    if (date < today) return; // past dates are ignored
    void loadDayView();
    void loadBookingForm();
    notifyEmbed({ type: 'meetwise:date-selected', detail: { eventSlug: event.slug, date } });
    setSelectedDate(date);
    setSelectedSlot(null);
    setView(yearMonthOf(date));
    bump();
  };
  const backToCalendar = () => {
    setSelectedDate(null);
    setSelectedSlot(null);
    bump();
  };
  const changeView = (next: YearMonth) => {
    setView(next);
    bump();
  };
  const changeZone = (zone: string) => {
    setTimeZone(zone);
    setSelectedDate(null);
    setSelectedSlot(null);
    setView(null);
    bump();
  };
  const chooseSlot = (slot: TimeSlot) => {
    setSelectedSlot(slot);
    setStep('details');
  };
  const backToTimes = () => {
    setSelectedSlot(null);
    setStep('calendar');
    bump();
  };
  const booked = (answer: CreateBookingResponse) => {
    // In a frame (issue 29): a booking made, or one moved (from its link, or step 3's "Reschedule").
    const start = Date.parse(answer.startTime);
    notifyEmbed({
      type: linked !== null || replaces ? 'meetwise:rescheduled' : 'meetwise:booked',
      detail: {
        bookingId: answer.bookingId ?? '',
        start: new Date(start).toISOString(),
        end: new Date(start + answer.duration * 60_000).toISOString(),
        eventSlug: answer.eventSlug || event.slug,
      },
    });
    setBooking(answer);
    setMovedByLink(linked !== null);
    setLinked(null);
    setReplaces(undefined);
    setStep('confirmation');
    // The link's booking is replaced now: a reload shows a plain booking page (and the spent token leaves the address).
    if (search.has('reschedule') || search.has('token') || window.location.hash.includes('token=')) {
      const rest = new URLSearchParams(search);
      rest.delete('reschedule');
      rest.delete('token');
      if (window.location.hash)
        window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      replaceSearch(rest);
    }
  };
  const reschedule = () => {
    if (booking?.bookingId && booking.rescheduleToken) {
      setReplaces({ bookingId: booking.bookingId, startTime: booking.startTime, token: booking.rescheduleToken });
    }
    setBooking(null);
    setSelectedDate(null);
    setSelectedSlot(null);
    setFormValues(EMPTY_FORM);
    setStep('calendar');
    bump();
  };

  // An event that needs the host's confirmation answers status 'pending'.
  const pending = booking?.status === 'pending';
  // Step 1 shows the calendar only while bookings can be made (not paused by the admin, a calendar connected).
  const bookable = event.acceptingBookings && !event.bookingsPaused;
  const heading =
    step !== 'confirmation'
      ? STEP_HEADINGS[step]
      : pending
        ? 'Booking Requested'
        : movedByLink
          ? 'Rescheduled'
          : STEP_HEADINGS.confirmation;
  const announcement =
    step === 'calendar' && selectedDate
      ? `Step 1 of 3: choose a time on ${formatDateTitle(selectedDate)}`
      : `Step ${STEP_NUMBER[step]} of 3: ${heading}`;

  if (gone) return <EventLoadScreen kind={gone} />;
  return (
    <BookingTheme design={event} scopedCss={scopedCss} className="flex-1 lg:pb-24 embed:pb-0">
      {/* In a frame (issue 29) with less room around it; without the event's details when the embed asks, one column
          (the summary hides itself) under a heading for screen readers. */}
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:py-10 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] embed:py-4 embed-no-details:max-w-2xl embed-no-details:grid-cols-1">
        <h1 className="sr-only hidden embed-no-details:block">{event.title}</h1>
        <EventSummary event={event} />

        <section
          aria-labelledby="booking-step-title"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          {step !== 'confirmation' && linked && (
            <p className="mb-4 rounded-md border border-slate-200 bg-slate-100 px-4 py-3 text-sm font-medium text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
              Rescheduling your {formatDateTime(linked.startTime, timeZone)} booking
            </p>
          )}
          {step !== 'confirmation' && linkError && (
            <p
              role="alert"
              className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {linkError}
            </p>
          )}
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Step {STEP_NUMBER[step]} of 3
          </p>
          <h2
            id="booking-step-title"
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 mb-5 text-xl font-bold text-slate-900 focus:outline-hidden dark:text-white"
          >
            {heading}
          </h2>
          <p className="sr-only" aria-live="polite" aria-atomic="true">
            {announcement}
          </p>

          {step === 'calendar' && !bookable && (
            <NotAcceptingBookings
              hostName={event.hostName}
              paused={event.bookingsPaused === true}
              team={Boolean(event.team)}
            />
          )}

          {step === 'calendar' && bookable && (
            <div className="grid gap-5" onPointerEnter={preloadDayView} onFocus={preloadDayView}>
              <TimeZonePicker value={timeZone} onChange={changeZone} now={now} />
              {selectedDate ? (
                <Suspense
                  fallback={
                    <p role="status" className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">
                      Loading available times…
                    </p>
                  }
                >
                  <TimeSlotList
                    date={selectedDate}
                    slots={shownSlots}
                    loading={slots.isPending || (slots.isError && slots.isFetching)}
                    error={slots.isError ? availabilityErrorText(slots.error) : null}
                    onRetry={bump}
                    timeZone={timeZone}
                    hostTimeZone={slots.data?.hostTimeZone ?? event.timeZone}
                    canGoToPreviousDay={selectedDate > today}
                    onPreviousDay={() => selectDate(addDays(selectedDate, -1))}
                    onNextDay={() => selectDate(addDays(selectedDate, 1))}
                    onBack={backToCalendar}
                    onSelect={chooseSlot}
                    currentStart={currentSlot?.start}
                  />
                </Suspense>
              ) : (
                <>
                  {dates.isError && (
                    <div
                      role="alert"
                      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
                    >
                      {availabilityErrorText(dates.error)}{' '}
                      <button type="button" className="font-medium underline underline-offset-4" onClick={bump}>
                        Try again
                      </button>
                    </div>
                  )}
                  <MonthCalendar
                    view={view}
                    today={today}
                    selectedDate={selectedDate}
                    availability={availability}
                    loading={!live || dates.isFetching}
                    onSelect={selectDate}
                    onViewChange={(next) => {
                      setJump(null);
                      changeView(next);
                    }}
                    window={bookingWindow}
                    // A month that fails (the calendar unreachable, the event gone: the page says so) ends the search.
                    onJumpToNextAvailable={() => void jumpToNextAvailable().catch(() => setJump(null))}
                    jump={jump}
                  />
                </>
              )}
            </div>
          )}

          {step === 'details' && selectedDate && selectedSlot && (
            <Suspense fallback={<p className="text-slate-600 dark:text-slate-400">Loading…</p>}>
              <BookingForm
                event={event}
                date={selectedDate}
                slot={selectedSlot}
                timeZone={timeZone}
                values={formValues}
                onValuesChange={setFormValues}
                onBack={backToTimes}
                onBooked={booked}
                replaces={replaces}
                rescheduling={linked !== null}
                search={search}
              />
            </Suspense>
          )}

          {step === 'confirmation' && booking && (
            <Suspense fallback={<p className="text-slate-600 dark:text-slate-400">Loading…</p>}>
              <BookingConfirmation
                event={event}
                booking={booking}
                timeZone={timeZone}
                pending={pending}
                onReschedule={reschedule}
              />
            </Suspense>
          )}
        </section>
      </div>

      {/* Below lg in the page's flow, after the booking step; from lg up floating at the bottom left, beside the event
          summary (nothing to click there), with room kept under the page and in the footer: it never covers a control. */}
      <div className="flex justify-center px-4 pb-8 lg:block lg:p-0 embed:hidden">
        <AppLink
          to="/"
          className={cn(
            'rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-slate-800 lg:fixed lg:bottom-4 lg:left-4 lg:z-40',
            'dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200',
            focusRing,
          )}
        >
          Try Meetwise free
        </AppLink>
      </div>
    </BookingTheme>
  );
}

/**
 * Nothing can be booked now, said at step 1 instead of the calendar, before the guest fills in a form: the admin
 * paused bookings ("Available for Bookings" off, issue 17), or the host has no calendar connected (a team event: the
 * hosts it needs have none).
 */
function NotAcceptingBookings({ hostName, paused, team }: { hostName: string; paused: boolean; team: boolean }) {
  const host = hostName || 'The host';
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{paused ? 'Bookings are paused' : 'Bookings are not available right now'}</p>
      <p className="mt-1 text-sm">
        {paused
          ? `${host} is not taking new bookings at the moment. Please check back later.`
          : team
            ? "The team's hosts have not connected their calendars yet, so this event cannot be booked. Please check back later."
            : `${host} has not connected a calendar yet, so this event cannot be booked. Please check back later.`}
      </p>
    </div>
  );
}

function EventLoadScreen({ kind }: { kind: 'inactive' | 'notFound' | 'failed' }) {
  const content =
    kind === 'inactive'
      ? {
          title: 'This event has been deactivated',
          text: 'The host is not accepting bookings for this event right now.',
        }
      : kind === 'notFound'
        ? { title: 'Event Not Found', text: 'The booking link may be wrong, or the event no longer exists.' }
        : { title: 'Error loading event information.', text: 'Please check your connection and try again.' };
  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{content.title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{content.text}</p>
      {kind === 'failed' ? (
        <button
          type="button"
          className={buttonVariants({ className: 'mt-8' })}
          onClick={() => window.location.reload()}
        >
          Reload page
        </button>
      ) : (
        // Not in a frame (issue 29): the home page is never framed.
        <AppLink to="/" className={buttonVariants({ className: 'mt-8 embed:hidden' })}>
          {kind === 'inactive' ? 'Return to home page' : 'Go to the home page'}
        </AppLink>
      )}
    </div>
  );
}

/** The server's reason when it gave one (e.g. the host's calendar could not be checked), else a general one. */
function availabilityErrorText(error: unknown): string {
  return isApiError(error) && error.message ? error.message : 'Could not load the available times. Please try again.';
}
