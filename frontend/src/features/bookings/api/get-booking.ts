import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** GET /api/bookings/{id}: one booking for its host (or an admin); another host's is 404. */
export const bookingKey = (bookingId: string) => ['booking', bookingId] as const;

export const useBooking = (bookingId: string) =>
  useQuery({
    queryKey: bookingKey(bookingId),
    queryFn: ({ signal }) => apiRequest('getBooking', { params: { id: bookingId }, signal }),
    // A guest may cancel or move it at any time: asked again each time the page opens.
    staleTime: 0,
  });
