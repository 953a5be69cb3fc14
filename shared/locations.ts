/**
 * Where a meeting takes place (issue 30 §1): the five kinds of location a host can choose, and how each is shown, the
 * same way everywhere (the booking page, the confirmation, the manage page, both mails, the calendar file). Pure, for
 * the server and the browser alike.
 *
 * | type          | the host gives                         | the guest sees                                    |
 * |---------------|----------------------------------------|---------------------------------------------------|
 * | google-meet   | nothing (needs Google Calendar)        | "Google Meet", the link once Google made it        |
 * | video         | nothing                                | "Video call", a room link made for each booking    |
 * | link          | an https:// meeting URL                | "Zoom", "Microsoft Teams", … or "Online meeting"   |
 * | phone         | who calls whom, and the host's number  | the number to call, or that the host will call     |
 * | in-person     | the address                            | the address                                        |
 *
 * The event's `location` stays its display text; the structured fields sit beside it.
 */

export const LOCATION_TYPES = {
  'google-meet': 'Google Meet',
  video: 'Video call',
  link: 'Your own link',
  phone: 'Phone call',
  'in-person': 'In-person',
} as const;

export type LocationType = keyof typeof LOCATION_TYPES;
export const LOCATION_TYPE_VALUES = Object.keys(LOCATION_TYPES) as [LocationType, ...LocationType[]];

/** Who calls whom on a phone meeting: the guest calls the host's number, or the host calls the number the guest gives. */
export type PhoneCaller = 'guest' | 'host';

/** The built-in video call's rooms: a public service that needs no account (for a stage, `VIDEO_ROOM_BASE_URL`). */
export const DEFAULT_VIDEO_ROOM_BASE_URL = 'https://meet.jit.si';
/** An address, a phone number or a meeting link: at most this many characters. */
export const LOCATION_DETAIL_MAX = 500;

export const GOOGLE_MEET_NEEDS_GOOGLE =
  'Google Meet needs your Google Calendar connected. Connect it under Calendar, or choose another location.';

/** The event fields a location is made of. */
export interface EventLocation {
  locationType: LocationType;
  /** in-person: the address; phone with the guest calling: the host's number; link: the URL. Empty otherwise. */
  locationDetail?: string | null;
  /** phone only; absent: the guest calls. */
  phoneCaller?: PhoneCaller | null;
}

/** What a booking adds to its event's location. */
export interface BookingLocation {
  /** The room of a built-in video call (kept across a reschedule), or the Meet link once Google made it. */
  meetingUrl?: string | null;
  /** phone with the host calling: the number the guest gave. */
  guestPhone?: string | null;
}

/** A meeting's place as every screen, mail and calendar file shows it. */
export interface MeetingPlace {
  type: LocationType;
  /** The kind, in words: "Video call", "Zoom", "Phone call", "In-person", "Google Meet". */
  label: string;
  /** One line a person can act on: "Video call: https://meet.jit.si/…", "Call +1 555 0100", "12 Main St". */
  text: string;
  /** The link to join, for online meetings; null when there is none (yet). */
  url: string | null;
  /**
   * A phone call's number: the host's, which the guest calls, or the guest's, which the host calls (known once
   * booked). Null otherwise.
   */
  phone: string | null;
  /** Whether it is an online meeting (RFC 7986 CONFERENCE in the calendar file). */
  online: boolean;
}

/** The spec's `location` display text of an event (what the public event answers and the booking page shows). */
export function locationDisplayText(event: EventLocation): string {
  const detail = (event.locationDetail ?? '').trim();
  switch (event.locationType) {
    case 'in-person':
      return detail || LOCATION_TYPES['in-person'];
    case 'link':
      return linkServiceName(detail);
    default:
      return LOCATION_TYPES[event.locationType];
  }
}

/** "Zoom", "Microsoft Teams", "Webex", "Whereby", "Google Meet", else "Online meeting": a host's own link, named. */
export function linkServiceName(url: string): string {
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'Online meeting';
  }
  const named: Array<[RegExp, string]> = [
    [/(^|\.)zoom\.(us|com)$/, 'Zoom'],
    [/(^|\.)teams\.(microsoft|live)\.com$/, 'Microsoft Teams'],
    [/(^|\.)webex\.com$/, 'Webex'],
    [/(^|\.)whereby\.com$/, 'Whereby'],
    [/^meet\.google\.com$/, 'Google Meet'],
    [/(^|\.)jit\.si$/, 'Jitsi Meet'],
  ];
  return named.find(([pattern]) => pattern.test(host))?.[1] ?? 'Online meeting';
}

/**
 * Where a booking's meeting takes place. `booking` is absent on the booking page (before a booking exists): the
 * place is then described without a link.
 */
export function meetingPlace(event: EventLocation, booking?: BookingLocation | null): MeetingPlace {
  const detail = (event.locationDetail ?? '').trim();
  const meetingUrl = booking?.meetingUrl?.trim() || null;
  switch (event.locationType) {
    case 'google-meet':
      return {
        type: 'google-meet',
        label: 'Google Meet',
        text: meetingUrl ? `Google Meet: ${meetingUrl}` : 'Google Meet (the link is in the calendar invitation)',
        url: meetingUrl,
        phone: null,
        online: true,
      };
    case 'video':
      return {
        type: 'video',
        label: LOCATION_TYPES.video,
        text: meetingUrl ? `Video call: ${meetingUrl}` : 'Video call (the link comes with the confirmation)',
        url: meetingUrl,
        phone: null,
        online: true,
      };
    case 'link': {
      // The host's own room is given to those who booked, never on the booking page.
      const label = linkServiceName(detail);
      const url = booking && detail ? detail : null;
      return { type: 'link', label, text: url ? `${label}: ${url}` : label, url, phone: null, online: true };
    }
    case 'phone': {
      const guestPhone = booking?.guestPhone?.trim() || '';
      const text =
        event.phoneCaller === 'host'
          ? guestPhone
            ? `Phone call: the host calls ${guestPhone}`
            : 'Phone call: the host calls you'
          : detail
            ? `Phone call: call ${detail}`
            : 'Phone call';
      const phone = (event.phoneCaller === 'host' ? guestPhone : detail) || null;
      return { type: 'phone', label: LOCATION_TYPES.phone, text, url: null, phone, online: false };
    }
    case 'in-person':
      return {
        type: 'in-person',
        label: LOCATION_TYPES['in-person'],
        text: detail || 'In-person',
        url: null,
        phone: null,
        online: false,
      };
  }
}

/**
 * The location a booking gets: Google Meet only while the host's Google Calendar is connected; without it the
 * meeting falls back to the built-in video call (a Meet cannot exist without Google).
 */
export function effectiveLocationType(type: LocationType, googleConnected: boolean): LocationType {
  return type === 'google-meet' && !googleConnected ? 'video' : type;
}

/** A built-in video call's room: `{base}/Meetwise-{32 hex digits of 16 random bytes}`, unguessable, one per booking. */
export function videoRoomUrl(randomHex: string, base: string = DEFAULT_VIDEO_ROOM_BASE_URL): string {
  if (!/^[0-9a-f]{32}$/.test(randomHex)) throw new RangeError('A room name needs 16 random bytes as 32 hex digits.');
  return `${base.replace(/\/+$/, '')}/Meetwise-${randomHex}`;
}

/** A host's own meeting link: an absolute https:// URL with a host name, at most LOCATION_DETAIL_MAX characters. */
export function isMeetingLink(value: string): boolean {
  if (value.length > LOCATION_DETAIL_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A phone number as a person writes it: an optional +, digits, spaces, dots, hyphens and brackets; 7–15 digits. */
export function isPhoneNumber(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}
