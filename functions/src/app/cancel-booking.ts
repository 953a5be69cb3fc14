import { DEFAULT_CALENDAR_SETTINGS } from '#shared/constants';
import { calendarAccountOf } from '#functions/domain/calendar';
import { CalendarDisconnected } from '#functions/errors';
import type { BookingRecord, CalendarProvider, Deps, HostRecord } from '#functions/ports';

type CancelDeps = Pick<Deps, 'bookings' | 'calendars' | 'logger'>;

/** The calendar that holds the booking's event and should lose it on cancel, or null. */
function calendarToClean(deps: Pick<Deps, 'calendars'>, host: HostRecord | null, booking: BookingRecord): CalendarProvider | null {
  const connection = host?.calendar;
  if (!host || !connection?.connected || !booking.calendarEventId) return null;
  const provider = deps.calendars[connection.provider];
  if (!provider?.createsEvents || connection.provider !== booking.calendarProvider) return null;
  // Only the calendar connected now can be reached; a previous account's events stay where they are.
  if (calendarAccountOf(connection) !== (booking.calendarAccount ?? null)) return null;
  return { ...DEFAULT_CALENDAR_SETTINGS, ...host.calendarSettings }.deleteOnCancel ? provider : null;
}

/**
 * Cancels bookings: their records stay (the admin view lists them) and their time is free again. With "Delete on
 * cancel" on, each event leaves the host's calendar: the cancellation and the owed removal are written together
 * first; the answer is the second step, which removes the events (a few at a time) and clears the marks, for the
 * caller to run once its own writes are done. Whatever fails or is cut short is removed by the next sync (at most
 * 15 minutes later), so a cancellation is never silently left in the calendar.
 */
export async function cancelBookings(
  deps: CancelDeps,
  host: HostRecord | null,
  bookings: readonly BookingRecord[],
): Promise<() => Promise<void>> {
  const owed: { booking: BookingRecord; provider: CalendarProvider }[] = [];
  for (const booking of bookings) {
    const provider = calendarToClean(deps, host, booking);
    await deps.bookings.cancel(booking, provider ? { calendarPending: 'delete' } : {});
    if (provider) owed.push({ booking, provider });
  }
  return async () => {
    for (let index = 0; index < owed.length; index += 4) {
      await Promise.all(owed.slice(index, index + 4).map(({ booking, provider }) => removeEvent(deps, host!, booking, provider)));
    }
    for (const { provider } of owed.slice(0, 1)) provider.forget(host!.id);
  };
}

async function removeEvent(deps: CancelDeps, host: HostRecord, booking: BookingRecord, provider: CalendarProvider) {
  try {
    await provider.deleteEvent(host, booking);
    await deps.bookings.clearCalendarPending(booking);
  } catch (error) {
    if (error instanceof CalendarDisconnected) return;
    deps.logger.error('Calendar event of a cancelled booking not removed; the next sync retries', { bookingId: booking.id, error: String(error) });
  }
}
