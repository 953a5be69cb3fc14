import type { BookingSource } from '#shared/api/schemas/bookings';
import { UTM_PARAMS, UTM_VALUE_MAX } from '#shared/embed';

/**
 * The booking's source (issue 29): the `utm_*` parameters of the booking page's address (the embed script passes the
 * host page's on; a direct link may carry them too), as createBooking takes them: only those keys, each trimmed and cut
 * to UTM_VALUE_MAX characters (a long one never costs the guest their booking), empty ones left out; undefined when
 * none is left.
 */
export function bookingSourceOf(search: URLSearchParams): BookingSource | undefined {
  const source: BookingSource = {};
  for (const key of UTM_PARAMS) {
    const value = (search.get(key) ?? '').trim().slice(0, UTM_VALUE_MAX).trim();
    if (value) source[key] = value;
  }
  return Object.keys(source).length > 0 ? source : undefined;
}
