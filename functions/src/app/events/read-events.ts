import type { HostEvent } from '#shared/api/schemas/host-events';
import { callerAccount } from '#functions/app/common/caller';
import { eventAccess, type HostEventDeps } from '#functions/app/events/event-access';
import { toHostEvent, viewOf } from '#functions/app/events/host-event-view';
import type { HostRecord } from '#functions/domain/records';
import type { Principal } from '#functions/ports/core';

/**
 * GET /api/events: the caller's event types and those of every team they belong to (marked with the team and the
 * caller's role there), newest first.
 * 1. The caller's personal event types (their index) and their memberships (one Query each, in parallel).
 * 2. The teams (one BatchGetItem) and each team's event types (one Query per team), in parallel.
 * 3. The team events' hosts' names and photos (one BatchGetItem).
 */
export async function listEvents(deps: HostEventDeps, principal: Principal | null): Promise<HostEvent[]> {
  const account = await callerAccount(deps, principal);
  const [personal, memberships] = await Promise.all([
    deps.events.listByHost(account.id),
    deps.teams.teamsOf(account.id),
  ]);
  const [teams, teamEvents] = await Promise.all([
    memberships.length > 0 ? deps.teams.getMany(memberships.map((membership) => membership.teamId)) : new Map(),
    Promise.all(memberships.map((membership) => deps.events.listByTeam(membership.teamId))),
  ]);
  const hostIds = teamEvents.flat().flatMap((event) => (event.hosts ?? []).map((host) => host.userId));
  const hosts = hostIds.length > 0 ? await deps.hosts.getMany(hostIds) : new Map<string, HostRecord>();
  const views = [
    ...personal.map((event) => toHostEvent(event, account)),
    ...memberships.flatMap((membership, index) => {
      const team = teams.get(membership.teamId);
      if (!team) return [];
      return teamEvents[index]!.map((event) => toHostEvent(event, account, { team, role: membership.role, hosts }));
    }),
  ];
  return views.sort((a, b) => b.id - a.id);
}

/** GET /api/events/{id or slug}, GET /api/events/slug/{slug}: any member of a team event's team may read it. */
export async function getEvent(deps: HostEventDeps, principal: Principal | null, ref: string): Promise<HostEvent> {
  const { account, event, team, role } = await eventAccess(deps, principal, ref, 'read');
  return viewOf(deps, account, event, team && role ? { team, role } : null);
}
