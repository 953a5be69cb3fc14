import { isValidTimeZone } from '#shared/availability/wall-clock';
import { feedbackAddress, isBareMailbox } from '#shared/email-address';
import { LOCATION_TYPES, type EventLocation, type MeetingPlace } from '#shared/locations';
import { guestList } from '#functions/domain/guest-addresses';
import { bookingPlace } from '#functions/domain/locations';
import { oneLine, type Row } from '#functions/domain/mail/render';
import type { NoticeKind } from '#functions/domain/notices';
import type { BookingRecord, EventRecord } from '#functions/domain/records';

/**
 * What a booking mail is composed from (the booking after the change, its host or hosts, the event type, the links),
 * and the facts about it that the mails and the calendar invitation both read.
 */

export type MailKind = NoticeKind | 'reminder';

export interface MailContext {
  kind: MailKind;
  /** The booking after the change. */
  booking: BookingRecord;
  /** The host the guest's mails name (a team booking: every assigned host's name, joined) and reply to. */
  host: { name: string; email: string };
  /** A team booking's assigned hosts (issue 28): each gets the host mail. Absent: `host` alone. */
  hosts?: { name: string; email: string }[];
  /** The event type as it is now, or null when it was deleted. Its timeZone is the host's zone for host mail. */
  event: MailEvent | null;
  links: {
    /** The guest's manage page: {site}/booking/{id}#token=… (issue 31: the secret in the fragment, never logged) */
    manage: string;
    /** The guest's reschedule page: {site}/book/{slug}?reschedule={id}#token=… */
    reschedule: string;
    /** The booking's calendar file, offered by the manage page: {site}/booking/{id}#token=…&calendar=file */
    calendarFile: string;
    /** The event's booking page: {site}/book/{slug} */
    bookAgain: string;
    /** The host's page of the booking: {site}/bookings/{id} */
    console: string;
  };
  /**
   * The booking's status before the change: a pending booking cancelled by its guest was never an invitation, so
   * the other guests hear nothing and no calendar cancellation goes out.
   */
  previousStatus?: BookingRecord['status'];
  /** For 'reminder': minutes before the start. */
  reminderOffset?: number;
  /** For 'reminder': whether the host is reminded too. */
  remindHost?: boolean;
  /** The sender's display name for a host; by default "{Host name} via Meetwise". */
  mailFromName?: (hostName: string) => string;
}

/** What the mails read of the event type: its texts, zone and place, and its colours when known. */
export type MailEvent = Pick<EventRecord, 'title' | 'duration' | 'location' | 'timeZone' | 'description'> &
  EventLocation &
  Partial<Pick<EventRecord, 'color' | 'themeColor'>>;

/** Who a mail or an invitation is for: the guest who booked, another guest they named, or a host. */
export type Audience = 'guest' | 'other-guest' | 'host';

/** What an invitation is made of. */
export type BookingParts = Pick<MailContext, 'booking' | 'host' | 'event'>;

/** The event's title as it is now, or as it was booked when the event type is gone. */
export const titleOf = ({ booking, event }: Pick<MailContext, 'booking' | 'event'>): string =>
  oneLine(event?.title || booking.eventTitle);

/** The guest's zone, for the guest and the other guests. */
export const guestZone = (booking: BookingRecord): string =>
  isValidTimeZone(booking.guestTimeZone) ? booking.guestTimeZone : 'UTC';

/** The event's zone, for its hosts. */
export const hostZone = ({ booking, event }: Pick<MailContext, 'booking' | 'event'>): string =>
  event && isValidTimeZone(event.timeZone) ? event.timeZone : guestZone(booking);

/**
 * The other guests to mail, each once, without the guest or the hosts themselves: the stored list read through the
 * same rule as the booking write, so a booking stored before guests were normalised (`Ada <A@x.org>`, `a@x.org`
 * twice, the host among them) still mails each inbox once.
 */
export function otherGuestsOf({ booking, host, hosts }: Pick<MailContext, 'booking' | 'host' | 'hosts'>): string[] {
  const bare = booking.guests.map(feedbackAddress).filter(isBareMailbox);
  return guestList(
    bare,
    booking.email,
    (hosts ?? [host]).map((each) => each.email),
  );
}

/**
 * Where the meeting takes place, as every screen shows it (domain/locations.ts bookingPlace: a Google Meet event's
 * booking with a room of ours is a video call), or null when the event type is gone. An event stored before issue 30
 * keeps its address or number in `location` only.
 */
export function placeOf(event: MailContext['event'], booking: BookingRecord): MeetingPlace | null {
  if (!event) return null;
  const stored = event.location.trim();
  const legacy =
    !event.locationDetail?.trim() &&
    (event.locationType === 'in-person' || event.locationType === 'phone') &&
    stored !== '' &&
    stored !== LOCATION_TYPES[event.locationType];
  return bookingPlace(legacy ? { ...event, locationDetail: stored } : event, booking);
}

/** What the guest wrote when booking. */
export function answerRows(booking: BookingRecord): Row[] {
  return [
    ...(booking.additionalInfo?.trim()
      ? [{ label: 'Additional information', value: booking.additionalInfo.trim(), multiline: true }]
      : []),
    ...(booking.guests.length ? [{ label: 'Guests', value: booking.guests.join(', ') }] : []),
  ];
}

/** Issue 31: the host moved the booking with their reschedule-only link (not the guest). */
export const byHost = (booking: BookingRecord): boolean => booking.rescheduledFrom?.by === 'host';

/**
 * Whether a cancelled booking was in the guest's and the other guests' calendars: a confirmed one, or a reschedule's
 * new time waiting for the host (tentative); a request never was.
 */
export const heldInvitation = ({ booking, previousStatus }: MailContext): boolean =>
  previousStatus !== 'pending' || !!booking.rescheduledFrom;
