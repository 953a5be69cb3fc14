/**
 * Steps 2 and 3 in one chunk, out of the booking page's entry: its download starts once a date is chosen, and
 * step 3 is there by the time step 2 has booked.
 */
export { BookingConfirmation } from '#frontend/features/booking/components/booking-confirmation.tsx';
export { BookingForm } from '#frontend/features/booking/components/booking-form.tsx';
