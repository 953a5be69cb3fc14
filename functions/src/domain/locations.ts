import {
  effectiveLocationType,
  meetingPlace,
  videoRoomUrl,
  type EventLocation,
  type LocationType,
  type MeetingPlace,
} from '#shared/locations';
import type { BookingRecord, EventRecord, HostRecord } from '#functions/domain/records';

/**
 * Where a booking's meeting takes place (issue 30), on the server: the rules shared/locations.ts does not know because
 * they need the hosts' calendars or the booking as stored.
 */

/** An event type's location fields as stored (events stored before issue 30 have no detail and no caller). */
export function eventLocationOf(event: Pick<EventRecord, 'locationType' | 'locationDetail' | 'phoneCaller'>) {
  return {
    locationType: event.locationType,
    locationDetail: event.locationDetail ?? '',
    phoneCaller: event.locationType === 'phone' ? (event.phoneCaller ?? 'guest') : null,
  } satisfies EventLocation;
}

/** Whether a host's Google Calendar is connected now (the only calendar that can make a Google Meet). */
export const hasGoogle = (host: Pick<HostRecord, 'calendar'> | null | undefined): boolean =>
  host?.calendar?.provider === 'google' && host.calendar.connected === true;

/** Whether every one of these hosts has Google connected (none at all: no). */
export const allHaveGoogle = (hosts: readonly (Pick<HostRecord, 'calendar'> | null | undefined)[]): boolean =>
  hosts.length > 0 && hosts.every(hasGoogle);

/** A Google Meet link (Google made it), as against a room of the built-in video call. */
const isGoogleMeetLink = (url: string) => /^https:\/\/meet\.google\.com\//.test(url);

/**
 * The location type a booking's meeting has: the event's, except that a Google Meet event's booking holding a room of
 * ours (booked while its hosts had no Google) is a video call.
 */
export function bookingLocationType(
  event: Pick<EventRecord, 'locationType'>,
  booking: Pick<BookingRecord, 'meetingUrl'>,
): LocationType {
  const url = booking.meetingUrl?.trim();
  return event.locationType === 'google-meet' && url && !isGoogleMeetLink(url) ? 'video' : event.locationType;
}

/** Where a booking's meeting takes place, as every screen, mail and calendar file shows it. */
export function bookingPlace(
  event: Pick<EventRecord, 'locationType' | 'locationDetail' | 'phoneCaller'>,
  booking: Pick<BookingRecord, 'meetingUrl' | 'guestPhone'>,
): MeetingPlace {
  return meetingPlace(
    { ...eventLocationOf(event), locationType: bookingLocationType(event, booking) },
    { meetingUrl: booking.meetingUrl ?? null, guestPhone: booking.guestPhone ?? null },
  );
}

/**
 * Where an event's meetings take place before any booking (the booking page): Google Meet only while the hosts who
 * would make it have Google connected, else the built-in video call.
 */
export function eventPlace(
  event: Pick<EventRecord, 'locationType' | 'locationDetail' | 'phoneCaller'>,
  googleConnected: boolean,
): MeetingPlace {
  const location = eventLocationOf(event);
  return meetingPlace({ ...location, locationType: effectiveLocationType(location.locationType, googleConnected) });
}

/** Whether the booking form asks the guest for their phone number: a phone call the host makes. */
export const asksForPhone = (event: Pick<EventRecord, 'locationType' | 'phoneCaller'>): boolean =>
  event.locationType === 'phone' && event.phoneCaller === 'host';

/**
 * The built-in video call's room a new booking gets, or null when its meeting needs none: a video call (or Google Meet
 * while its hosts have no Google) keeps the room of the booking it replaces (a reschedule), else gets `newRoom()`.
 */
export function meetingUrlFor(
  event: Pick<EventRecord, 'locationType'>,
  googleConnected: boolean,
  replaced: Pick<BookingRecord, 'meetingUrl'> | null,
  newRoom: () => string,
): string | null {
  if (effectiveLocationType(event.locationType, googleConnected) !== 'video') return null;
  const kept = replaced?.meetingUrl?.trim();
  return kept && !isGoogleMeetLink(kept) ? kept : newRoom();
}

/** A new room of the built-in video call: 16 random bytes (`random`, the caller's) under the stage's base URL. */
export function newMeetingRoom(config: { videoRoomBaseUrl: string }, random: Uint8Array): string {
  if (random.length !== 16) throw new RangeError('A room name is made of 16 random bytes.');
  return videoRoomUrl(Buffer.from(random).toString('hex'), config.videoRoomBaseUrl);
}
