import type { BookingSource, HostBooking } from '#shared/api/schemas/bookings';
import { UTM_PARAMS } from '#shared/embed';
import { isApiError } from '#frontend/lib/api.ts';

/** What the host's booking page (/bookings/{id}) shows, as pure rules. */

/** A pending booking that has not started waits for the host's Confirm or Decline. */
export const awaitsDecision = (booking: Pick<HostBooking, 'status' | 'past'>): boolean =>
  booking.status === 'pending' && !booking.past;

/** Who ended a cancelled booking, in the console's words (the reader may be the host or an admin). */
export function hostCancellationText(booking: Pick<HostBooking, 'cancellation' | 'rescheduledTo'>): string {
  if (booking.rescheduledTo) return 'The guest moved this booking to a new time.';
  const cancellation = booking.cancellation;
  if (!cancellation) return 'Cancelled.';
  if (cancellation.declined) {
    if (cancellation.by === 'system') return 'Declined automatically: it was not confirmed before it started.';
    return cancellation.by === 'admin' ? 'Declined by an administrator.' : 'Declined by the host.';
  }
  switch (cancellation.by) {
    case 'guest':
      return 'Cancelled by the guest.';
    case 'host':
      return 'Cancelled by the host.';
    case 'admin':
      return 'Cancelled by an administrator.';
    case 'system':
      return 'Cancelled by Meetwise.';
  }
}

/** The line under the title that says where the booking stands (read out when it changes). */
export function hostStateText(
  booking: Pick<HostBooking, 'status' | 'past' | 'cancellation' | 'rescheduledTo'>,
): string {
  if (booking.status === 'cancelled') return hostCancellationText(booking);
  if (booking.status === 'pending')
    return booking.past
      ? 'This booking was not confirmed before it started.'
      : 'This booking request waits for a decision. The guest is told by e-mail when it is confirmed or declined.';
  return booking.past ? 'This meeting already took place.' : 'This booking is confirmed.';
}

/** 404 (another host's, or none) and a malformed id: "Booking not found". */
export const isNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * Where a booking came from (issue 29: the utm_* parameters its booking page was opened with), as the console shows it:
 * "utm_source=newsletter, utm_campaign=spring" in the parameters' usual order; null when it came with none.
 */
export function sourceText(source: BookingSource | null | undefined): string | null {
  const parts = UTM_PARAMS.flatMap((key) => (source?.[key] ? [`${key}=${source[key]}`] : []));
  return parts.length > 0 ? parts.join(', ') : null;
}
