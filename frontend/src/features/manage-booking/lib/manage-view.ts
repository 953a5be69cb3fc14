import type { ManagedBooking } from '#shared/api/schemas/bookings';
import { EMBED_PARAMS, UTM_PARAMS } from '#shared/embed';
import { isApiError } from '#frontend/lib/api.ts';

/** What the guest's manage page (/booking/{id}#token=…) shows for a booking, as pure rules. */

/** active: it can be rescheduled or cancelled; past and cancelled ones only offer "Book again". */
export type ManageState = 'active' | 'past' | 'cancelled';

export function manageState(booking: Pick<ManagedBooking, 'status' | 'past'>): ManageState {
  if (booking.status === 'cancelled') return 'cancelled';
  return booking.past ? 'past' : 'active';
}

/** The parameters a frame's own links keep (issue 29): the next page is framed the same way, with the same source. */
const FRAME_KEPT = [
  EMBED_PARAMS.embed,
  EMBED_PARAMS.origin,
  EMBED_PARAMS.theme,
  EMBED_PARAMS.hideDetails,
  EMBED_PARAMS.transparent,
  ...UTM_PARAMS,
];

/**
 * `href` with the frame's parameters of the page's query added when the page is in a frame of the embed script
 * (`embed=1`, issue 29), so a link that stays in the frame opens the next page framed the same way; else `href`.
 */
export function withFrameParams(href: string, search: URLSearchParams): string {
  if (search.get(EMBED_PARAMS.embed) !== '1') return href;
  const hashAt = href.indexOf('#');
  const fragment = hashAt >= 0 ? href.slice(hashAt) : '';
  const [path = '', query = ''] = (hashAt >= 0 ? href.slice(0, hashAt) : href).split('?', 2);
  const next = new URLSearchParams(query);
  for (const key of FRAME_KEPT) {
    const value = search.get(key);
    if (value !== null && !next.has(key)) next.set(key, value);
  }
  return `${path}?${next.toString()}${fragment}`;
}

/**
 * The booking page in reschedule mode for this booking (in a frame, framed the same way); the token in the fragment
 * (issue 31), so no server sees it.
 */
export const rescheduleHref = (
  booking: Pick<ManagedBooking, 'id' | 'eventSlug'>,
  token: string,
  search: URLSearchParams = new URLSearchParams(),
): string =>
  withFrameParams(
    `/book/${encodeURIComponent(booking.eventSlug)}?reschedule=${encodeURIComponent(booking.id)}#token=${encodeURIComponent(token)}`,
    search,
  );

export const bookAgainHref = (
  booking: Pick<ManagedBooking, 'eventSlug'>,
  search: URLSearchParams = new URLSearchParams(),
): string => withFrameParams(`/book/${encodeURIComponent(booking.eventSlug)}`, search);

/** Who ended a cancelled booking, told to its guest. */
export function cancellationText(booking: Pick<ManagedBooking, 'cancellation' | 'rescheduled' | 'hostName'>): string {
  if (booking.rescheduled) return 'This booking was rescheduled. The new time is in the e-mail we sent you.';
  const by = booking.cancellation?.by;
  if (booking.cancellation?.declined) return `${booking.hostName || 'The host'} declined this booking.`;
  if (by === 'guest') return 'You cancelled this booking.';
  if (by === 'host') return `${booking.hostName || 'The host'} cancelled this booking.`;
  if (by === 'admin') return 'This booking was cancelled by an administrator.';
  return 'This booking was cancelled.';
}

/** The line under the title that says where the booking stands (read out when it changes). */
export function stateText(booking: ManagedBooking): string {
  switch (manageState(booking)) {
    case 'cancelled':
      return cancellationText(booking);
    case 'past':
      return 'This meeting already took place.';
    case 'active':
      return booking.status === 'pending'
        ? `${booking.hostName || 'The host'} has not confirmed this booking yet. You will receive an e-mail when they do.`
        : `You are scheduled with ${booking.hostName || 'the host'}.`;
  }
}

/**
 * A load failure: 'invalid' for any refusal of the link (wrong token, unknown booking, malformed id: nothing more is
 * said), 'ended' when the link's power ended (410, issue 31: its booking is over or was rescheduled; the server says
 * which), 'failed' for the network, the server or rate limits (the guest may try again).
 */
export function loadFailure(error: unknown): 'invalid' | 'ended' | 'failed' {
  if (!isApiError(error)) return 'failed';
  if (error.status === 410) return 'ended';
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
    ? 'invalid'
    : 'failed';
}

/**
 * Where the meeting takes place (issue 30), as the manage page shows it: the place's line (or, for a booking whose
 * event is gone, the location text it kept), and the link to join an online meeting while the booking is ahead;
 * null when there is nothing to say.
 */
export function placeView(
  booking: Pick<ManagedBooking, 'place' | 'location' | 'status' | 'past'>,
): { text: string; join: { label: string; url: string } | null } | null {
  const place = booking.place;
  if (!place) return booking.location ? { text: booking.location, join: null } : null;
  const join =
    place.online && place.url && manageState(booking) === 'active' ? { label: place.label, url: place.url } : null;
  return { text: join ? place.label : place.text || place.label, join };
}
