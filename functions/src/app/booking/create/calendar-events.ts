import { removeCalendarEvent, type RemoveCalendarEventDeps } from '#functions/app/booking/cancel-booking';
import type { BookedHost } from '#functions/app/booking/create/hosts';
import type { Replacement } from '#functions/app/booking/create/slot';
import type { BookingRecord, EventRecord } from '#functions/domain/records';
import type { HoldCalendar } from '#functions/ports/bookings';

/**
 * Step 6, after the write: each host's calendar forgets what it cached; a reschedule's old event is removed ("Delete
 * on cancel") when it was owed; then each host whose calendar takes events gets the booking's event (a moved one:
 * the replaced booking's event moves), each with its own event id, fixed before the write so retries never
 * duplicate it. A pending booking gets its events when the host confirms it (manage-booking.ts). Answers whether a
 * calendar took the event: a failure is logged, and the next sync (at most 15 minutes on) makes it.
 */
export async function placeCalendarEvents(
  deps: RemoveCalendarEventDeps,
  placing: {
    event: EventRecord;
    booking: BookingRecord;
    hosts: readonly BookedHost[];
    calendars: readonly HoldCalendar[];
    replacement: Replacement | null;
  },
): Promise<boolean> {
  const { event, booking, hosts, calendars, replacement } = placing;
  // This process's availability views must not offer the time just taken.
  for (const member of hosts) member.calendar.forget(member.userId);
  const first = hosts[0]!;
  if (replacement?.removeEvent) await removeCalendarEvent(deps, first.host, replacement.replaced, first.calendar);
  if (booking.status === 'pending') return false;
  const placed = await Promise.all(
    hosts.map(async (member, index) => {
      const copy = index === 0 ? booking : { ...booking, ...calendars[index]! };
      if (!member.calendar.createsEvents || !copy.calendarEventId) return false;
      const place =
        index === 0 && replacement?.moveEvent
          ? member.calendar.moveEvent(member.host, copy, event)
          : member.calendar.createEvent(member.host, copy, event);
      return place.catch((error: unknown) => {
        deps.logger.error('Calendar event not created; the next sync makes it', {
          bookingId: booking.id,
          hostId: member.userId,
          error: error instanceof Error ? error.message : String(error),
        });
        return false;
      });
    }),
  );
  return placed.some(Boolean);
}
