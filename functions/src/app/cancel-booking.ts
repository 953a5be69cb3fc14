import { DEFAULT_CALENDAR_SETTINGS } from '#shared/constants';
import { CalendarDisconnected } from '#functions/errors';
import type { BookingRecord, Deps, HostRecord } from '#functions/ports';

/**
 * Cancels a booking: its record stays (the admin view lists it) and its time is free again. With "Delete on cancel"
 * on, its event leaves the host's calendar; when that fails the booking is marked, and the next sync (at most 15
 * minutes later) removes it, so a cancellation is never silently left in the calendar.
 */
export async function cancelBooking(
  deps: Pick<Deps, 'bookings' | 'calendars' | 'logger'>,
  host: HostRecord | null,
  booking: BookingRecord,
): Promise<void> {
  await deps.bookings.cancel(booking);
  const connection = host?.calendar;
  const provider = connection?.connected && connection.provider === booking.calendarProvider ? deps.calendars[connection.provider] : undefined;
  const settings = { ...DEFAULT_CALENDAR_SETTINGS, ...host?.calendarSettings };
  if (!host || !provider || !booking.calendarEventId || !settings.deleteOnCancel) return;
  try {
    await provider.deleteEvent(host, booking);
  } catch (error) {
    if (error instanceof CalendarDisconnected) return;
    deps.logger.error('Calendar event of a cancelled booking not removed; the next sync retries', { bookingId: booking.id, error: String(error) });
    await deps.bookings.setCalendarPending(booking, 'delete');
  } finally {
    provider.forget(host.id);
  }
}
