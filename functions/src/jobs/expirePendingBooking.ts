import { expirePendingBooking, type ExpiryDeps } from '#functions/app/mail/booking-notices';
import { bookingLedger, coreDeps } from '#functions/composition';
import { eventJob } from '#functions/jobs/scheduled-job';
import type { TimerPayload } from '#functions/ports/timers';

/** A pending booking's expiry timer fired at its start: still pending means declined (booking-notices.ts). */
export function expiryHandler(deps: () => ExpiryDeps) {
  return eventJob<TimerPayload, unknown>('expirePendingBooking', (payload) => {
    if (payload.kind !== 'pending-expiry') throw new Error(`expirePendingBooking was given a ${payload.kind} timer`);
    return expirePendingBooking(deps(), payload);
  });
}

export const handler = expiryHandler(() => ({ ...coreDeps(), bookings: bookingLedger() }));
