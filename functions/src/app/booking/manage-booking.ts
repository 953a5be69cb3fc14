import type { HostBooking, ManagedBooking } from '#shared/api/schemas/bookings';
import { isoInZone } from '#shared/availability/wall-clock';
import { cancelAsRead, removeCalendarEvent, type CancelBookingsDeps } from '#functions/app/booking/cancel-booking';
import type { Config } from '#functions/config';
import { linkEnd, manageLink } from '#functions/domain/booking-links';
import { calendarSettingsOf, connectedCalendar, inConnectedCalendar } from '#functions/domain/calendar';
import { bookingPlace } from '#functions/domain/locations';
import { calendarInviteFor } from '#functions/domain/mail/invitation';
import { isExpiredRequest } from '#functions/domain/pending';
import type {
  BookingCancellation,
  BookingRecord,
  CalendarProviderName,
  EventRecord,
  HostRecord,
} from '#functions/domain/records';
import { BookingChanged, Conflict, Gone, NotFound } from '#functions/errors';
import type { AccountRepository } from '#functions/ports/accounts';
import type { BookingLedger, ManageTokenKind, ManageTokens } from '#functions/ports/bookings';
import type { CalendarProvider } from '#functions/ports/calendar';
import type { Clock, Logger, Principal } from '#functions/ports/core';
import type { EventRepository } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { CalendarInvite } from '#functions/ports/mail';

/**
 * A booking after it was made, as its guest and its host act on it (issue 16):
 * - the guest, through the links of their e-mails (`/booking/{id}#token=…`): sees it, cancels it (with an optional
 *   reason), takes its calendar file. The token sits in the link's fragment, which no server logs; the page sends it
 *   in a POST body. It is the booking's manage token (ManageTokens, checked in constant time); any wrong part is 404,
 *   and its power ends (410) once the booking has ended or was replaced by a reschedule. Opening the page changes
 *   nothing (only its button's POST acts). The host's reschedule-only link (issue 31) opens none of these: it only
 *   lets the booking page read the booking it moves (viewReschedulableBooking) and the reschedule itself;
 * - the host (or an admin), in the console: sees it, confirms or declines a pending one.
 * Every change goes through the ledger's conditional write (a booking changed meanwhile is judged again or 409), and
 * what follows (mails, reminders) is the stream's work (booking-notices.ts).
 */

export const BOOKING_NOT_FOUND = 'Booking not found.';
export const ALREADY_CANCELLED = 'This booking was already cancelled.';
export const ALREADY_STARTED = 'This booking has already started and can no longer be changed.';
export const NOT_PENDING = 'This booking is not waiting for confirmation.';
export const CHANGED_MEANWHILE = 'This booking changed meanwhile. Please reload the page.';
export const PENDING_EXPIRED =
  'This request expired before it was confirmed, and its time is free again. The guest can book a new time.';

export type GuestBookingDeps = {
  bookings: BookingLedger;
  hosts: HostRepository;
  events: EventRepository;
  clock: Clock;
  manageTokens: ManageTokens;
};
export type GuestCancelDeps = GuestBookingDeps & CancelBookingsDeps;

/**
 * The booking a link names, if the token is its own of one of the `kinds` (404 otherwise, whichever part is wrong),
 * while the link still has power: 410 once the booking has ended or a reschedule replaced it.
 */
async function linkedBooking(
  deps: { bookings: BookingLedger; manageTokens: ManageTokens; clock: Clock },
  id: string,
  token: string,
  kinds: readonly ManageTokenKind[] = ['manage'],
): Promise<BookingRecord> {
  const booking = await deps.bookings.findById(id);
  // Every kind is checked (no early exit): the time taken does not tell which kind a token is.
  const valid = kinds.map((kind) => deps.manageTokens.verify(kind, id, token)).some(Boolean);
  if (!booking || !valid) throw new NotFound(BOOKING_NOT_FOUND);
  // Issue 31: 410 once the booking has ended or a reschedule replaced it (the new one has its own link).
  const ended = linkEnd(booking, deps.clock.now());
  if (ended) throw new Gone(ended);
  return booking;
}

/** POST /api/bookings/{id}/manage: the booking as its guest sees it (the guest's token only). Changes nothing. */
export async function viewManagedBooking(deps: GuestBookingDeps, id: string, token: string): Promise<ManagedBooking> {
  const booking = await linkedBooking(deps, id, token);
  const [host, event] = await Promise.all([deps.hosts.get(booking.hostId), eventOf(deps, booking)]);
  return managedView(booking, host, event, deps.clock.now());
}

/**
 * POST /api/bookings/{id}/reschedule-view (issue 31): the booking a reschedule link moves, as the booking page's
 * reschedule mode shows it, with the guest's token or the host's reschedule-only one. Changes nothing; it reads what
 * the host's console shows them anyway, and nothing here cancels.
 */
export async function viewReschedulableBooking(
  deps: GuestBookingDeps,
  id: string,
  token: string,
): Promise<ManagedBooking> {
  const booking = await linkedBooking(deps, id, token, ['manage', 'host-reschedule']);
  const [host, event] = await Promise.all([deps.hosts.get(booking.hostId), eventOf(deps, booking)]);
  return managedView(booking, host, event, deps.clock.now());
}

/**
 * POST /api/bookings/{id}/cancel: the guest cancels (409 once it started, or when it was cancelled already). The
 * cancellation and, with "Delete on cancel", the owed removal of its calendar event are one write; the event is
 * then removed (a failure is left to the next sync). The host is told by the stream.
 */
export async function cancelAsGuest(
  deps: GuestCancelDeps,
  id: string,
  body: { token: string; reason: string | null },
): Promise<ManagedBooking> {
  const booking = await linkedBooking(deps, id, body.token);
  const now = deps.clock.now();
  assertChangeable(booking, now);
  const host = await deps.hosts.get(booking.hostId);
  const cancelled = await cancelOne(deps, host, booking, {
    by: 'guest',
    reason: body.reason,
    declined: false,
    at: now.toISOString(),
  });
  return managedView(cancelled, host, await eventOf(deps, cancelled), now);
}

/** POST /api/bookings/{id}/ics: the invitation for the guest's calendar app (the same UID as the mails'). */
export async function guestCalendarInvite(
  deps: GuestBookingDeps & { config: Config },
  id: string,
  token: string,
): Promise<CalendarInvite> {
  const booking = await linkedBooking(deps, id, token);
  const [host, event] = await Promise.all([deps.hosts.get(booking.hostId), eventOf(deps, booking)]);
  if (!host) throw new NotFound(BOOKING_NOT_FOUND);
  return calendarInviteFor(booking, host, event, manageLink(deps.config.siteUrl, booking.id, token));
}

export type HostBookingDeps = {
  accounts: AccountRepository;
  bookings: BookingLedger;
  hosts: HostRepository;
  events: EventRepository;
  clock: Clock;
};
export type ConfirmDeps = HostBookingDeps & {
  calendars: Partial<Record<CalendarProviderName, CalendarProvider>>;
  logger: Logger;
};
export type DeclineDeps = HostBookingDeps & CancelBookingsDeps;

/**
 * The booking if the caller is its host (a team booking: one of its assigned hosts) or an administrator; 404 for
 * anyone else (nothing tells it exists).
 */
async function ownedBooking(deps: HostBookingDeps, principal: Principal | null, id: string): Promise<BookingRecord> {
  const booking = await deps.bookings.findById(id);
  const hosts = booking?.hostIds ?? (booking ? [booking.hostId] : []);
  if (!booking || !principal || (!hosts.includes(principal.userId) && !principal.isAdmin)) {
    throw new NotFound(BOOKING_NOT_FOUND);
  }
  return booking;
}

/**
 * Who ends a booking from the console: one of its hosts (a team booking: any assigned host), else an admin; with the
 * account that did it (issue 31: every cancellation records who truly made it).
 */
function cancelledBy(principal: Principal, booking: BookingRecord): Pick<BookingCancellation, 'by' | 'userId'> {
  const by = (booking.hostIds ?? [booking.hostId]).includes(principal.userId) ? 'host' : 'admin';
  return { by, userId: principal.userId };
}

/** GET /api/bookings/{id}: one booking for its host's console page. */
export async function viewHostBooking(
  deps: HostBookingDeps,
  principal: Principal | null,
  id: string,
): Promise<HostBooking> {
  const booking = await ownedBooking(deps, principal, id);
  return hostView(deps, booking);
}

/**
 * POST /api/bookings/{id}/confirm: a pending booking becomes confirmed (409 when it is not pending or already
 * started). Its calendar event, planned when it was made, is put into the host's calendar now; a failure is logged
 * and the next sync makes it. The guest's confirmation and the reminders follow from the stream.
 */
export async function confirmPending(deps: ConfirmDeps, principal: Principal | null, id: string): Promise<HostBooking> {
  const booking = await ownedBooking(deps, principal, id);
  if (booking.status !== 'pending') throw new Conflict(NOT_PENDING);
  assertChangeable(booking, deps.clock.now());
  // Issue 31: an expired request no longer holds its time; the guest is (or will be) told it was withdrawn.
  if (isExpiredRequest(booking, deps.clock.now())) throw new Conflict(PENDING_EXPIRED);
  // The write itself also refuses an expired request (checked at its own `now`): a confirm checked just before the
  // expiry but written after it cannot take a time another guest may have booked since.
  const now = deps.clock.now();
  const confirmed = await deps.bookings.confirm(booking, now).catch(async (error: unknown) => {
    if (!(error instanceof BookingChanged)) throw error;
    const current = await deps.bookings.findById(id);
    const expired = current !== null && isExpiredRequest(current, deps.clock.now());
    throw new Conflict(expired ? PENDING_EXPIRED : CHANGED_MEANWHILE);
  });
  await placeConfirmedEvent(deps, confirmed);
  return hostView(deps, confirmed);
}

/** POST /api/bookings/{id}/decline: a pending booking is declined with an optional reason; its time is free again. */
export async function declinePending(
  deps: DeclineDeps,
  principal: Principal | null,
  id: string,
  reason: string | null,
): Promise<HostBooking> {
  const booking = await ownedBooking(deps, principal, id);
  if (booking.status !== 'pending') throw new Conflict(NOT_PENDING);
  // Only the booking as read, still pending: one confirmed meanwhile (in another tab) is not cancelled by a decline.
  // A pending booking has no calendar event to remove.
  const declined = await deps.bookings
    .cancel(booking, {
      cancellation: {
        ...cancelledBy(principal!, booking),
        reason,
        declined: true,
        at: deps.clock.now().toISOString(),
      },
    })
    .catch((error: unknown) => {
      throw error instanceof BookingChanged ? new Conflict(CHANGED_MEANWHILE) : error;
    });
  return hostView(deps, declined);
}

/**
 * DELETE /api/bookings/{id}: the host (or an admin) cancels a booking; it is kept, marked cancelled, through the same
 * path as the guest's link: "Delete on cancel" removes the calendar event, and the stream tells the guest and deletes
 * the reminders. 409 once it started or when it was cancelled already.
 */
export async function cancelAsOwner(
  deps: DeclineDeps,
  principal: Principal | null,
  id: string,
  reason: string | null,
): Promise<HostBooking> {
  const booking = await ownedBooking(deps, principal, id);
  assertChangeable(booking, deps.clock.now());
  const host = await deps.hosts.get(booking.hostId);
  const cancelled = await cancelOne(deps, host, booking, {
    ...cancelledBy(principal!, booking),
    reason,
    declined: false,
    at: deps.clock.now().toISOString(),
  });
  return hostView(deps, cancelled);
}

export const NO_SHOW_NOT_YET = 'A guest can be marked as not having come only once the meeting has started.';
export const NO_SHOW_NOT_CONFIRMED = 'Only a confirmed booking can be marked as a no-show.';

/** POST /api/bookings/{id}/no-show: the guest of a confirmed booking that started did not come (or did, after all). */
export async function markNoShow(
  deps: HostBookingDeps,
  principal: Principal | null,
  id: string,
  noShow: boolean,
): Promise<HostBooking> {
  const booking = await ownedBooking(deps, principal, id);
  if (booking.status !== 'confirmed') throw new Conflict(NO_SHOW_NOT_CONFIRMED);
  if (Date.parse(booking.start) > deps.clock.now().getTime()) throw new Conflict(NO_SHOW_NOT_YET);
  const marked = await deps.bookings.setNoShow(booking, noShow).catch((error: unknown) => {
    throw error instanceof BookingChanged ? new Conflict(CHANGED_MEANWHILE) : error;
  });
  return hostView(deps, marked);
}

/**
 * Cancels one booking as read (judged again if it changed meanwhile) and removes its calendar event when owed;
 * 409 when it was cancelled meanwhile.
 */
async function cancelOne(
  deps: CancelBookingsDeps,
  host: HostRecord | null,
  booking: BookingRecord,
  cancellation: BookingCancellation,
): Promise<BookingRecord> {
  const cancelled = await cancelAsRead(deps, host, booking, cancellation).catch((error: unknown) => {
    throw error instanceof BookingChanged ? new Conflict(CHANGED_MEANWHILE) : error;
  });
  if (!cancelled) throw new Conflict(ALREADY_CANCELLED);
  const provider = cancelled.calendarPending === 'delete' ? connectedCalendar(deps.calendars, host) : null;
  if (host && provider) {
    await removeCalendarEvent(deps, host, cancelled, provider);
    provider.forget(host.id);
  }
  return cancelled;
}

/** Cancelled (409) or started (409): nothing changes a booking then. */
function assertChangeable(booking: BookingRecord, now: Date): void {
  if (booking.status === 'cancelled') throw new Conflict(ALREADY_CANCELLED);
  if (Date.parse(booking.start) <= now.getTime()) throw new Conflict(ALREADY_STARTED);
}

/** A just-confirmed booking's event, as booking would have placed it ("Add bookings to Google Calendar"). */
async function placeConfirmedEvent(deps: ConfirmDeps, booking: BookingRecord): Promise<void> {
  const host = await deps.hosts.get(booking.hostId);
  const provider = connectedCalendar(deps.calendars, host);
  if (!host || !provider?.createsEvents || !booking.calendarEventId || !inConnectedCalendar(host.calendar, booking))
    return;
  if (host.calendar?.provider !== 'builtin' && !calendarSettingsOf(host).addToCalendar) return;
  const event = await eventOf(deps, booking);
  if (!event) return;
  try {
    await provider.createEvent(host, booking, event);
    provider.forget(host.id);
  } catch (error) {
    deps.logger.error('Calendar event of a confirmed booking not created; the next sync makes it', {
      bookingId: booking.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

async function eventOf(deps: { events: EventRepository }, booking: BookingRecord): Promise<EventRecord | null> {
  return (await deps.events.findById(booking.eventId))?.event ?? null;
}

const cancellationView = (booking: BookingRecord) =>
  booking.cancellation
    ? { by: booking.cancellation.by, reason: booking.cancellation.reason, declined: booking.cancellation.declined }
    : booking.status === 'cancelled'
      ? { by: 'host' as const, reason: null, declined: false }
      : null;

function managedView(
  booking: BookingRecord,
  host: HostRecord | null,
  event: EventRecord | null,
  now: Date,
): ManagedBooking {
  const start = Date.parse(booking.start);
  const end = Date.parse(booking.end);
  return {
    id: booking.id,
    status: booking.status,
    eventTitle: booking.eventTitle,
    eventSlug: booking.eventSlug,
    // A team booking names every assigned host (issue 28).
    hostName: booking.hostNames?.length ? booking.hostNames.join(', ') : (host?.name ?? ''),
    hostPhotoUrl: host?.photoUrl ?? null,
    startTime: isoInZone(booking.guestTimeZone, start),
    endTime: isoInZone(booking.guestTimeZone, end),
    duration: Math.round((end - start) / 60_000),
    userTimezone: booking.guestTimeZone,
    location: event?.location ?? null,
    place: event ? bookingPlace(event, booking) : null,
    name: booking.name,
    email: booking.email,
    guests: booking.guests,
    additionalInfo: booking.additionalInfo,
    cancellation: booking.rescheduledTo ? null : cancellationView(booking),
    rescheduled: Boolean(booking.rescheduledTo),
    past: start <= now.getTime(),
  };
}

async function hostView(
  deps: { hosts: HostRepository; events: EventRepository; clock: Clock },
  booking: BookingRecord,
): Promise<HostBooking> {
  const [host, event] = await Promise.all([deps.hosts.get(booking.hostId), eventOf(deps, booking)]);
  return {
    id: booking.id,
    status: booking.status,
    eventId: booking.eventId,
    eventTitle: booking.eventTitle,
    eventSlug: booking.eventSlug,
    hostName: booking.hostNames?.length ? booking.hostNames.join(', ') : (host?.name ?? ''),
    name: booking.name,
    email: booking.email,
    guests: booking.guests,
    additionalInfo: booking.additionalInfo,
    startTime: booking.start,
    endTime: booking.end,
    guestTimeZone: booking.guestTimeZone,
    hostTimeZone: event?.timeZone ?? booking.guestTimeZone,
    cancellation: booking.rescheduledTo ? null : cancellationView(booking),
    meetingType: booking.meetingType ?? 'consultation',
    noShow: booking.noShow ?? false,
    location: event?.location ?? null,
    place: event ? bookingPlace(event, booking) : null,
    rescheduledTo: booking.rescheduledTo ?? null,
    rescheduledFrom: booking.rescheduledFrom
      ? { startTime: booking.rescheduledFrom.start, endTime: booking.rescheduledFrom.end }
      : null,
    past: Date.parse(booking.start) <= deps.clock.now().getTime(),
    createdAt: booking.createdAt,
    source: booking.source ?? null,
  };
}
