import type { PublicEvent } from '#shared/api/schemas/events';
import type { PublicTeam } from '#shared/api/schemas/teams';
import type { FallbackSummary } from '#functions/domain/mail/location-fallback';
import type { DateOverrideRecord, EventRecord, LocationFallbackRecord } from '#functions/domain/records';

/** Event types, their published booking pages, and the location fallback records. */

/**
 * Notes that a host's Google Meet event types became video calls (issue 30; adapters/dynamodb/location-fallbacks.ts):
 * the stream mails the host each one, once.
 */
export interface LocationFallbacks {
  record(note: LocationFallbackRecord): Promise<void>;
}

export interface EventRepository {
  /** The event and its date overrides (one query), or null. */
  findById(id: number): Promise<{ event: EventRecord; overrides: DateOverrideRecord[] } | null>;
  /** The id of the event with this public slug, or null. */
  findIdBySlug(slug: string): Promise<number | null>;
  /** Stores a new event with the next free id and a unique slug; null when the slug is taken. */
  create(event: Omit<EventRecord, 'id'>, id?: number): Promise<EventRecord | null>;
  /** Stores (or replaces) a date override of an event. */
  saveOverride(override: DateOverrideRecord): Promise<void>;
  /** Deletes one override; answers whether it existed. */
  deleteOverride(eventId: number, date: string, id: string): Promise<boolean>;
  /** A host's event types, oldest first (personal ones: team event types are listed by their team). */
  listByHost(userId: string): Promise<EventRecord[]>;
  /** A team's event types, oldest first (gsi1 `TEAM#{teamId}#EVENTS`). */
  listByTeam(teamId: string): Promise<EventRecord[]>;
  /**
   * Every event type's slug and every team's, a page at a time (a Scan of the table: for republishing every booking
   * and team page after a deploy or a change every page shows, never on a request).
   */
  forEachSlug(onPage: (slugs: string[], teamSlugs: string[]) => Promise<void>): Promise<void>;
  /**
   * Replaces an event's fields (the id, owner and creation time stay). A new slug moves its uniqueness claim in the
   * same transaction; null when the new slug is taken (nothing written).
   */
  update(event: EventRecord, previousSlug: string): Promise<EventRecord | null>;
  /** Deletes the event, its overrides and its slug claim. */
  delete(event: EventRecord): Promise<void>;
}

/**
 * The booking pages published as static HTML, by key (`book/{slug}`, `events/{slug}`): the site bucket in the cloud,
 * a folder under DATA_DIR on one machine.
 */
export interface PublishedPages {
  /** Writes the page whole (one PUT; a file written aside, then renamed): nobody ever reads half a page. */
  put(key: string, html: string): Promise<void>;
  /** Takes the page down; nothing when there is none. */
  remove(key: string): Promise<void>;
}

/** Renders an event type's booking page (step 1, the event inlined) into the built page shell. */
export interface BookingPageRenderer {
  render(event: PublicEvent, path: string, now: Date): Promise<string>;
  /** A team's public page (issue 28, `/team/{slug}`, its data inlined); without it team pages are not published. */
  renderTeam?(team: PublicTeam, path: string, now: Date): Promise<string>;
}

/**
 * What leaving Google asks of the event types (app/calendars/calendar-connection.ts, issue 30): the host's Google Meet
 * event types become video calls.
 */
export interface GoogleMeetFallback {
  /**
   * app/events/migrate-locations.ts `fallBackFromGoogleMeet`: the host's Google Meet event types (their own and the
   * team ones they host) become video calls and their bookings to come get a room; answers what changed for the host.
   */
  fallBackFromGoogleMeet(hostId: string): Promise<FallbackSummary>;
}
