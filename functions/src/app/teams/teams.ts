import type {
  CreateTeamBody,
  PublicTeam,
  TeamDetail,
  TeamMember,
  TeamRoleName,
  TeamSummary,
  UpdateTeamBody,
} from '#shared/api/schemas/teams';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import type {
  AccountRecord,
  EventRecord,
  HostRecord,
  TeamMembershipRecord,
  TeamRecord,
  TeamRole,
} from '#functions/domain/records';
import { Conflict, Forbidden, NotFound, ValidationFailed, WriteConflict } from '#functions/errors';
import type { TeamBookings } from '#functions/ports/bookings';
import type { Clock, IdGenerator, Principal } from '#functions/ports/core';
import type { EventRepository } from '#functions/ports/events';
import type { HostRepository } from '#functions/ports/hosts';
import type { TeamRepository } from '#functions/ports/teams';

/**
 * Teams (issue 28): creating one, reading it, its name and logo, members' roles, removing and leaving, and what a
 * member's going does to the team's event types. Invitations are in team-invitations.ts.
 *
 * Rules: owners and admins manage the team, its members and invitations; a member only reads and leaves; only an
 * owner makes, changes or removes an owner; a team always keeps at least one owner (checked here, and by the
 * adapter's condition on the team's owner count under races); a caller who is not a member gets 404 for the team.
 */

/** What the team routes need. */
export type TeamDeps = CallerDeps & {
  teams: TeamRepository;
  hosts: HostRepository;
  events: EventRepository;
  clock: Clock;
  ids: IdGenerator;
};
/**
 * What follows a member's going: the team's event types, and the bookings' side (their team bookings released,
 * through the TeamBookings port).
 */
export type MemberGoneDeps = {
  teams: TeamRepository;
  events: EventRepository;
  clock: Clock;
  teamBookings: TeamBookings;
};
/** Removing a member (or leaving) also releases their team bookings and takes them off the team's event types. */
export type RemoveMemberDeps = TeamDeps & MemberGoneDeps;

export const TEAM_NOT_FOUND = 'Team not found.';
export const MEMBER_NOT_FOUND = 'Member not found.';
export const TEAM_SLUG_TAKEN = 'This URL is already taken';
export const LAST_OWNER = 'A team must keep at least one owner. Make another member an owner first.';
export const OWNER_ONLY = "Only an owner can make, change or remove a team's owner.";
export const TEAM_CHANGED = 'The team was changed meanwhile. Please reload the page and try again.';
export const managersOnly = (action: string) => `Only the team's owners and admins can ${action}.`;

const ROLE_ORDER: Record<TeamRole, number> = { owner: 0, admin: 1, member: 2 };

/** Owners, then admins, then members; each by joining (longest-standing first), then by id. */
export function byRoleThenSeniority(a: TeamMembershipRecord, b: TeamMembershipRecord): number {
  return (
    ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId)
  );
}

export const isManager = (role: TeamRole) => role === 'owner' || role === 'admin';

export const toSummary = (team: TeamRecord, role: TeamRole): TeamSummary => ({
  id: team.id,
  name: team.name,
  slug: team.slug,
  logoUrl: team.logoUrl,
  role,
});

export function toMember(membership: TeamMembershipRecord, host: HostRecord): TeamMember {
  return {
    userId: membership.userId,
    name: host.name,
    email: host.email,
    role: membership.role,
    status: host.calendar?.connected ? 'active' : 'no-calendar',
    joinedAt: membership.joinedAt,
  };
}

/** The team named by `slug` and the caller's membership of it; 404 for an unknown team and for a non-member. */
export async function teamOfCaller(
  deps: TeamDeps,
  principal: Principal | null,
  slug: string,
): Promise<{ account: AccountRecord; team: TeamRecord; membership: TeamMembershipRecord }> {
  const account = await callerAccount(deps, principal);
  const team = await deps.teams.findBySlug(slug);
  const membership = team ? await deps.teams.membership(team.id, account.id) : null;
  if (!team || !membership) throw new NotFound(TEAM_NOT_FOUND);
  return { account, team, membership };
}

/** 403 unless the caller is an owner or admin of the team. */
export function assertManager(membership: TeamMembershipRecord, action: string): void {
  if (!isManager(membership.role)) throw new Forbidden(managersOnly(action));
}

/**
 * POST /api/teams. Input: name and slug (validated). Primary course: the team, its slug claim and the caller as its
 * owner are written in one transaction. A slug another team has: 409, nothing written.
 */
export async function createTeam(
  deps: TeamDeps,
  principal: Principal | null,
  body: CreateTeamBody,
): Promise<{ id: string; name: string; slug: string }> {
  const account = await callerAccount(deps, principal);
  const now = deps.clock.now().toISOString();
  const team: TeamRecord = {
    id: deps.ids.next(),
    name: body.name,
    slug: body.slug,
    logoUrl: null,
    createdAt: now,
    createdBy: account.id,
  };
  const result = await deps.teams.create(team, { teamId: team.id, userId: account.id, role: 'owner', joinedAt: now });
  if (result === 'slugTaken') throw new Conflict(TEAM_SLUG_TAKEN);
  return { id: team.id, name: team.name, slug: team.slug };
}

/** GET /api/teams: the caller's memberships (one Query) and their teams (one BatchGetItem), by name. */
export async function listTeams(deps: TeamDeps, principal: Principal | null): Promise<TeamSummary[]> {
  const account = await callerAccount(deps, principal);
  const memberships = await deps.teams.teamsOf(account.id);
  const teams = await deps.teams.getMany(memberships.map((membership) => membership.teamId));
  return memberships
    .flatMap((membership) => {
      const team = teams.get(membership.teamId);
      return team ? [toSummary(team, membership.role)] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
}

/**
 * GET /api/teams/{slug} (members only, else 404). Reads the team's partition (members and invitations), the members'
 * profiles and calendars (one BatchGetItem) and the team's event types. Invitations are shown to owners and admins.
 */
export async function getTeam(deps: TeamDeps, principal: Principal | null, slug: string): Promise<TeamDetail> {
  const { team, membership } = await teamOfCaller(deps, principal, slug);
  const [{ members, invitations }, events] = await Promise.all([
    deps.teams.members(team.id),
    deps.events.listByTeam(team.id),
  ]);
  const hosts = await deps.hosts.getMany(members.map((member) => member.userId));
  const now = deps.clock.now().getTime();
  return {
    ...toSummary(team, membership.role),
    members: [...members].sort(byRoleThenSeniority).flatMap((member) => {
      const host = hosts.get(member.userId);
      return host ? [toMember(member, host)] : [];
    }),
    invitations: isManager(membership.role)
      ? [...invitations]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((invitation) => ({
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            createdAt: invitation.createdAt,
            expiresAt: invitation.expiresAt,
            expired: Date.parse(invitation.expiresAt) <= now,
          }))
      : [],
    events: events.map((event) => ({
      id: event.id,
      title: event.title,
      slug: event.slug,
      duration: event.duration,
      active: event.active,
      schedulingType: event.schedulingType ?? null,
      hosts: (event.hosts ?? []).map((host) => ({ userId: host.userId, fixed: host.fixed, weight: host.weight })),
    })),
  };
}

/**
 * PATCH /api/teams/{slug} (owners and admins; a member gets 403, a non-member 404). A new logo must be the caller's
 * own upload (POST /api/uploads/event-image), else 400; null removes it. The slug never changes.
 */
export async function updateTeam(
  deps: TeamDeps,
  principal: Principal | null,
  slug: string,
  body: UpdateTeamBody,
): Promise<TeamSummary> {
  const { account, team, membership } = await teamOfCaller(deps, principal, slug);
  assertManager(membership, 'change the team');
  const logoUrl = body.logoUrl === undefined ? team.logoUrl : body.logoUrl;
  if (logoUrl && logoUrl !== team.logoUrl && !logoUrl.startsWith(`/photos/${account.id}/`)) {
    throw new ValidationFailed('Images must be uploaded first.', [
      { path: 'logoUrl', message: 'Images must be uploaded first.' },
    ]);
  }
  const updated: TeamRecord = { ...team, name: body.name ?? team.name, logoUrl };
  try {
    await deps.teams.update(updated);
  } catch (error) {
    if (error instanceof WriteConflict) throw new NotFound(TEAM_NOT_FOUND);
    throw error;
  }
  return toSummary(updated, membership.role);
}

/**
 * GET /api/teams/{slug}/public (anyone): the team's name, slug and logo, and its active event types, oldest first,
 * each with its hosts' names and photos (one BatchGetItem for every host). An unknown team is 404.
 */
export async function getPublicTeam(
  deps: { teams: TeamRepository; events: EventRepository; hosts: HostRepository },
  slug: string,
): Promise<PublicTeam> {
  const team = await deps.teams.findBySlug(slug);
  if (!team) throw new NotFound(TEAM_NOT_FOUND);
  const events = (await deps.events.listByTeam(team.id)).filter((event) => event.active);
  const hostIds = [...new Set(events.flatMap((event) => (event.hosts ?? []).map((host) => host.userId)))];
  const hosts = hostIds.length > 0 ? await deps.hosts.getMany(hostIds) : new Map<string, HostRecord>();
  return {
    name: team.name,
    slug: team.slug,
    logoUrl: team.logoUrl,
    events: events.map((event) => ({
      title: event.title,
      slug: event.slug,
      description: event.description,
      duration: event.duration,
      schedulingType: event.schedulingType ?? null,
      hosts: (event.hosts ?? []).flatMap((host) => {
        const found = hosts.get(host.userId);
        return found ? [{ name: found.name, photoUrl: found.photoUrl }] : [];
      }),
    })),
  };
}

/** The team's owners, oldest first. */
const ownersOf = (members: TeamMembershipRecord[]) =>
  members.filter((member) => member.role === 'owner').sort(byRoleThenSeniority);

/**
 * PATCH /api/teams/{slug}/members/{userId}. Input: the new role. Primary course: an owner or admin changes a
 * member's role (both items and the team's owner count in one transaction). Only an owner makes, changes or demotes
 * an owner (403); demoting the last owner is 409 and changes nothing; an unknown member is 404.
 */
export async function updateMemberRole(
  deps: TeamDeps,
  principal: Principal | null,
  slug: string,
  userId: string,
  role: TeamRoleName,
): Promise<TeamMember> {
  const { team, membership } = await teamOfCaller(deps, principal, slug);
  assertManager(membership, 'change roles');
  const target = await deps.teams.membership(team.id, userId);
  if (!target) throw new NotFound(MEMBER_NOT_FOUND);
  if ((role === 'owner' || target.role === 'owner') && membership.role !== 'owner') throw new Forbidden(OWNER_ONLY);
  const host = await deps.hosts.get(userId);
  if (!host) throw new NotFound(MEMBER_NOT_FOUND);
  if (target.role === role) return toMember(target, host);
  const { members } = await deps.teams.members(team.id);
  if (target.role === 'owner' && ownersOf(members).length <= 1) throw new Conflict(LAST_OWNER);
  const changed: TeamMembershipRecord = { ...target, role };
  try {
    await deps.teams.putMember(changed, { previousRole: target.role });
  } catch (error) {
    if (error instanceof WriteConflict) throw new Conflict(TEAM_CHANGED);
    throw error;
  }
  return toMember(changed, host);
}

/**
 * DELETE /api/teams/{slug}/members/{userId}: an owner or admin removes a member, or anyone leaves (their own id).
 * Only an owner removes another owner (403); the last owner can neither be removed nor leave (409). After the
 * membership is gone (both items, one transaction), the member is taken off the team's event types and their future
 * team bookings are released (see memberGone).
 */
export async function removeMember(
  deps: RemoveMemberDeps,
  principal: Principal | null,
  slug: string,
  userId: string,
): Promise<{ message: string }> {
  const { account, team, membership } = await teamOfCaller(deps, principal, slug);
  const leaving = userId === account.id;
  if (!leaving) assertManager(membership, 'remove members');
  const target = leaving ? membership : await deps.teams.membership(team.id, userId);
  if (!target) throw new NotFound(MEMBER_NOT_FOUND);
  if (!leaving && target.role === 'owner' && membership.role !== 'owner') throw new Forbidden(OWNER_ONLY);
  const { members } = await deps.teams.members(team.id);
  if (target.role === 'owner' && ownersOf(members).length <= 1) throw new Conflict(LAST_OWNER);
  try {
    await deps.teams.removeMember(team.id, userId);
  } catch (error) {
    if (error instanceof WriteConflict) throw new Conflict(TEAM_CHANGED);
    throw error;
  }
  await memberGone(deps, team, userId);
  return { message: leaving ? `You left ${team.name}.` : 'The member was removed from the team.' };
}

/**
 * What follows a member's going (removed, left, or their account being deleted), the membership already gone:
 * 1. each of the team's event types drops them from its hosts (one left with no host is deactivated), and one they
 *    published (`userId`) moves to the longest-standing owner;
 * 2. their future team bookings are released (team-bookings.ts: kept, or reassigned with the guest told; when their
 *    account is being deleted, those with other hosts go on without them).
 */
export async function memberGone(
  deps: MemberGoneDeps,
  team: TeamRecord,
  userId: string,
  options: { accountDeleted?: boolean } = {},
): Promise<void> {
  const { members } = await deps.teams.members(team.id);
  const owner = ownersOf(members.filter((member) => member.userId !== userId))[0];
  for (const listed of await deps.events.listByTeam(team.id)) {
    await updateEventOf(deps, listed, (event) => detachFrom(event, userId, owner?.userId ?? null));
  }
  await deps.teamBookings.releaseMember({ teamId: team.id, userId, now: deps.clock.now(), ...options });
}

/** The event without `userId` among its hosts and, if they published it, published by `owner`; null: unchanged. */
function detachFrom(event: EventRecord, userId: string, owner: string | null): EventRecord | null {
  const hosts = event.hosts ?? [];
  const keptHosts = hosts.filter((host) => host.userId !== userId);
  const moves = event.userId === userId && owner !== null;
  if (keptHosts.length === hosts.length && !moves) return null;
  return {
    ...event,
    hosts: keptHosts,
    ...(moves ? { userId: owner } : {}),
    ...(hosts.length > 0 && keptHosts.length === 0 ? { active: false } : {}),
  };
}

/** Applies `change` to an event type, reading it again and retrying when it changed meanwhile (a few times). */
async function updateEventOf(
  deps: { events: EventRepository; clock: Clock },
  listed: EventRecord,
  change: (event: EventRecord) => EventRecord | null,
): Promise<void> {
  let event: EventRecord | null = listed;
  for (let attempt = 0; event && attempt < 4; attempt++) {
    const changed = change(event);
    if (!changed) return;
    const saved = await deps.events.update({ ...changed, updatedAt: deps.clock.now().toISOString() }, event.slug);
    if (saved) return;
    event = (await deps.events.findById(event.id))?.event ?? null;
  }
  if (event) throw new Conflict(TEAM_CHANGED);
}

/**
 * Before an account is deleted: each of its teams loses it. The sole owner's team gets a new owner first (the
 * longest-standing admin, else member); a team left with nobody is deleted with its slug claim, its event types
 * deactivated. Otherwise as a member's leaving (memberGone).
 */
export async function leaveAllTeams(deps: MemberGoneDeps, userId: string): Promise<void> {
  for (const membership of await deps.teams.teamsOf(userId)) {
    const team = await deps.teams.get(membership.teamId);
    if (!team) continue;
    const { members } = await deps.teams.members(team.id);
    const others = members.filter((member) => member.userId !== userId).sort(byRoleThenSeniority);
    if (others.length === 0) {
      await deps.teamBookings.releaseMember({ teamId: team.id, userId, now: deps.clock.now() });
      for (const listed of await deps.events.listByTeam(team.id)) {
        await updateEventOf(deps, listed, (event) => (event.active ? { ...event, active: false } : null));
      }
      await deps.teams.delete(team);
      continue;
    }
    const current = members.find((member) => member.userId === userId) ?? membership;
    if (current.role === 'owner' && !others.some((member) => member.role === 'owner')) {
      // byRoleThenSeniority puts the longest-standing admin first, else the longest-standing member.
      const heir = others[0]!;
      await deps.teams.putMember({ ...heir, role: 'owner' }, { previousRole: heir.role });
    }
    await deps.teams.removeMember(team.id, userId);
    await memberGone(deps, team, userId, { accountDeleted: true });
  }
}
