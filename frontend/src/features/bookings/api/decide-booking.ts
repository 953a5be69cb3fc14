import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKey } from '#frontend/features/bookings/api/get-booking.ts';
import { apiRequest } from '#frontend/lib/api.ts';

export type Decision = 'confirm' | 'decline';

/**
 * POST /api/bookings/{id}/confirm and /decline {reason?}: the host decides on a pending booking. The answer shows at
 * once and the booking is asked for again either way (a 409 means it changed meanwhile).
 */
export function useDecideBooking(bookingId: string) {
  const queryClient = useQueryClient();
  const key = bookingKey(bookingId);
  return useMutation({
    mutationFn: ({ decision, reason = '' }: { decision: Decision; reason?: string }) =>
      apiRequest(decision === 'confirm' ? 'confirmBooking' : 'declineBooking', {
        params: { id: bookingId },
        body: reason.trim() ? { reason: reason.trim() } : {},
      }),
    onSuccess: (booking) => queryClient.setQueryData(key, booking),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
