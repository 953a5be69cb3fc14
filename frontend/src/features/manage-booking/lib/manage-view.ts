import type { ManagedBooking } from '#shared/api/schemas/bookings';
import { isApiError } from '#frontend/lib/api.ts';

/** What the guest's manage page (/booking/{id}?token=…) shows for a booking, as pure rules. */

/** active: it can be rescheduled or cancelled; past and cancelled ones only offer "Book again". */
export type ManageState = 'active' | 'past' | 'cancelled';

export function manageState(booking: Pick<ManagedBooking, 'status' | 'past'>): ManageState {
  if (booking.status === 'cancelled') return 'cancelled';
  return booking.past ? 'past' : 'active';
}

/** The booking page in reschedule mode for this booking. */
export const rescheduleHref = (booking: Pick<ManagedBooking, 'id' | 'eventSlug'>, token: string): string =>
  `/book/${encodeURIComponent(booking.eventSlug)}?reschedule=${encodeURIComponent(booking.id)}&token=${encodeURIComponent(token)}`;

export const bookAgainHref = (booking: Pick<ManagedBooking, 'eventSlug'>): string =>
  `/book/${encodeURIComponent(booking.eventSlug)}`;

/** Who ended a cancelled booking, told to its guest. */
export function cancellationText(booking: Pick<ManagedBooking, 'cancellation' | 'rescheduled' | 'hostName'>): string {
  if (booking.rescheduled) return 'This booking was rescheduled. The new time is in the e-mail we sent you.';
  const by = booking.cancellation?.by;
  if (booking.cancellation?.declined) return `${booking.hostName || 'The host'} declined this booking.`;
  if (by === 'guest') return 'You cancelled this booking.';
  if (by === 'host') return `${booking.hostName || 'The host'} cancelled this booking.`;
  if (by === 'admin') return 'This booking was cancelled by an administrator.';
  return 'This booking was cancelled.';
}

/** The line under the title that says where the booking stands (read out when it changes). */
export function stateText(booking: ManagedBooking): string {
  switch (manageState(booking)) {
    case 'cancelled':
      return cancellationText(booking);
    case 'past':
      return 'This meeting already took place.';
    case 'active':
      return booking.status === 'pending'
        ? `${booking.hostName || 'The host'} has not confirmed this booking yet. You will receive an e-mail when they do.`
        : `You are scheduled with ${booking.hostName || 'the host'}.`;
  }
}

/**
 * A load failure: 'invalid' for any refusal of the link (wrong or expired token, unknown booking, malformed id:
 * nothing more is said), 'failed' for the network, the server or rate limits (the guest may try again).
 */
export function loadFailure(error: unknown): 'invalid' | 'failed' {
  if (!isApiError(error)) return 'failed';
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
    ? 'invalid'
    : 'failed';
}
