import { calendarSettingsOf, connectedCalendar, inConnectedCalendar } from '#functions/domain/calendar';
import type { BookingCancellation, BookingRecord, CalendarProviderName, HostRecord } from '#functions/domain/records';
import { BookingChanged, CalendarDisconnected } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';
import type { CalendarProvider } from '#functions/ports/calendar';
import type { Logger } from '#functions/ports/core';

/** What finding the calendar that should lose a cancelled booking's event needs. */
export type CalendarToCleanDeps = { calendars: Partial<Record<CalendarProviderName, CalendarProvider>> };
/** What removing a cancelled booking's calendar event needs: the ledger's calendar mark, and the logger. */
export type RemoveCalendarEventDeps = { logger: Logger } & {
  bookings: Pick<BookingLedger, 'clearCalendarPending'>;
};
/** What cancelling bookings needs: the ledger, the calendar to clean and the removal of its events. */
export type CancelBookingsDeps = CalendarToCleanDeps & RemoveCalendarEventDeps & { bookings: BookingLedger };

/**
 * The calendar that holds the booking's event and should lose it on cancel ("Delete on cancel"), or null. Only the
 * calendar connected now can be reached; a previous account's events stay where they are.
 */
export function calendarToClean(
  deps: CalendarToCleanDeps,
  host: HostRecord | null,
  booking: BookingRecord,
): CalendarProvider | null {
  const provider = connectedCalendar(deps.calendars, host);
  if (!host || !provider?.createsEvents || !inConnectedCalendar(host.calendar, booking)) return null;
  return calendarSettingsOf(host).deleteOnCancel ? provider : null;
}

/**
 * Cancels bookings: their records stay (the admin view lists them) and their time is free again. With "Delete on
 * cancel" on, each event leaves the host's calendar: the cancellation and the owed removal are written together
 * first; the answer is the second step, which removes the events (a few at a time) and clears the marks, for the
 * caller to run once its own writes are done. Whatever fails or is cut short is removed by the next sync (at most
 * 15 minutes later), so a cancellation is never silently left in the calendar.
 */
export async function cancelBookings(
  deps: CancelBookingsDeps,
  host: HostRecord | null,
  bookings: readonly BookingRecord[],
  cancellation: BookingCancellation,
): Promise<() => Promise<void>> {
  const owed: { booking: BookingRecord; provider: CalendarProvider }[] = [];
  for (const read of bookings) {
    const booking = await cancelAsRead(deps, host, read, cancellation);
    if (!booking) continue;
    const provider = calendarToClean(deps, host, booking);
    if (provider) owed.push({ booking, provider });
  }
  return async () => {
    for (let index = 0; index < owed.length; index += 4) {
      await Promise.all(
        owed
          .slice(index, index + 4)
          .map(({ booking, provider }) => removeCalendarEvent(deps, host!, booking, provider)),
      );
    }
    for (const { provider } of owed.slice(0, 1)) provider.forget(host!.id);
  };
}

/**
 * Cancels one booking with who ended it and why, and, when it had an event in the connected calendar with "Delete on
 * cancel" on, the owed removal in the same write. A booking that changed since it was read (confirmed, cancelled
 * meanwhile) is read again and judged again; answers the cancelled booking, or null when it was already cancelled.
 */
export async function cancelAsRead(
  deps: CancelBookingsDeps,
  host: HostRecord | null,
  read: BookingRecord,
  cancellation: BookingCancellation,
): Promise<BookingRecord | null> {
  let booking: BookingRecord | null = read;
  for (let attempt = 1; booking && booking.status !== 'cancelled'; attempt++) {
    // Only a confirmed booking has an event (a pending one gets it when confirmed).
    const provider = booking.status === 'confirmed' ? calendarToClean(deps, host, booking) : null;
    try {
      return await deps.bookings.cancel(booking, {
        cancellation: { ...cancellation, declined: cancellation.declined && booking.status === 'pending' },
        ...(provider ? { calendarPending: 'delete' as const } : {}),
      });
    } catch (error) {
      if (!(error instanceof BookingChanged) || attempt >= 3) throw error;
      booking = await deps.bookings.find(booking.hostId, booking.start, booking.id);
    }
  }
  return null;
}

/** Removes a cancelled booking's event and clears the owed mark; a failure is logged and left to the next sync. */
export async function removeCalendarEvent(
  deps: RemoveCalendarEventDeps,
  host: HostRecord,
  booking: BookingRecord,
  provider: CalendarProvider,
) {
  try {
    await provider.deleteEvent(host, booking);
    await deps.bookings.clearCalendarPending(booking);
  } catch (error) {
    if (error instanceof CalendarDisconnected) return;
    deps.logger.error('Calendar event of a cancelled booking not removed; the next sync retries', {
      bookingId: booking.id,
      error: String(error),
    });
  }
}
