import type { BookingListItem } from '#shared/api/schemas/bookings';
import { addDays } from '#frontend/lib/dates.ts';

/**
 * The host's bookings screen (/bookings, issue 17) as pure rules: its tabs, the 30-day windows of GET /api/bookings
 * it walks, which booking shows in which tab, and what a row offers.
 *
 * Two walks over the host's days (in the browser's zone), each one window of 30 days per request (the route answers
 * at most 92), both stopping after 365 days:
 * - forward: today to today+29, then the next 30 days, … up to today+364;
 * - backward: today-29 to today (today's finished meetings are past already), then the 30 days before, … down to
 *   today-364.
 * Upcoming, Pending and Cancelled filter the forward walk (they share its requests), Past filters the backward one:
 * - Upcoming: not cancelled and not over yet (a meeting in progress included; pending ones too, with their badge);
 * - Pending: pending and not started (the requests that still wait for the host's decision);
 * - Past: not cancelled and over, the latest first;
 * - Cancelled: cancelled (by anyone, declined and moved ones included) that were to take place from today on.
 * A tab loads further windows by itself until it shows `target` rows (PAGE_ROWS more with each "Load more") or the
 * walk reaches its end, so a filtered tab is never left empty while later windows hold its bookings.
 */

export type BookingTab = 'upcoming' | 'pending' | 'past' | 'cancelled';
export type Direction = 'forward' | 'backward';

export const BOOKING_TABS: ReadonlyArray<{ key: BookingTab; label: string }> = [
  { key: 'upcoming', label: 'Upcoming' },
  { key: 'pending', label: 'Pending' },
  { key: 'past', label: 'Past' },
  { key: 'cancelled', label: 'Cancelled' },
];

export const TAB_DIRECTION: Record<BookingTab, Direction> = {
  upcoming: 'forward',
  pending: 'forward',
  past: 'backward',
  cancelled: 'forward',
};

/** The tab named by `?tab=` (Upcoming when missing or unknown). */
export const tabOf = (value: string | null): BookingTab =>
  BOOKING_TABS.find((tab) => tab.key === value)?.key ?? 'upcoming';

/** Days per request. */
export const WINDOW_DAYS = 30;
/** How far each walk reaches, today included. */
export const HORIZON_DAYS = 365;
/** How many windows a walk has (the last one shorter). */
export const WINDOW_COUNT = Math.ceil(HORIZON_DAYS / WINDOW_DAYS);
/** Rows a tab shows before "Load more", and how many more each press asks for. */
export const PAGE_ROWS = 10;

export interface DayRange {
  /** yyyy-MM-dd, both included. */
  start: string;
  end: string;
}

/** The `index`-th window (0 first) of a walk from `today`, or null past the walk's end. */
export function windowAt(direction: Direction, today: string, index: number): DayRange | null {
  if (!Number.isInteger(index) || index < 0 || index >= WINDOW_COUNT) return null;
  const near = index * WINDOW_DAYS;
  const far = Math.min(near + WINDOW_DAYS, HORIZON_DAYS) - 1;
  return direction === 'forward'
    ? { start: addDays(today, near), end: addDays(today, far) }
    : { start: addDays(today, -far), end: addDays(today, -near) };
}

/** The window after `index`, or undefined when the walk is done (TanStack's "no next page"). */
export const nextWindowIndex = (index: number): number | undefined =>
  index + 1 < WINDOW_COUNT ? index + 1 : undefined;

type Listed = Pick<BookingListItem, 'status' | 'startTime' | 'endTime'>;

/** Whether a booking belongs in a tab at `now` (ms). */
export function inTab(tab: BookingTab, booking: Listed, now: number): boolean {
  const started = Date.parse(booking.startTime) <= now;
  const over = Date.parse(booking.endTime) <= now;
  switch (tab) {
    case 'upcoming':
      return booking.status !== 'cancelled' && !over;
    case 'pending':
      return booking.status === 'pending' && !started;
    case 'past':
      return booking.status !== 'cancelled' && over;
    case 'cancelled':
      return booking.status === 'cancelled';
  }
}

/**
 * A tab's rows from its walk's pages (each page earliest first, as the route answers): filtered, each booking once,
 * earliest first, or for Past (whose pages go back in time) the latest first.
 */
export function tabRows<T extends Listed & { id: string }>(
  tab: BookingTab,
  pages: readonly (readonly T[])[],
  now: number,
): T[] {
  const backward = TAB_DIRECTION[tab] === 'backward';
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const booking of backward ? [...page].reverse() : page) {
      if (seen.has(booking.id) || !inTab(tab, booking, now)) continue;
      seen.add(booking.id);
      rows.push(booking);
    }
  }
  return rows;
}

/** Whether the tab should load its walk's next window by itself. */
export const wantsMore = (shown: number, target: number, hasMore: boolean): boolean => hasMore && shown < target;

export type RowAction =
  'confirm' | 'decline' | 'cancel' | 'markNoShow' | 'undoNoShow' | 'copyRescheduleLink' | 'copyLink';

/**
 * What a row offers at `now`: a pending booking that has not started, Confirm and Decline; a confirmed one, Cancel
 * until it starts, then "Mark as no-show" (or "Undo no-show"). A booking that can still move offers the host's
 * reschedule link (the server sends it for those only; issue 31: a link of its own that can only move the booking,
 * recorded as the host's move, never the guest's secret), to pass on; every other row the event's booking link. A cancelled booking, or a pending one that started unconfirmed (the server declines it), offers nothing else.
 */
export function rowActions(
  booking: Listed & Pick<BookingListItem, 'noShow' | 'rescheduleUrl'>,
  now: number,
): RowAction[] {
  const started = Date.parse(booking.startTime) <= now;
  const link: RowAction = booking.rescheduleUrl && !started ? 'copyRescheduleLink' : 'copyLink';
  if (booking.status === 'pending' && !started) return ['confirm', 'decline', link];
  if (booking.status === 'confirmed')
    return started ? [booking.noShow ? 'undoNoShow' : 'markNoShow', link] : ['cancel', link];
  return ['copyLink'];
}

/** The guest's name as the list splits it, or the e-mail when there is none. */
export const guestName = (booking: Pick<BookingListItem, 'firstName' | 'lastName' | 'email'>): string =>
  `${booking.firstName} ${booking.lastName}`.trim() || booking.email;

/** The event's public booking page, which the host can share (`origin` is the site's, e.g. window.location.origin). */
export const bookingLinkOf = (origin: string, eventSlug: string): string =>
  `${origin}/book/${encodeURIComponent(eventSlug)}`;

/** The empty state of each tab, in the spec's voice. */
export const EMPTY_TEXTS: Record<BookingTab, { title: string; text: string }> = {
  upcoming: {
    title: 'No upcoming bookings',
    text: 'When someone books one of your event types, it shows here.',
  },
  pending: {
    title: 'No pending bookings',
    text: 'Bookings of event types that need your confirmation wait here until you confirm or decline them.',
  },
  past: {
    title: 'No past bookings',
    text: 'Meetings that have taken place in the last 12 months show here.',
  },
  cancelled: {
    title: 'No cancelled bookings',
    text: 'Upcoming bookings that you, your guests or an administrator cancel show here.',
  },
};

/** What a row's buttons send (all but copying the link). */
export type HostBookingAction = Exclude<RowAction, 'copyLink' | 'copyRescheduleLink'>;

/** The row buttons' names, and what they say while their request runs. */
export const ACTION_LABELS: Record<RowAction, { label: string; busy: string }> = {
  confirm: { label: 'Confirm', busy: 'Confirming...' },
  decline: { label: 'Decline', busy: 'Declining...' },
  cancel: { label: 'Cancel', busy: 'Cancelling...' },
  markNoShow: { label: 'Mark as no-show', busy: 'Saving...' },
  undoNoShow: { label: 'Undo no-show', busy: 'Saving...' },
  copyRescheduleLink: { label: 'Copy reschedule link', busy: 'Copy reschedule link' },
  copyLink: { label: 'Copy booking link', busy: 'Copy booking link' },
};

/**
 * The toasts after an action: Cancel as on the admin dashboard, Confirm and
 * Decline as on the booking's own page. A failure shows the server's message when it gave one.
 */
export const ACTION_TOASTS: Record<
  HostBookingAction,
  { done: string; doneText?: string; failed: string; failedText: string }
> = {
  confirm: { done: 'Booking confirmed', failed: 'Could not confirm booking', failedText: 'Please try again.' },
  decline: { done: 'Booking declined', failed: 'Could not decline booking', failedText: 'Please try again.' },
  cancel: {
    done: 'Booking deleted',
    doneText: 'The booking has been successfully cancelled.',
    failed: 'Error',
    failedText: 'Failed to cancel booking.',
  },
  markNoShow: { done: 'Marked as no-show', failed: 'Could not mark as no-show', failedText: 'Please try again.' },
  undoNoShow: { done: 'No-show undone', failed: 'Could not undo the no-show', failedText: 'Please try again.' },
};
