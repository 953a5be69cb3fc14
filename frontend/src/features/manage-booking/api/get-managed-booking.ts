import { useQuery } from '@tanstack/react-query';

import { fetchManagedBooking, MANAGED_BOOKING_STALE_MS, managedBookingKey } from '#frontend/lib/managed-booking.ts';

/** POST /api/bookings/{id}/manage {token}: the guest's booking (asked again each time the page opens). */
export const useManagedBooking = (bookingId: string, token: string | null) =>
  useQuery({
    queryKey: managedBookingKey(bookingId, token ?? ''),
    queryFn: ({ signal }) => fetchManagedBooking(bookingId, token!, signal),
    enabled: Boolean(bookingId && token),
    staleTime: MANAGED_BOOKING_STALE_MS,
  });
