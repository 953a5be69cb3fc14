import { createHash } from 'node:crypto';

import type { CreateBookingBody, CreateBookingResponse } from '#shared/api/schemas/bookings';
import { dateInZone, isoInZone } from '#shared/availability/wall-clock';
import type { BookedHost } from '#functions/app/booking/create/hosts';
import type { MovedBy, Replacement, Slot } from '#functions/app/booking/create/slot';
import { reschedulesOf } from '#functions/domain/abuse-limits';
import type { Interval } from '#functions/domain/booking';
import { calendarAccountOf, calendarSettingsOf } from '#functions/domain/calendar';
import { guestList } from '#functions/domain/guest-addresses';
import { bookingPlace } from '#functions/domain/locations';
import { icsUidOf, versionOf } from '#functions/domain/notices';
import { pendingExpiryHoursOf, requestExpiry } from '#functions/domain/pending';
import type { BookingRecord, EventRecord, HostRecord } from '#functions/domain/records';
import type { Assignment } from '#functions/domain/team-assignment';
import type { HoldCalendar } from '#functions/ports/bookings';

/** What a booking is drafted from, all decided before the write. */
export type Draft = {
  id: string;
  now: Date;
  slot: Slot;
  blocked: Interval;
  event: EventRecord;
  /** The hosts it books, first host first (it is stored under them), and each one's calendar fields. */
  hosts: BookedHost[];
  calendars: HoldCalendar[];
  pending: boolean;
  manageToken: string;
  replacement: Replacement | null;
  movedBy: MovedBy;
  /** A team event's booking (issue 28): its team, and the round-robin member's assignment. */
  team: { id: string; slug: string; name: string } | null;
  assignment: Assignment | null;
  meetingUrl: string | null;
};

/**
 * Each host's calendar fields (the first host's are the booking's, the others' go on their copies), with the event
 * id fixed before the write so that retries never duplicate an event: a moved event keeps its own; Google with "Add
 * bookings to Google Calendar" off gets none; the built-in calendar's event is the booking itself.
 */
export function calendarFields(
  hosts: readonly BookedHost[],
  bookingId: string,
  replacement: Replacement | null,
): HoldCalendar[] {
  return hosts.map((member, index) => ({
    calendarProvider: member.host.calendar?.provider ?? 'builtin',
    calendarEventId:
      index === 0 && replacement?.moveEvent ? replacement.replaced.calendarEventId : plannedEvent(member, bookingId),
    calendarAccount: calendarAccountOf(member.host.calendar),
  }));
}

function plannedEvent({ host, calendar }: BookedHost, bookingId: string): string | null {
  if (!host.calendar) return null;
  if (host.calendar.provider !== 'builtin' && !calendarSettingsOf(host).addToCalendar) return null;
  return calendar.plannedEventId({ id: bookingId });
}

/**
 * The booking record to write and the confirmation for it. The secret that lets the guest reschedule is stored
 * hashed. A reschedule continues the replaced booking's invitation (same UID, the next SEQUENCE), its source, its
 * room and the guest's number. A team booking names its team and every host it books (the others hold copies).
 */
export function draftBooking(
  input: CreateBookingBody,
  draft: Draft,
): { booking: BookingRecord; confirmation: CreateBookingResponse } {
  const { id, now, slot, blocked, event, hosts, calendars, pending, manageToken, movedBy, team, assignment } = draft;
  const replaced = draft.replacement?.replaced ?? null;
  const first = hosts[0]!.host;
  const names = hosts.map((member) => member.host.name);
  const calendar = calendars[0]!;
  const booking: BookingRecord = {
    id,
    hostId: first.id,
    eventId: event.id,
    eventTitle: event.title,
    eventSlug: event.slug,
    name: input.name,
    email: input.email,
    additionalInfo: input.additionalInfo ?? null,
    guests: guestList(
      input.guests,
      input.email,
      hosts.map((member) => member.host.email),
    ),
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
    blockedStart: new Date(blocked.start).toISOString(),
    blockedEnd: new Date(blocked.end).toISOString(),
    status: pending ? 'pending' : 'confirmed',
    ...(pending ? { pendingExpiresAt: requestExpiry(now, slot.start, pendingExpiryHoursOf(event)) } : {}),
    meetingType: event.meetingType ?? 'consultation',
    guestTimeZone: slot.userTimezone,
    ...calendar,
    manageTokenHash: sha256(manageToken),
    version: replaced ? versionOf(replaced) + 1 : 1,
    icsUid: replaced ? icsUidOf(replaced) : invitationUid(id, first, calendar.calendarEventId),
    ...(replaced
      ? { rescheduledFrom: { id: replaced.id, start: replaced.start, end: replaced.end, ...movedByHost(movedBy) } }
      : {}),
    ...(replaced ? { rescheduleCount: reschedulesOf(replaced) + 1 } : {}),
    ...sourceOf(input, replaced),
    ...(team
      ? {
          teamId: team.id,
          teamSlug: team.slug,
          teamName: team.name,
          schedulingType: event.schedulingType ?? 'collective',
          hostIds: hosts.map((member) => member.userId),
          hostNames: names,
          ...(assignment ? { assignment } : {}),
        }
      : {}),
    ...locationOf(input, draft.meetingUrl, replaced),
    createdAt: now.toISOString(),
  };
  const confirmation: CreateBookingResponse = {
    calendarEventCreated: false,
    date: dateInZone(slot.userTimezone, slot.start),
    // In the guest's zone with its offset, like the time slots the guest picked from.
    startTime: isoInZone(slot.userTimezone, slot.start),
    eventTitle: event.title,
    eventSlug: event.slug,
    hostName: names.join(', '),
    hostPhotoUrl: first.photoUrl,
    hosts: names.map((name) => ({ name })),
    duration: event.duration,
    timezone: event.timeZone,
    userTimezone: slot.userTimezone,
    bookingId: id,
    // The guest's secret goes only to the guest: a move the host made with their own link answers without it.
    ...(movedBy === 'host' ? {} : { rescheduleToken: manageToken }),
    status: pending ? 'pending' : 'confirmed',
    place: bookingPlace(event, booking),
  };
  return { booking, confirmation };
}

/** A reschedule the host made with their own link names them (issue 31). */
const movedByHost = (movedBy: MovedBy) => (movedBy === 'host' ? { by: 'host' as const } : {});

/**
 * The booking's source (issue 29): the request's `utm_*` parameters; a reschedule that brings none keeps the source of
 * the booking it replaces (it is the same meeting, moved). Nothing when neither has one.
 */
function sourceOf(input: CreateBookingBody, replaced: BookingRecord | null): Pick<BookingRecord, 'source'> {
  const source = input.source ?? replaced?.source;
  return source ? { source } : {};
}

/** Issue 30: the booking's room of the built-in video call, and the guest's number for a call the host makes. */
function locationOf(
  input: CreateBookingBody,
  meetingUrl: string | null,
  replaced: BookingRecord | null,
): Pick<BookingRecord, 'meetingUrl' | 'guestPhone'> {
  const guestPhone = input.phone?.trim() || replaced?.guestPhone;
  return { ...(meetingUrl ? { meetingUrl } : {}), ...(guestPhone ? { guestPhone } : {}) };
}

/**
 * The UID of the booking's calendar invitation for its whole life. A Google event (which Google's own invitations
 * announce to the guests) has the UID Google gives an event of that id, so a calendar app merges our invitation
 * with Google's instead of showing the meeting twice; otherwise the booking's own.
 */
function invitationUid(bookingId: string, host: HostRecord, calendarEventId: string | null): string {
  return host.calendar?.provider === 'google' && calendarEventId
    ? `${calendarEventId}@google.com`
    : `${bookingId}@meetwise`;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
