import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminBookingsKey } from '#frontend/features/admin/api/list-bookings.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/**
 * DELETE /api/bookings/{id} (cancelBooking in docs/api.md): the admin cancels a booking (it is kept,
 * marked cancelled). The body is empty (`{}`: the optional reason left out; the server takes no body the same
 * way). On success every bookings list of the dashboard is fetched again, not awaited.
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['adminCancelBooking'],
    mutationFn: (id: string) => apiRequest('cancelBooking', { params: { id }, body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminBookingsKey }),
  });
}
