import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import type { Config } from '#functions/config';
import type { AccountRecord, DateOverrideRecord, EventRecord, TeamRecord, TeamRole } from '#functions/domain/records';
import { Forbidden, NotFound } from '#functions/errors';
import type { BookingLedger } from '#functions/ports/bookings';
import type { Clock, Principal } from '#functions/ports/core';
import type { EventRepository } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { TeamRepository } from '#functions/ports/teams';

/**
 * The host's event types (issue 6; the event routes in docs/api.md) and
 * the team event types of the caller's teams (issue 28). A personal event is its host's alone: another host's event
 * is 404 and nothing changes. A team event type is seen by every member of its team and changed only by its owners
 * and admins (a member's change is 403); for anyone else it does not exist (404).
 */

/** What the host's event routes need: the caller's account, host records, events, teams, the booking ledger. */
export type HostEventDeps = CallerDeps & {
  hosts: HostRepository;
  events: EventRepository;
  teams: TeamRepository;
  bookings: BookingLedger;
  clock: Clock;
  config: Config;
};

export const NOT_FOUND = 'Event not found.';
const TEAM_NOT_FOUND = 'Team not found.';
const MANAGERS_ONLY = "Only the team's owners and admins can create or change its event types.";

/** `{eventRef}`: digits are an id, anything else a slug. */
async function eventIdOf(deps: HostEventDeps, ref: string): Promise<number | null> {
  return /^\d+$/.test(ref) ? Number(ref) : deps.events.findIdBySlug(ref);
}

/** An event as the caller may see it: with their account, its team and their role there (null for a personal one). */
export interface EventAccess {
  account: AccountRecord;
  event: EventRecord;
  overrides: DateOverrideRecord[];
  team: TeamRecord | null;
  role: TeamRole | null;
}

/**
 * The caller's account and an event they may see (`read`) or change (`manage`), with its overrides: their own
 * personal event, or a team event type of a team they belong to (changing it needs owner or admin: else 403).
 * Anything else is 404.
 */
export async function eventAccess(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string | number,
  need: 'read' | 'manage',
): Promise<EventAccess> {
  const account = await callerAccount(deps, principal);
  const id = typeof ref === 'number' ? ref : await eventIdOf(deps, ref);
  const found = id === null ? null : await deps.events.findById(id);
  if (!found) throw new NotFound(NOT_FOUND);
  const { teamId } = found.event;
  if (!teamId) {
    if (found.event.userId !== account.id) throw new NotFound(NOT_FOUND);
    return { account, ...found, team: null, role: null };
  }
  const [membership, team] = await Promise.all([deps.teams.membership(teamId, account.id), deps.teams.get(teamId)]);
  if (!membership || !team) throw new NotFound(NOT_FOUND);
  if (need === 'manage' && membership.role === 'member') throw new Forbidden(MANAGERS_ONLY);
  return { account, ...found, team, role: membership.role };
}

/** The caller's account and an event they may change with its overrides (see eventAccess). */
export const ownedEvent = (deps: HostEventDeps, principal: Principal | null, ref: string | number) =>
  eventAccess(deps, principal, ref, 'manage');

/** A team the caller manages (owner or admin), by slug: 404 when unknown or not theirs, 403 for a member. */
export async function managedTeam(
  deps: HostEventDeps,
  account: AccountRecord,
  slug: string,
): Promise<{ team: TeamRecord; role: TeamRole }> {
  const team = await deps.teams.findBySlug(slug);
  const membership = team ? await deps.teams.membership(team.id, account.id) : null;
  if (!team || !membership) throw new NotFound(TEAM_NOT_FOUND);
  if (membership.role === 'member') throw new Forbidden(MANAGERS_ONLY);
  return { team, role: membership.role };
}
