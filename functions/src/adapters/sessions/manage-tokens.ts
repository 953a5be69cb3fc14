import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

import type { ManageTokenKind, ManageTokens } from '#functions/ports/bookings';

/** Each kind of link is its own HMAC purpose, so a token of one kind never passes for the other. */
const PURPOSE: Record<ManageTokenKind, string> = {
  manage: 'manage-booking',
  'host-reschedule': 'host-reschedule',
};

/**
 * The secrets in a booking's links: HMAC-SHA256 of the booking id under the server's session key, one purpose per
 * kind (docs/security.md "A guest's booking links"):
 * - `manage`: the guest's, in their e-mails: view, cancel, reschedule, calendar file;
 * - `host-reschedule`: the host's "Copy reschedule link" in the bookings list: it can only reschedule.
 * Nothing stores a token: the mail jobs and the bookings list derive it again from the id, and a token given back is
 * checked by deriving it again (constant-time comparison). New tokens use the current key; a token of the previous
 * key (`previous`, while a rotated session key's grace period lasts) is still accepted, so a rotation breaks no
 * guest's link. Once the previous key is dropped, its tokens stop working; the mails sent since carry the new ones.
 */
export function hmacManageTokens(current: Uint8Array, previous?: Uint8Array): ManageTokens {
  // One key object for every token (a page of the bookings list derives one per booking).
  const keys = [createSecretKey(current), ...(previous ? [createSecretKey(previous)] : [])];
  const derive = (key: KeyObject, kind: ManageTokenKind, bookingId: string) =>
    createHmac('sha256', key).update(`${PURPOSE[kind]}:${bookingId}`).digest('base64url');
  return {
    tokenFor: (bookingId) => derive(keys[0]!, 'manage', bookingId),
    hostRescheduleTokenFor: (bookingId) => derive(keys[0]!, 'host-reschedule', bookingId),
    verify(kind, bookingId, token) {
      const given = Buffer.from(token);
      let valid = false;
      // Every key is tried (no early exit), so the time taken does not tell which one matched.
      for (const key of keys) {
        const expected = Buffer.from(derive(key, kind, bookingId));
        if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
      }
      return valid;
    },
  };
}
