/**
 * Booking requests that wait for the host's confirmation (issue 31): each expires after the hours its event type
 * names (a new event type: 24), and never after the meeting's start; one guest e-mail may hold only a few of them
 * with one host at a time. The editor and the server read these numbers from here.
 */
export const DEFAULT_PENDING_EXPIRY_HOURS = 24;
export const MIN_PENDING_EXPIRY_HOURS = 1;
/** A week: a request left longer than that is a slot nobody can book. */
export const MAX_PENDING_EXPIRY_HOURS = 168;
/** Unexpired requests one guest e-mail (normalised) may hold with one host. */
export const MAX_PENDING_PER_GUEST = 2;
