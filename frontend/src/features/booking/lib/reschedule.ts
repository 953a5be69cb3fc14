import type { CreateBookingBody, ManagedBooking } from '#shared/api/schemas/bookings';
import type { MeetingPlace } from '#shared/locations';
import type { BookingFormValues } from '#frontend/features/booking/lib/form-values.ts';
import { isApiError } from '#frontend/lib/api-core.ts';
import type { TimeSlot } from '#frontend/lib/time-slot.ts';

/**
 * The booking page's reschedule mode (/book/{slug}?reschedule={id}&token=…, the guest's e-mail and manage-page
 * link): which booking is moved, and how its current time joins the page's lists. Pure, and small: it is part of
 * the booking page's entry chunk.
 */

export const CANNOT_RESCHEDULE = 'This booking can no longer be rescheduled.';
export const INVALID_LINK = 'This booking link is not valid.';
export const OTHER_EVENT = 'This booking link is for another event.';

export type Replaces = NonNullable<CreateBookingBody['reschedule']>;

export type RescheduleTarget =
  { kind: 'ready'; booking: ManagedBooking; replaces: Replaces } | { kind: 'error'; message: string };

/**
 * What the link's booking allows: moving it (confirmed or pending, not started, of this event), or the reason it
 * cannot be moved (the server's message for a wrong or expired link).
 */
export function rescheduleTarget(
  eventSlug: string,
  token: string | null,
  booking: ManagedBooking | undefined,
  error: unknown,
): RescheduleTarget {
  if (!token) return { kind: 'error', message: INVALID_LINK };
  if (!booking) return { kind: 'error', message: (isApiError(error) && error.message) || INVALID_LINK };
  if (booking.status === 'cancelled' || booking.past) return { kind: 'error', message: CANNOT_RESCHEDULE };
  if (booking.eventSlug.toLowerCase() !== eventSlug.toLowerCase()) return { kind: 'error', message: OTHER_EVENT };
  return { kind: 'ready', booking, replaces: { bookingId: booking.id, startTime: booking.startTime, token } };
}

/** The details form starts from the booking being moved. */
export const formValuesOf = (booking: ManagedBooking): BookingFormValues => ({
  name: booking.name,
  email: booking.email,
  additionalInfo: booking.additionalInfo ?? '',
  guests: [...booking.guests],
  // Issue 30: the number the host calls, kept for the new time.
  phone: guestPhoneOf(booking.place),
});

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** Whether a slot is the booking's current time. */
export const isCurrentSlot = (slot: TimeSlot, current: TimeSlot | null): boolean =>
  current !== null && sameInstant(slot.start, current.start);

/** The day's slots with the booking's current time among them (the API lists it as taken), sorted by start. */
export function withCurrentSlot(slots: readonly TimeSlot[], current: TimeSlot): TimeSlot[] {
  if (slots.some((slot) => isCurrentSlot(slot, current))) return [...slots];
  return [...slots, current].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** The month's dates with the current booking's date offered, even when it has no other free time. */
export function withCurrentDate(dates: Map<string, boolean>, date: string): Map<string, boolean> {
  if (dates.get(date) === true) return dates;
  return new Map(dates).set(date, true);
}

/** The number the guest gave for a phone call the host makes, so a reschedule asks for it filled in; '' when none. */
export function guestPhoneOf(place: MeetingPlace | null | undefined): string {
  if (place?.type !== 'phone' || !place.phone || !/the host calls/.test(place.text)) return '';
  return place.phone;
}
