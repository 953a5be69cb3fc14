import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKey } from '#frontend/features/bookings/api/get-booking.ts';
import { hostBookingsKey, patchListedBooking } from '#frontend/features/bookings/api/list-host-bookings.ts';
import type { HostBookingAction } from '#frontend/features/bookings/lib/host-bookings.ts';
import { apiRequest, isApiError } from '#frontend/lib/api.ts';

export interface HostBookingActionVariables {
  id: string;
  action: HostBookingAction;
  /** Cancel and Decline: an optional reason for the guest. */
  reason?: string;
}

/**
 * What the host does to one booking from the list: POST /api/bookings/{id}/confirm, /decline {reason?},
 * DELETE /api/bookings/{id} {reason?}, POST /api/bookings/{id}/no-show {noShow}. Each answers the booking, which
 * the lists and the booking's own page show at once; a 404 or 409 (it changed meanwhile) asks the lists again.
 */
function run({ id, action, reason = '' }: HostBookingActionVariables) {
  const params = { id };
  const why = reason.trim() ? { reason: reason.trim() } : {};
  switch (action) {
    case 'confirm':
      return apiRequest('confirmBooking', { params, body: {} });
    case 'decline':
      return apiRequest('declineBooking', { params, body: why });
    case 'cancel':
      return apiRequest('cancelBooking', { params, body: why });
    case 'markNoShow':
    case 'undoNoShow':
      return apiRequest('markNoShow', { params, body: { noShow: action === 'markNoShow' } });
  }
}

export function useHostBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingKey(booking.id), booking);
      // A window still loading would land on the pages as they were when it started, undoing the change: it stops
      // (and the screen asks for it again).
      await queryClient.cancelQueries({ queryKey: hostBookingsKey });
      patchListedBooking(queryClient, booking);
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 404 || error.status === 409))
        void queryClient.invalidateQueries({ queryKey: hostBookingsKey });
    },
  });
}
