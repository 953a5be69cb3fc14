import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest, isApiError } from '#frontend/lib/api.ts';
import { managedBookingKey } from '#frontend/lib/managed-booking.ts';

/**
 * POST /api/bookings/{id}/cancel {token, reason?}: the guest cancels. The answer is the cancelled booking, shown at
 * once; a 409 (it started meanwhile, or is already cancelled) loads the booking again.
 */
export function useCancelBooking(bookingId: string, token: string) {
  const queryClient = useQueryClient();
  const key = managedBookingKey(bookingId, token);
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest('cancelBookingAsGuest', {
        params: { id: bookingId },
        body: { token, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      }),
    onSuccess: (booking) => queryClient.setQueryData(key, booking),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
