import type { HostBooking } from '#shared/api/schemas/bookings';

/**
 * Where a booking's meeting takes place, as the host's booking page shows it (issue 30): the place's line, the link
 * to join an online meeting, and for a phone call the host makes, the number the guest gave (to call it from the
 * page). Null when the booking has no place and no location text.
 */
export interface HostPlaceView {
  text: string;
  join: { label: string; url: string } | null;
  /** The guest's number, when the host calls. */
  guestPhone: string | null;
}

export function hostPlaceView(booking: Pick<HostBooking, 'place' | 'location' | 'status'>): HostPlaceView | null {
  const place = booking.place;
  if (!place) return booking.location ? { text: booking.location, join: null, guestPhone: null } : null;
  if (place.online && place.url && booking.status !== 'cancelled')
    return { text: place.label, join: { label: place.label, url: place.url }, guestPhone: null };
  // A phone call the host makes: the number the guest gave.
  const guestPhone = place.type === 'phone' && /the host calls/.test(place.text) ? (place.phone ?? null) : null;
  if (guestPhone) return { text: 'Phone call: the host calls the guest at', join: null, guestPhone };
  return { text: place.text || place.label, join: null, guestPhone: null };
}

/** A tel: link for a number as a person wrote it: the + and the digits. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
