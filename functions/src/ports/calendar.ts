import type { BusyInterval } from '#shared/availability/engine';
import type { BookingRecord, EventRecord, HostRecord } from '#functions/domain/records';

/** Calendars a host connects: providers, the token cipher, Google consent, recent reads. */

/** A calendar a host has connected: where their other commitments come from and their bookings go. */
export interface CalendarProvider {
  /** Whether booking puts an event (and so an invitation to the guests) into a calendar of the host's. */
  readonly createsEvents: boolean;
  /**
   * Busy times beyond the host's own bookings in [from, to). May answer from a cache of the last minute unless
   * `fresh`. Throws CalendarDisconnected when the calendar refused the host's access (the connection is then marked
   * disconnected), ServiceUnavailable when it cannot be reached: never an empty answer in place of a failure.
   */
  busyTimes(host: HostRecord, from: number, to: number, options?: { fresh?: boolean }): Promise<BusyInterval[]>;
  /** The id the booking's calendar event will have: decided before the write so a retry never creates two. */
  plannedEventId(booking: Pick<BookingRecord, 'id'>): string;
  /** Puts the booking into the calendar; answers whether an event for it exists there now. Throws when it failed. */
  createEvent(host: HostRecord, booking: BookingRecord, event: EventRecord): Promise<boolean>;
  /** Removes the booking's event (gone already counts as removed). Throws when it failed. */
  deleteEvent(host: HostRecord, booking: BookingRecord): Promise<void>;
  /**
   * A reschedule that keeps the event: the booking's event (`booking.calendarEventId`, made for the booking it
   * replaces) moves to its time and details; answers whether the event is there now. Throws when it failed.
   */
  moveEvent(host: HostRecord, booking: BookingRecord, event: EventRecord): Promise<boolean>;
  /**
   * A calendar that keeps events of its own (Google): the status of every booking event we put there that ends after
   * `from`, deleted ones included, by event id. The built-in calendar has none: its events are the bookings.
   */
  bookingEvents?(host: HostRecord, from: number): Promise<Map<string, 'confirmed' | 'cancelled'>>;
  /** Forgets what was cached for a host (after a sync or a booking). */
  forget(hostId: string): void;
}

/**
 * Seals short secrets at rest (Google refresh tokens, feed tokens) with AES-256-GCM; `context` (the owner's id) is
 * bound in, so a sealed value copied to another owner does not open.
 */
export interface TokenCipher {
  seal(plaintext: string, context: string): Promise<string>;
  /** Throws when the value was not sealed by this key for this context. */
  open(sealed: string, context: string): Promise<string>;
}

/** Google's side of connecting a calendar: consent with offline access, the code exchange, revocation. */
export interface GoogleCalendarAuth {
  newPkce(): Promise<{ verifier: string; challenge: string }>;
  authorizationUrl(input: { redirectUri: string; state: string; codeChallenge: string; loginHint?: string }): string;
  /** Exchanges the code: the refresh token (null when Google gave none), the account's e-mail, the scopes granted. */
  exchange(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<{
    refreshToken: string | null;
    email: string;
    scopes: string[];
  }>;
  /** Whether this account can read the named calendar (the admin's configured calendar id). */
  calendarAccessible(refreshToken: string, calendarId: string): Promise<boolean>;
  /** Revokes the token at Google (already invalid counts as revoked). */
  revoke(refreshToken: string): Promise<void>;
}

/**
 * A short-lived memory of recent reads for the public availability views, so that a burst of guests on one booking
 * page does not re-read the same event, host and bookings. Never used on the booking write path.
 */
export interface RecentReads {
  /** The value loaded for `key` within the time-to-live, or a fresh load (shared by concurrent callers). */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything, e.g. after a booking was written by this process. */
  clear(): void;
}

/** What deleting an account asks of the calendars (app/accounts/accounts.ts): the host's calendar forgotten. */
export interface CalendarCleanup {
  /**
   * app/calendars/calendar-connection.ts `forgetCalendar`: the Google grant revoked at Google and the calendar's
   * lookup items removed.
   */
  forgetCalendar(hostId: string): Promise<void>;
}
