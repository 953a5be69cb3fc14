import { randomBytes } from 'node:crypto';

import type { Config } from '#functions/config';
import { utcDay } from '#functions/domain/booking';
import { allHaveGoogle, newMeetingRoom } from '#functions/domain/locations';
import type { BookingRecord, EventRecord } from '#functions/domain/records';
import { BookingChanged } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';
import type { Clock, IdGenerator, Logger } from '#functions/ports/core';
import type { EventRepository, LocationFallbacks } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { TeamRepository } from '#functions/ports/teams';

/**
 * Google Meet without Google (issue 30 §1): a Meet exists only in a Google Calendar, so an event type whose hosts have
 * no Google Calendar connected falls back to the built-in video call, and its bookings to come get their room.
 * - When a host disconnects Google (or switches to the built-in calendar): their Google Meet event types, personal and
 *   team, become video calls, and the host is told (calendar-connection.ts's answer, and a mail).
 * - Every hour and at every local start, the migration does the same for every such event type already stored, and
 *   each of its hosts is told by mail. Both are idempotent: a second run finds nothing left to change.
 * The mails go through the table's stream: a note per host (LocationFallbacks), mailed by the booking notices job
 * (location-fallback-mail.ts), so nothing here waits on SES.
 * Each booking that gets its room is one write of the booking (and its holds) with its version bumped and its status
 * as read: the stream's "Location updated" notice (booking-notices.ts) tells its guests and hosts the new link.
 */

/** What switching event types to the video call and giving their bookings a room needs. */
export type LocationFallbackDeps = {
  events: EventRepository;
  hosts: HostRepository;
  teams: TeamRepository;
  bookings: BookingLedger;
  clock: Clock;
  config: Config;
  logger: Logger;
  ids: IdGenerator;
  locationFallbacks: LocationFallbacks;
};

/** What a fallback changed: the event types switched (their titles), and how many bookings got a room. */
export interface FallbackResult {
  events: Pick<EventRecord, 'id' | 'title' | 'slug'>[];
  bookings: number;
}

/**
 * A host lost Google: each of their Google Meet event types (their own, and their teams' that they host) becomes a
 * video call, and its future bookings get a room. Every host of a changed event type is told (a team event's other
 * hosts too); the answer is what changed for this host.
 */
export async function fallBackFromGoogleMeet(deps: LocationFallbackDeps, hostId: string): Promise<FallbackResult> {
  const [personal, memberships] = await Promise.all([deps.events.listByHost(hostId), deps.teams.teamsOf(hostId)]);
  const teamEvents = (
    await Promise.all(memberships.map((membership) => deps.events.listByTeam(membership.teamId)))
  ).flat();
  const meetEvents = [
    ...personal.filter((event) => event.locationType === 'google-meet' && !event.teamId),
    ...teamEvents.filter(
      (event) => event.locationType === 'google-meet' && (event.hosts ?? []).some((host) => host.userId === hostId),
    ),
  ];
  const told = new Map<string, FallbackResult>();
  try {
    await switchAll(deps, meetEvents, told);
  } finally {
    await tellHosts(deps, told);
  }
  return told.get(hostId) ?? { events: [], bookings: 0 };
}

/**
 * The migration: every Google Meet event type whose host (a team event: any of its hosts) has no Google Calendar
 * connected becomes a video call, and its future bookings that are not cancelled and have no room get one. Each of
 * its hosts gets one mail naming theirs, also when the run stops partway (what it changed is told; the next run
 * finds the rest). Reads every event type's slug (a Scan of the table, a page at a time), then each Google Meet event
 * and its hosts.
 */
export async function migrateLocations(deps: LocationFallbackDeps): Promise<FallbackResult> {
  const result: FallbackResult = { events: [], bookings: 0 };
  const told = new Map<string, FallbackResult>();
  try {
    await deps.events.forEachSlug(async (slugs) => {
      const found = await Promise.all(
        slugs.map(async (slug) => {
          const id = await deps.events.findIdBySlug(slug);
          return id === null ? null : ((await deps.events.findById(id))?.event ?? null);
        }),
      );
      const meetEvents = found.filter((event): event is EventRecord => event?.locationType === 'google-meet');
      if (meetEvents.length === 0) return;
      const hostIds = [...new Set(meetEvents.flatMap(hostIdsOf))];
      const hosts = await deps.hosts.getMany(hostIds);
      const withoutGoogle = meetEvents.filter((event) => !allHaveGoogle(hostIdsOf(event).map((id) => hosts.get(id))));
      const done = await switchAll(deps, withoutGoogle, told);
      result.events.push(...done.events);
      result.bookings += done.bookings;
    });
  } finally {
    await tellHosts(deps, told);
  }
  if (result.events.length > 0)
    deps.logger.info('Google Meet event types without Google moved to the video call', {
      events: result.events.length,
      bookings: result.bookings,
    });
  return result;
}

/**
 * Switches each event to the video call (switchToVideo), adding what changed to `told`, per host of the event (a
 * team event: each of its hosts). Answers what changed in all.
 */
async function switchAll(
  deps: LocationFallbackDeps,
  events: readonly EventRecord[],
  told: Map<string, FallbackResult>,
): Promise<FallbackResult> {
  const result: FallbackResult = { events: [], bookings: 0 };
  for (const event of events) {
    const bookings = await switchToVideo(deps, event);
    if (bookings === null) continue;
    const changed = { id: event.id, title: event.title, slug: event.slug };
    for (const tally of [result, ...hostIdsOf(event).map((hostId) => tallyOf(told, hostId))]) {
      tally.events.push(changed);
      tally.bookings += bookings;
    }
  }
  return result;
}

/** The host's tally in `told`, started empty. */
function tallyOf(told: Map<string, FallbackResult>, hostId: string): FallbackResult {
  let tally = told.get(hostId);
  if (!tally) told.set(hostId, (tally = { events: [], bookings: 0 }));
  return tally;
}

/**
 * One note per host of what changed for them, which the stream mails (location-fallback-mail.ts). A note that cannot
 * be written is logged, never thrown: the change it tells of stands either way.
 */
async function tellHosts(deps: LocationFallbackDeps, told: ReadonlyMap<string, FallbackResult>): Promise<void> {
  for (const [hostId, result] of told) {
    try {
      await deps.locationFallbacks.record({
        id: deps.ids.next(),
        hostId,
        events: result.events,
        bookings: result.bookings,
        createdAt: deps.clock.now().toISOString(),
      });
    } catch (error) {
      deps.logger.error("Could not note that a host's Google Meet event types now use a video call", {
        hostId,
        error: String(error),
      });
    }
  }
}

/** The hosts who would make a Google Meet for the event: its team's hosts, or its owner. */
function hostIdsOf(event: EventRecord): string[] {
  return event.teamId ? (event.hosts ?? []).map((host) => host.userId) : [event.userId];
}

/**
 * The event becomes a video call (its display text with it), then its future bookings get their room. Answers how
 * many got one, or null when the event changed meanwhile (an edit: its next state is the editor's, which Google Meet
 * cannot be without Google).
 */
async function switchToVideo(deps: LocationFallbackDeps, event: EventRecord): Promise<number | null> {
  const updated: EventRecord = {
    ...event,
    locationType: 'video',
    location: 'Video call',
    locationDetail: '',
    phoneCaller: null,
    updatedAt: deps.clock.now().toISOString(),
  };
  if (!(await deps.events.update(updated, event.slug))) return null;
  return giveRooms(deps, updated);
}

/**
 * The bookings of an event from now on, not cancelled and without a room, each get one (read in the partitions of its
 * owner and its hosts: a team booking lives under its first host, held by the others; each is written once).
 */
export async function giveRooms(deps: LocationFallbackDeps, event: EventRecord): Promise<number> {
  const now = deps.clock.now().getTime();
  const partitions = [...new Set([event.userId, ...hostIdsOf(event)])];
  const reads = await Promise.all(partitions.map((hostId) => deps.bookings.read(hostId, utcDay(now), '9999-12-31')));
  const due = new Map<string, BookingRecord>();
  for (const booking of reads.flatMap((read) => read.bookings)) {
    if (booking.eventId !== event.id || booking.status === 'cancelled' || booking.meetingUrl) continue;
    if (Date.parse(booking.start) <= now) continue;
    due.set(booking.id, booking);
  }
  let given = 0;
  for (const booking of due.values()) {
    if (await giveRoom(deps, booking)) given++;
  }
  return given;
}

/** One booking's room (its version bumped, its status unchanged); a booking changed meanwhile is read again once. */
async function giveRoom(deps: LocationFallbackDeps, read: BookingRecord): Promise<boolean> {
  let booking: BookingRecord | null = read;
  for (let attempt = 1; booking && attempt <= 3; attempt++) {
    if (booking.status === 'cancelled' || booking.meetingUrl) return false;
    try {
      await deps.bookings.setMeetingUrl(booking, newMeetingRoom(deps.config, randomBytes(16)));
      return true;
    } catch (error) {
      if (!(error instanceof BookingChanged)) throw error;
      booking = await deps.bookings.find(booking.hostId, booking.start, booking.id);
    }
  }
  return false;
}
