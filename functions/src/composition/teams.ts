import { systemClock } from '#functions/adapters/system/runtime';
import { teamDeparturesOver } from '#functions/composition/area-ports';
import { teamBookings } from '#functions/composition/bookings';
import { once } from '#functions/composition/core';
import {
  accountRepository,
  bookingLedger,
  eventRepository,
  hostRepository,
  teamRepository,
} from '#functions/composition/repositories';

/** Teams and the host console's event types: the caller's account, teams, members, event types. */

/** What the team routes need: the caller's account, teams, the members' profiles and calendars, event types. */
export const teamDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  teams: teamRepository(),
  hosts: hostRepository(),
  events: eventRepository(),
}));

/** What the host console's event routes need: the caller's account, host records, events, teams, the booking ledger. */
export const hostEventDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  hosts: hostRepository(),
  events: eventRepository(),
  teams: teamRepository(),
  bookings: bookingLedger(),
}));

/** Account deletion's TeamDepartures: the account leaves each of its teams, its team bookings released. */
export const teamDepartures = /* @__PURE__ */ once(() =>
  teamDeparturesOver({
    teams: teamRepository(),
    events: eventRepository(),
    clock: systemClock,
    teamBookings: teamBookings(),
  }),
);
