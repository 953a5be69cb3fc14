import { describe, expect, it } from 'vitest';

import { BOOKING_LIST_MAX_DAYS, type BookingListItem } from '#shared/api/schemas/bookings';
import {
  ACTION_TOASTS,
  bookingLinkOf,
  EMPTY_TEXTS,
  guestName,
  HORIZON_DAYS,
  inTab,
  nextWindowIndex,
  rowActions,
  tabOf,
  tabRows,
  wantsMore,
  WINDOW_COUNT,
  windowAt,
  type BookingTab,
} from '#frontend/features/bookings/lib/host-bookings.ts';
import { addDays } from '#frontend/lib/dates.ts';

/** The host's bookings screen (/bookings, issue 17) as pure rules. */

const NOW = Date.parse('2026-03-09T15:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let serial = 0;
function item(overrides: Partial<BookingListItem> & { at?: number } = {}): BookingListItem {
  const { at = NOW + 24 * HOUR, ...rest } = overrides;
  serial += 1;
  return {
    id: `booking-${serial}`,
    firstName: 'Sam',
    lastName: 'Guest',
    email: 'sam@example.com',
    startTime: iso(at),
    endTime: iso(at + HOUR / 2),
    meetingType: 'consultation',
    status: 'confirmed',
    eventTitle: 'Intro Call',
    eventSlug: 'intro-call',
    hostName: 'Jordan Avery',
    guestTimeZone: 'Europe/Berlin',
    additionalInfo: null,
    guests: [],
    noShow: false,
    rescheduled: false,
    rescheduleUrl: null,
    teamSlug: null,
    teamName: null,
    assignmentReason: null,
    source: null,
    ...rest,
  };
}

const days = (range: { start: string; end: string }) =>
  (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 + 1;

describe('the windows of GET /api/bookings', () => {
  const today = '2026-03-09';

  it('walks forward from today in 30-day windows that touch, stopping after 365 days', () => {
    expect(windowAt('forward', today, 0)).toEqual({ start: '2026-03-09', end: '2026-04-07' });
    expect(windowAt('forward', today, 1)).toEqual({ start: '2026-04-08', end: '2026-05-07' });
    const windows = Array.from({ length: WINDOW_COUNT }, (_, index) => windowAt('forward', today, index)!);
    expect(WINDOW_COUNT).toBe(13);
    for (let index = 1; index < windows.length; index++)
      expect(windows[index]!.start).toBe(addDays(windows[index - 1]!.end, 1));
    expect(windows.at(-1)).toEqual({ start: addDays(today, 360), end: addDays(today, HORIZON_DAYS - 1) });
    expect(windows.reduce((total, range) => total + days(range), 0)).toBe(HORIZON_DAYS);
    expect(windowAt('forward', today, WINDOW_COUNT)).toBeNull();
    expect(windowAt('forward', today, -1)).toBeNull();
  });

  it('walks backward from today (included) in 30-day windows, stopping after 365 days', () => {
    expect(windowAt('backward', today, 0)).toEqual({ start: '2026-02-08', end: '2026-03-09' });
    expect(windowAt('backward', today, 1)).toEqual({ start: '2026-01-09', end: '2026-02-07' });
    const windows = Array.from({ length: WINDOW_COUNT }, (_, index) => windowAt('backward', today, index)!);
    for (let index = 1; index < windows.length; index++)
      expect(windows[index]!.end).toBe(addDays(windows[index - 1]!.start, -1));
    expect(windows.at(-1)!.start).toBe(addDays(today, -(HORIZON_DAYS - 1)));
    expect(windows.reduce((total, range) => total + days(range), 0)).toBe(HORIZON_DAYS);
  });

  it('keeps every window within what the route answers, across a month end and a leap day', () => {
    for (const start of ['2028-02-15', '2026-12-31', '2027-01-31'])
      for (const direction of ['forward', 'backward'] as const)
        for (let index = 0; index < WINDOW_COUNT; index++) {
          const range = windowAt(direction, start, index)!;
          expect(range.start <= range.end).toBe(true);
          expect(days(range)).toBeLessThanOrEqual(30);
          expect(days(range)).toBeLessThan(BOOKING_LIST_MAX_DAYS);
        }
    expect(windowAt('forward', '2028-02-15', 0)).toEqual({ start: '2028-02-15', end: '2028-03-15' });
  });

  it('asks for the next window until the walk ends', () => {
    expect(nextWindowIndex(0)).toBe(1);
    expect(nextWindowIndex(WINDOW_COUNT - 2)).toBe(WINDOW_COUNT - 1);
    expect(nextWindowIndex(WINDOW_COUNT - 1)).toBeUndefined();
  });

  it('fills a tab by itself until it shows its target or the walk ends', () => {
    expect(wantsMore(0, 10, true)).toBe(true);
    expect(wantsMore(9, 10, true)).toBe(true);
    expect(wantsMore(10, 10, true)).toBe(false);
    expect(wantsMore(0, 10, false)).toBe(false);
  });
});

describe('the tabs', () => {
  const future = item({ at: NOW + 2 * HOUR });
  const inProgress = item({ at: NOW - 10 * 60_000 });
  const over = item({ at: NOW - 3 * HOUR });
  const pendingFuture = item({ at: NOW + HOUR, status: 'pending' });
  const pendingStarted = item({ at: NOW - 10 * 60_000, status: 'pending' });
  const cancelledFuture = item({ at: NOW + HOUR, status: 'cancelled' });
  const moved = item({ at: NOW + 5 * HOUR, status: 'cancelled', rescheduled: true });
  const all = [future, inProgress, over, pendingFuture, pendingStarted, cancelledFuture, moved];
  const ids = (tab: BookingTab) => all.filter((booking) => inTab(tab, booking, NOW)).map((booking) => booking.id);

  it('Upcoming: not cancelled and not over (a meeting in progress and pending requests included)', () => {
    expect(ids('upcoming')).toEqual([future.id, inProgress.id, pendingFuture.id, pendingStarted.id]);
  });

  it('Pending: pending requests that have not started', () => {
    expect(ids('pending')).toEqual([pendingFuture.id]);
  });

  it('Past: not cancelled and over', () => {
    expect(ids('past')).toEqual([over.id]);
    expect(inTab('past', inProgress, NOW + HOUR)).toBe(true);
  });

  it('Cancelled: every cancelled one, declined and moved ones included', () => {
    expect(ids('cancelled')).toEqual([cancelledFuture.id, moved.id]);
  });

  it('reads the tab from ?tab=, Upcoming by default', () => {
    expect(tabOf('past')).toBe('past');
    expect(tabOf('cancelled')).toBe('cancelled');
    expect(tabOf(null)).toBe('upcoming');
    expect(tabOf('everything')).toBe('upcoming');
  });

  it('lists forward tabs earliest first and Past latest first, each booking once', () => {
    const a = item({ at: NOW + 1 * HOUR });
    const b = item({ at: NOW + 30 * 24 * HOUR });
    const c = item({ at: NOW + 31 * 24 * HOUR, status: 'cancelled' });
    expect(tabRows('upcoming', [[a], [b, c], [a]], NOW).map((row) => row.id)).toEqual([a.id, b.id]);
    expect(tabRows('cancelled', [[a], [b, c]], NOW).map((row) => row.id)).toEqual([c.id]);

    const yesterday = item({ at: NOW - 24 * HOUR });
    const earlierToday = item({ at: NOW - 2 * HOUR });
    const lastMonth = item({ at: NOW - 40 * 24 * HOUR });
    // The backward walk's pages: the 30 days up to today, then the 30 before (each earliest first).
    const pages = [[yesterday, earlierToday, future], [lastMonth]];
    expect(tabRows('past', pages, NOW).map((row) => row.id)).toEqual([earlierToday.id, yesterday.id, lastMonth.id]);
  });

  it('says what each empty tab means', () => {
    expect(EMPTY_TEXTS.upcoming).toEqual({
      title: 'No upcoming bookings',
      text: 'When someone books one of your event types, it shows here.',
    });
    expect(Object.keys(EMPTY_TEXTS).sort()).toEqual(['cancelled', 'past', 'pending', 'upcoming']);
  });
});

describe('the row actions', () => {
  it('offers Confirm and Decline on a pending request that has not started', () => {
    expect(rowActions(item({ status: 'pending', at: NOW + HOUR }), NOW)).toEqual(['confirm', 'decline', 'copyLink']);
  });

  it('offers nothing but the link on a pending one that started unconfirmed, and on a cancelled one', () => {
    expect(rowActions(item({ status: 'pending', at: NOW - 60_000 }), NOW)).toEqual(['copyLink']);
    expect(rowActions(item({ status: 'cancelled', at: NOW + HOUR }), NOW)).toEqual(['copyLink']);
    expect(rowActions(item({ status: 'cancelled', at: NOW - HOUR }), NOW)).toEqual(['copyLink']);
  });

  it('offers Cancel on a confirmed booking until it starts, then the no-show mark and its undo', () => {
    expect(rowActions(item({ at: NOW + 60_000 }), NOW)).toEqual(['cancel', 'copyLink']);
    expect(rowActions(item({ at: NOW }), NOW)).toEqual(['markNoShow', 'copyLink']);
    expect(rowActions(item({ at: NOW - 5 * 24 * HOUR }), NOW)).toEqual(['markNoShow', 'copyLink']);
    expect(rowActions(item({ at: NOW - HOUR, noShow: true }), NOW)).toEqual(['undoNoShow', 'copyLink']);
  });

  it("offers the guest's reschedule link while the booking can still move, the event's link otherwise", () => {
    const rescheduleUrl = 'http://localhost:3000/book/intro-call?reschedule=b1&token=t';
    expect(rowActions(item({ at: NOW + HOUR, rescheduleUrl }), NOW)).toEqual(['cancel', 'copyRescheduleLink']);
    expect(rowActions(item({ status: 'pending', at: NOW + HOUR, rescheduleUrl }), NOW)).toEqual([
      'confirm',
      'decline',
      'copyRescheduleLink',
    ]);
    // Started: the link would be refused; the event's link instead.
    expect(rowActions(item({ at: NOW - HOUR, rescheduleUrl }), NOW)).toEqual(['markNoShow', 'copyLink']);
  });

  it("uses the spec's cancel toasts", () => {
    expect(ACTION_TOASTS.cancel).toEqual({
      done: 'Booking deleted',
      doneText: 'The booking has been successfully cancelled.',
      failed: 'Error',
      failedText: 'Failed to cancel booking.',
    });
  });
});

describe('the row texts', () => {
  it('names the guest, or by e-mail when the name is empty', () => {
    expect(guestName({ firstName: 'Sam', lastName: 'van Guest', email: 'sam@example.com' })).toBe('Sam van Guest');
    expect(guestName({ firstName: 'Cher', lastName: '', email: 'cher@example.com' })).toBe('Cher');
    expect(guestName({ firstName: '', lastName: '', email: 'x@example.com' })).toBe('x@example.com');
  });

  it("copies the event's public booking page (the guest's reschedule link holds their secret)", () => {
    expect(bookingLinkOf('http://localhost:3000', 'intro-call')).toBe('http://localhost:3000/book/intro-call');
  });
});
