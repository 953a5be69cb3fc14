import { LOCATION_TYPES } from '#shared/locations';
import {
  answerRows,
  otherGuestsOf,
  placeOf,
  titleOf,
  type Audience,
  type BookingParts,
  type MailContext,
} from '#functions/domain/mail/context';
import { oneLine } from '#functions/domain/mail/render';
import { icsUidOf, versionOf } from '#functions/domain/notices';
import type { BookingRecord } from '#functions/domain/records';

/**
 * The calendar invitation a booking mail carries, and the guest's calendar file (the .ics document itself is written
 * by domain/mail/calendar-file.ts): one UID for the life of the booking, its version as SEQUENCE; a request still
 * waiting for the host is TENTATIVE; an online meeting's link is its LOCATION, URL and CONFERENCE.
 */

/** A calendar invitation as the domain decides it (the ports call it CalendarInvite). */
export interface MailInvite {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** LOCATION: the address, the phone call, or an online meeting's link (its kind while it has none). */
  location: string | null;
  /** URL: an online meeting's link; otherwise the recipient's own page of the booking. */
  url: string | null;
  /** RFC 7986 CONFERENCE of an online meeting with a link (FEATURE=VIDEO, LABEL its kind). */
  conference?: { url: string; label: string } | null;
  organizer: { name: string; email: string };
  attendees: { name: string | null; email: string }[];
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

/**
 * The invitation a mail carries, for its recipient: their own page of the booking as its URL (an online meeting's
 * link instead); a request still waiting for the host is tentative.
 */
export function inviteFor(context: MailContext, method: 'REQUEST' | 'CANCEL', audience: Audience): MailInvite {
  const url = audience === 'guest' ? context.links.manage : audience === 'host' ? context.links.console : null;
  const status = method === 'CANCEL' ? 'CANCELLED' : context.booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED';
  return invitation(context, method, status, audience === 'host', url);
}

/**
 * The invitation as the booking stands now, for a change that keeps its status (a new place): confirmed, or tentative
 * for a reschedule's new time waiting for the host (not the host's: they hold only confirmed bookings).
 */
export function currentInvitation(context: MailContext, audience: Audience): MailInvite | undefined {
  const { status, rescheduledFrom } = context.booking;
  if (status === 'confirmed') return inviteFor(context, 'REQUEST', audience);
  if (status === 'pending' && rescheduledFrom && audience !== 'host') return inviteFor(context, 'REQUEST', audience);
  return undefined;
}

/**
 * The booking as the guest's calendar file (POST /api/bookings/{id}/ics): the same UID and SEQUENCE as its
 * mails' invitations; a cancelled booking cancels, a pending one is tentative. `url` is the guest's manage page.
 */
export function calendarInviteFor(
  booking: BookingRecord,
  host: { name: string; email: string },
  event: MailContext['event'],
  url: string | null,
): MailInvite {
  const parts = { booking, host, event };
  if (booking.status === 'cancelled') return invitation(parts, 'CANCEL', 'CANCELLED', false, url);
  return invitation(parts, 'REQUEST', booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED', false, url);
}

/**
 * An invitation with the same UID for the life of the booking and the booking's version as SEQUENCE, so calendar
 * apps update or remove the event they already have. The host's copy is titled with the guest's name.
 */
function invitation(
  parts: BookingParts,
  method: MailInvite['method'],
  status: MailInvite['status'],
  forHost: boolean,
  url: string | null,
): MailInvite {
  const { booking, host } = parts;
  const place = placeOf(parts.event, booking);
  const online = place?.online && place.url ? { url: place.url, label: place.label } : null;
  return {
    method,
    uid: icsUidOf(booking),
    sequence: versionOf(booking),
    start: new Date(booking.start).toISOString(),
    end: new Date(booking.end).toISOString(),
    summary: summaryFor(parts, forHost ? 'host' : 'guest'),
    description: inviteDescription(parts),
    location: inviteLocation(parts),
    url: online?.url ?? url,
    ...(online ? { conference: online } : {}),
    organizer: { name: oneLine(host.name), email: host.email },
    attendees: [
      { name: oneLine(booking.name), email: booking.email },
      ...otherGuestsOf(parts).map((email) => ({ name: null, email })),
    ],
    status,
  };
}

/** The calendar event's title: the event type with the other side's name. */
const summaryFor = (parts: BookingParts, side: 'guest' | 'host'): string =>
  `${titleOf(parts)} with ${oneLine(side === 'host' ? parts.booking.name : parts.host.name)}`;

/** The event type's description, then the guest's answers. */
function inviteDescription({ booking, event }: Pick<BookingParts, 'booking' | 'event'>): string {
  const answers = answerRows(booking).map((row) => `${row.label}: ${row.value}`);
  return [event?.description.trim() ?? '', answers.join('\n')].filter(Boolean).join('\n\n');
}

/**
 * The calendar's LOCATION: an online meeting's link (its kind while it has none, e.g. a Meet Google has not made
 * yet), the phone call, or the address; none for an in-person meeting without one.
 */
function inviteLocation({ booking, event }: Pick<BookingParts, 'booking' | 'event'>): string | null {
  const place = placeOf(event, booking);
  if (!place) return null;
  if (place.online) return place.url ?? place.label;
  if (place.type === 'in-person') return place.text === LOCATION_TYPES['in-person'] ? null : place.text;
  return place.text;
}

/** Google Calendar's "add event" template, filled with the booking as the guest's invitation has it. */
export function googleCalendarLink(context: MailContext): string {
  const { booking } = context;
  const compact = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const params = [
    ['action', 'TEMPLATE'],
    ['text', summaryFor(context, 'guest')],
    ['dates', `${compact(booking.start)}/${compact(booking.end)}`],
    ['details', inviteDescription(context)],
    ['location', inviteLocation(context) ?? ''],
  ];
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value!).replace(/%2F/g, '/')}`);
  return `https://calendar.google.com/calendar/render?${query.join('&')}`;
}
