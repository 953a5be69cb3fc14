import type { PlanRecord } from '#functions/domain/billing';
import type { CalendarConnection, CalendarSettings, HostRecord } from '#functions/domain/records';
import type { TeamContext } from '#functions/ports/teams';

/** Hosts: their public profile, plan, calendars and the days their bookings lock. */

export interface HostRepository {
  /** Profile and calendar connection (one query), or null. */
  get(hostId: string): Promise<HostRecord | null>;
  /**
   * Several hosts with their calendar connections and switches, without plans (one BatchGetItem of their PROFILE and
   * CALENDAR items); a host that is gone is left out. Team events read their members with it.
   */
  getMany(hostIds: readonly string[]): Promise<Map<string, HostRecord>>;
  /** The names of these hosts (BatchGetItem of their profiles); a host that is gone is left out. */
  namesOf(hostIds: readonly string[]): Promise<Map<string, string>>;
  /**
   * What a team event's availability and booking read besides the event, its publisher and the members' bookings, in
   * ONE BatchGetItem (unprocessed keys asked again): the admin's settings, the team, the hosts (as getMany), and for a
   * booking the round-robin counters of the pool for a month and the Idempotency-Key's stored answer (consistent).
   */
  teamContext(input: {
    teamId: string;
    hostIds: readonly string[];
    counters?: { eventId: number; month: string; userIds: readonly string[] };
    idempotencyKey?: string;
    consistent?: boolean;
  }): Promise<TeamContext>;
  /** Writes the profile unless one exists; answers whether it wrote. */
  createIfAbsent(host: Omit<HostRecord, 'calendar' | 'calendarSettings'>): Promise<boolean>;
  /**
   * Replaces the calendar connection (the switches stay), unless it changed since `previous` was read (then
   * WriteConflict, nothing written). Keeps the list of Google-connected hosts for the scheduled sync, and the feed
   * token's lookup item, in step, in the same transaction.
   */
  setCalendar(hostId: string, connection: CalendarConnection, previous: CalendarConnection | null): Promise<void>;
  /**
   * Google refused the host's refresh token (revoked or expired): the connection is marked disconnected, unless it
   * was replaced meanwhile (another sealed token). Answers whether it changed anything.
   */
  markCalendarDisconnected(hostId: string, sealedRefreshToken: string): Promise<boolean>;
  /** Removes the calendar connection with its lookup items (the switches stay). */
  removeCalendar(hostId: string, previous: CalendarConnection | null): Promise<void>;
  saveCalendarSettings(hostId: string, settings: CalendarSettings): Promise<void>;
  /** Records a finished sync. */
  recordSync(hostId: string, at: string): Promise<void>;
  /**
   * Claims the next sync of a host for this caller unless one was claimed after `notBefore` (so the booking pages of
   * many guests do not each sync the same calendar). Answers whether the claim succeeded.
   */
  claimSync(hostId: string, at: string, notBefore: string): Promise<boolean>;
  /** Every host with a Google calendar connected (the scheduled sync's work list). */
  listGoogleConnectedHosts(): Promise<string[]>;
  /** The host whose private ICS feed has this token hash, or null. */
  findFeedOwner(tokenHash: string): Promise<string | null>;
  /** Writes one of the host's plans as is (the demo seed, tests); billing writes through BillingStore. */
  setPlan(hostId: string, plan: PlanRecord): Promise<void>;
}
