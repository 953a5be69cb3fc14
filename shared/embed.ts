/**
 * The embed's contract (issue 29) between the script a host puts on their site (`/embed.js`) and the booking page
 * it frames (`/book/{slug}?embed=1`, `/manage/…?embed=1`): the frame's query parameters and the messages the frame
 * posts to the embedding page. Both sides import this file, so they cannot drift apart.
 */

/**
 * The most the embed script and its loader (`/embed.js`) may weigh together, gzip-compressed: they load on every page
 * of a host's site. Checked by test/unit/embed-script.test.ts and printed by `npm run bench`.
 */
export const EMBED_BUDGET_GZIP_BYTES = 5 * 1024;

/** The data attributes the script reads on the host page, each naming an event type's slug. */
export const EMBED_ATTRIBUTES = {
  inline: 'data-meetwise-inline',
  popup: 'data-meetwise-popup',
  floating: 'data-meetwise-floating',
} as const;

/** Options, as `data-meetwise-{option}` on the same element. */
export const EMBED_OPTION_ATTRIBUTES = {
  theme: 'data-meetwise-theme',
  hideDetails: 'data-meetwise-hide-details',
  name: 'data-meetwise-name',
  email: 'data-meetwise-email',
  guests: 'data-meetwise-guests',
  transparent: 'data-meetwise-transparent',
  /** The floating button's label (default "Book a meeting"). */
  label: 'data-meetwise-label',
} as const;

export type EmbedTheme = 'light' | 'dark' | 'auto';

/** The frame's query parameters. */
export const EMBED_PARAMS = {
  /** `1`: the framed page (no site header, footer or "Try Meetwise free"; posts messages). */
  embed: 'embed',
  /** The embedding page's origin: the only origin messages are posted to. */
  origin: 'embed_origin',
  theme: 'theme',
  /** `1`: the event's details column is hidden. */
  hideDetails: 'hide_details',
  /** `1`: no page background (the host page shows through). */
  transparent: 'transparent',
  name: 'name',
  email: 'email',
  /** Comma-separated e-mail addresses. */
  guests: 'guests',
} as const;

/** `utm_*` parameters passed through to the booking (stored as its `source`), at most this many, each this long. */
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParam = (typeof UTM_PARAMS)[number];
export const UTM_VALUE_MAX = 200;

/** Every message's `source` field: a page ignores messages of other scripts that happen to share its window. */
export const EMBED_MESSAGE_SOURCE = 'meetwise';

/** What a booking step reports (also the DOM event's `detail` on the host page). */
export interface EmbedBookingDetail {
  bookingId: string;
  start: string;
  end: string;
  eventSlug: string;
}

/** Messages from the frame to the embedding page; the script re-dispatches all but `height` and `escape` as DOM events. */
export type EmbedMessage =
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'meetwise:ready'; detail: { eventSlug: string } }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'meetwise:height'; detail: { height: number } }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'meetwise:date-selected'; detail: { eventSlug: string; date: string } }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'meetwise:booked'; detail: EmbedBookingDetail }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'meetwise:rescheduled'; detail: EmbedBookingDetail }
  | {
      source: typeof EMBED_MESSAGE_SOURCE;
      type: 'meetwise:cancelled';
      detail: { bookingId: string; eventSlug: string };
    }
  /**
   * The guest pressed Escape inside the frame and nothing there used it (no open menu or picker: the keydown's
   * `defaultPrevented` is false). Key presses in a frame never reach the embedding page, so without this a pop-up
   * could be closed with Escape only while focus is outside its frame. The script closes the pop-up; an inline
   * frame ignores it. Not a DOM event.
   */
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'meetwise:escape'; detail: Record<string, never> };

export type EmbedMessageType = EmbedMessage['type'];

/** The DOM events the script dispatches on the host page (on the embed's element, bubbling to `document`). */
export const EMBED_DOM_EVENTS = [
  'meetwise:ready',
  'meetwise:date-selected',
  'meetwise:booked',
  'meetwise:rescheduled',
  'meetwise:cancelled',
] as const satisfies readonly EmbedMessageType[];

/** Whether `value` is one of our messages (the script checks the origin first, then this). */
export function isEmbedMessage(value: unknown): value is EmbedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { source?: unknown; type?: unknown; detail?: unknown };
  return (
    message.source === EMBED_MESSAGE_SOURCE &&
    typeof message.type === 'string' &&
    message.type.startsWith('meetwise:') &&
    typeof message.detail === 'object' &&
    message.detail !== null
  );
}
