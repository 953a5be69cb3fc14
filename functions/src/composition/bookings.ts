import { dynamoBookingWrites } from '#functions/adapters/dynamodb/bookings/ledger';
import { memoryRecentReads } from '#functions/adapters/memory/recent-reads';
import { hmacManageTokens } from '#functions/adapters/sessions/manage-tokens';
import { sessionKeys } from '#functions/adapters/sessions/session-key';
import { systemClock } from '#functions/adapters/system/runtime';
import { bookingCancellationsOver, teamBookingsOver } from '#functions/composition/area-ports';
import { calendarProviders } from '#functions/composition/calendars';
import { config, documentClient, logger, once } from '#functions/composition/core';
import {
  accountRepository,
  bookingLedger,
  eventRepository,
  hostRepository,
  teamRepository,
} from '#functions/composition/repositories';
import type { Config } from '#functions/config';

/** Bookings: availability, the booking write, one booking's routes, the manage links, and the bookings' ports. */

/**
 * How long the public availability views may reuse what they read (bypassed by forceRefresh=true, cleared by a
 * booking written in the same process). Bookings themselves are always checked against fresh reads.
 */
export const RECENT_READS = { ttlMs: 5_000, maxEntries: 500 } as const;

export const recentReads = /* @__PURE__ */ once(() => memoryRecentReads(RECENT_READS));

/** What the availability and booking routes read: events, hosts, the booking ledger, calendars, recent reads. */
export const availabilityDeps = /* @__PURE__ */ once(() => ({
  events: eventRepository(),
  hosts: hostRepository(),
  bookings: bookingLedger(),
  calendars: calendarProviders(),
  recentReads: recentReads(),
}));

/**
 * What the booking route needs: availability's reads, with only the booking write's part of the ledger (its reads,
 * its transaction, the calendar mark), so that its function carries none of the lists' or the changes' code.
 */
export const bookingWriteDeps = /* @__PURE__ */ once(() => ({
  events: eventRepository(),
  hosts: hostRepository(),
  bookings: dynamoBookingWrites(documentClient(), config().tableName),
  calendars: calendarProviders(),
  recentReads: recentReads(),
}));

/** What the routes acting on one booking need (its host's console, the guest's links): the booking and its people. */
export const bookingDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  bookings: bookingLedger(),
  hosts: hostRepository(),
  events: eventRepository(),
}));

/** The secret of bookings' manage links, derived with the session key every function already holds. */
export const manageTokens = /* @__PURE__ */ once(() => manageTokensFor(config()));

/** Guest links: derived with the current session key; the previous one's still accepted during a rotation. */
export const manageTokensFor = (configuration: Config) => {
  const keys = sessionKeys(configuration);
  return hmacManageTokens(keys.current, keys.previous);
};

/** The teams' TeamBookings: a member's future team bookings released (kept, or reassigned). */
export const teamBookings = /* @__PURE__ */ once(() =>
  teamBookingsOver({
    teams: teamRepository(),
    events: eventRepository(),
    hosts: hostRepository(),
    bookings: bookingLedger(),
    clock: systemClock,
    logger: logger(),
    calendars: calendarProviders(),
  }),
);

/** The events' BookingCancellations: an event type's bookings cancelled, their calendar events removed after. */
export const bookingCancellations = /* @__PURE__ */ once(() =>
  bookingCancellationsOver({ bookings: bookingLedger(), calendars: calendarProviders(), logger: logger() }),
);
