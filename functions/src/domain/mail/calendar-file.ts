import ical, { foldLines, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

import { PRODUCT_NAME } from '#shared/constants';
import type { MailInvite } from '#functions/domain/mail/invitation';

const STATUS: Record<MailInvite['status'], ICalEventStatus> = {
  CONFIRMED: ICalEventStatus.CONFIRMED,
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CANCELLED: ICalEventStatus.CANCELLED,
};

/**
 * The invitation as an iCalendar document (one VEVENT, times in UTC): METHOD REQUEST adds or updates the event in
 * the recipient's calendar, CANCEL removes it; the UID and a higher SEQUENCE tell calendar apps which event and
 * that this is newer. The booking's `.ics` download serves the same document. An online meeting's link is its
 * LOCATION and URL, and an RFC 7986 CONFERENCE (which ical-generator does not write: added to the VEVENT here).
 */
export function calendarFileFor(invite: MailInvite): string {
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: 'Bookings', language: 'EN' },
    method: invite.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invite.uid,
    sequence: invite.sequence,
    start: new Date(invite.start),
    end: new Date(invite.end),
    summary: invite.summary,
    description: invite.description || null,
    location: invite.location,
    url: invite.url,
    status: STATUS[invite.status],
    organizer: { name: invite.organizer.name, email: invite.organizer.email },
    attendees: invite.attendees.map((attendee) => ({ email: attendee.email, name: attendee.name })),
  });
  const text = calendar.toString();
  return invite.conference
    ? text.replace(/\r\nEND:VEVENT\r\n/, () => `\r\n${conferenceLine(invite.conference!)}\r\nEND:VEVENT\r\n`)
    : text;
}

/**
 * `CONFERENCE;VALUE=URI;FEATURE=VIDEO;LABEL=…:{url}` (RFC 7986 §5.11), folded at 75 octets. A parameter value cannot
 * hold a double quote or a control character; one with `:`, `;` or `,` is quoted (RFC 5545 §3.2).
 */
function conferenceLine(conference: NonNullable<MailInvite['conference']>): string {
  const label = conference.label.replace(/["\p{Cc}]/gu, '').trim();
  const param = /[:;,]/.test(label) ? `"${label}"` : label;
  const url = conference.url.replace(/\p{Cc}/gu, '');
  return foldLines(`CONFERENCE;VALUE=URI;FEATURE=VIDEO${label ? `;LABEL=${param}` : ''}:${url}`);
}
