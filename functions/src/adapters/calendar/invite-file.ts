import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

import { PRODUCT_NAME } from '#shared/constants';
import type { CalendarInvite } from '#functions/ports';

const STATUS: Record<CalendarInvite['status'], ICalEventStatus> = {
  CONFIRMED: ICalEventStatus.CONFIRMED,
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CANCELLED: ICalEventStatus.CANCELLED,
};

/**
 * The invitation as an iCalendar document (one VEVENT, times in UTC): METHOD REQUEST adds or updates the event in
 * the recipient's calendar, CANCEL removes it; the UID and a higher SEQUENCE tell calendar apps which event and
 * that this is newer. The booking's `.ics` download serves the same document.
 */
export function calendarFileFor(invite: CalendarInvite): string {
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
  return calendar.toString();
}
