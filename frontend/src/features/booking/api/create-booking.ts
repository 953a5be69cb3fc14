import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import type { createBookingBody } from '#shared/api/schemas/bookings';
import { apiRequest } from '#frontend/lib/api.ts';

/** POST /api/bookings. Lives with the form's chunk: the API client and zod load only when step 2 is near. */
export type BookingRequest = z.input<typeof createBookingBody>;

export function useCreateBooking() {
  return useMutation({
    mutationFn: (body: BookingRequest) => apiRequest('createBooking', { body }),
  });
}
