import { createHmac, createSecretKey } from 'node:crypto';

import type { ManageTokens } from '#functions/ports';

/**
 * The secret in a booking's manage links: HMAC-SHA256 of the booking id under the server's session key, for this one
 * purpose. The booking write stores only its SHA-256 (compared in constant time); the jobs that mail the links
 * derive it again from the id, so the secret itself is never stored. Rotating the session key ends every manage
 * link (and every session) at once.
 */
export function hmacManageTokens(key: Uint8Array): ManageTokens {
  // One key object for every token (a page of the bookings list derives one per booking).
  const secret = createSecretKey(key);
  return {
    tokenFor: (bookingId) => createHmac('sha256', secret).update(`manage-booking:${bookingId}`).digest('base64url'),
  };
}
