import { ownedEvent, type HostEventDeps } from '#functions/app/events/event-access';
import { utcDay } from '#functions/domain/booking';
import type { BookingRecord } from '#functions/domain/records';
import type { BookingCancellations } from '#functions/ports/bookings';
import type { Principal } from '#functions/ports/core';

/** Deleting an event also cancels its upcoming bookings (the bookings' side, through the BookingCancellations port). */
export type DeleteEventDeps = HostEventDeps & { bookingCancellations: BookingCancellations };
/**
 * DELETE /api/events/{slug}: the event, its date overrides and its slug; its bookings from today on are cancelled,
 * which frees their time (the dialog warns that associated bookings go too). A team event's bookings are found in
 * the partitions of its publisher, its hosts and its team's members (a booking under its first host, its holds under
 * the others: each booking once, as read under its host, cancelled with its host's calendar).
 */
export async function deleteEvent(
  deps: DeleteEventDeps,
  principal: Principal | null,
  ref: string,
): Promise<{ message: string }> {
  const { event } = await ownedEvent(deps, principal, ref);
  const today = utcDay(deps.clock.now().getTime());
  // A team event: every member's partition too, since a booking stays with a member taken off the event's hosts.
  const members = event.teamId ? (await deps.teams.members(event.teamId)).members.map((member) => member.userId) : [];
  const partitions = [...new Set([event.userId, ...(event.hosts ?? []).map((host) => host.userId), ...members])];
  const reads = await Promise.all(partitions.map((hostId) => deps.bookings.read(hostId, today, '9999-12-31')));
  const byHost = new Map<string, Map<string, BookingRecord>>();
  reads.forEach((read, index) => {
    for (const booking of read.bookings) {
      if (booking.eventId !== event.id || booking.status === 'cancelled') continue;
      const ofHost = byHost.get(booking.hostId) ?? new Map<string, BookingRecord>();
      // The booking itself (read in its host's partition) rather than a hold: a hold carries its member's calendar
      // fields, and the host's calendar is the one cleaned here.
      if (!ofHost.has(booking.id) || partitions[index] === booking.hostId) ofHost.set(booking.id, booking);
      byHost.set(booking.hostId, ofHost);
    }
  });
  const cancellation = {
    by: 'host' as const,
    // Issue 31: the account that deleted the event (its host, or a manager of its team).
    ...(principal ? { userId: principal.userId } : {}),
    reason: 'The host no longer offers this event.',
    declined: false,
    at: deps.clock.now().toISOString(),
  };
  const removals: (() => Promise<void>)[] = [];
  for (const hostId of byHost.size > 0 ? byHost.keys() : []) {
    const host = await deps.hosts.get(hostId);
    removals.push(await deps.bookingCancellations.cancel(host, [...byHost.get(hostId)!.values()], cancellation));
  }
  await deps.events.delete(event);
  for (const removeCalendarEvents of removals) await removeCalendarEvents();
  return { message: 'Event deleted' };
}
