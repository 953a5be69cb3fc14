import type { InviteBody, MyInvitation, TeamInvitation, TeamSummary } from '#shared/api/schemas/teams';
import { DAY_MS } from '#shared/time';
import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import { callerAccount } from '#functions/app/common/caller';
import {
  assertManager,
  TEAM_CHANGED,
  TEAM_NOT_FOUND,
  teamOfCaller,
  toSummary,
  type TeamDeps,
} from '#functions/app/teams/teams';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import type { TeamInvitationRecord } from '#functions/domain/records';
import { Conflict, Forbidden, Gone, NotFound, WriteConflict } from '#functions/errors';
import type { Principal } from '#functions/ports/core';

/**
 * Team invitations (issue 28): an owner or admin invites an e-mail address as admin or member; the invitation is
 * valid 7 days; only a signed-in account whose verified address is the invited one accepts it; an owner or admin
 * revokes it. The mail goes out from the table's stream (team-invitation-mail.ts), never from the request.
 */

export const INVITATION_DAYS = 7;
export const INVITATION_NOT_FOUND = 'Invitation not found.';
export const ALREADY_MEMBER = 'This person is already a member of the team.';
export const NOT_YOUR_INVITATION =
  'This invitation is for another e-mail address. Sign in with the invited address, or verify it.';
export const INVITATION_EXPIRED = "This invitation has expired. Ask the team's owner or an admin to invite you again.";

const isExpired = (invitation: TeamInvitationRecord, now: Date) => Date.parse(invitation.expiresAt) <= now.getTime();

const toInvitation = (invitation: TeamInvitationRecord, now: Date): TeamInvitation => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  createdAt: invitation.createdAt,
  expiresAt: invitation.expiresAt,
  expired: isExpired(invitation, now),
});

/**
 * POST /api/teams/{slug}/invitations. Input: e-mail and role (admin or member; validated). Primary course: an owner
 * or admin (a member: 403; a non-member: 404) invites the address (stored lower case) for 7 days. The address of an
 * account that is a member already: 409. A pending invitation of the same address to this team is replaced (a new id
 * and 7 days; the new one is mailed): inviting again is how an invitation is sent again.
 */
export async function inviteMember(
  deps: TeamDeps & RateLimitDeps,
  principal: Principal | null,
  slug: string,
  body: InviteBody,
): Promise<TeamInvitation> {
  const { account, team, membership } = await teamOfCaller(deps, principal, slug);
  assertManager(membership, 'invite members');
  const email = body.email.toLowerCase();
  // Each invitation mails its address: counted per inviting account and per address (429 with Retry-After).
  await enforceLimits(deps, [
    { rule: ABUSE_LIMITS.invitationsPerAccount, subject: account.id },
    { rule: ABUSE_LIMITS.invitationsPerEmail, subject: email },
  ]);
  const invitee = await deps.accounts.findByEmail(email);
  const { members, invitations } = await deps.teams.members(team.id);
  if (invitee && members.some((member) => member.userId === invitee.id)) throw new Conflict(ALREADY_MEMBER);
  const now = deps.clock.now();
  const invitation: TeamInvitationRecord = {
    id: deps.ids.next(),
    teamId: team.id,
    email,
    role: body.role,
    invitedBy: account.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
  };
  try {
    await deps.teams.createInvitation(invitation);
  } catch (error) {
    if (error instanceof WriteConflict) throw new NotFound(TEAM_NOT_FOUND);
    throw error;
  }
  for (const replaced of invitations.filter((pending) => pending.email === email)) {
    await deps.teams.deleteInvitation(replaced);
  }
  return toInvitation(invitation, now);
}

/**
 * GET /api/teams/invitations: the pending (unexpired) invitations to the caller's address, newest first, with their
 * teams (one BatchGetItem) and who invited (one BatchGetItem). An address not verified yet is shown none: whoever
 * typed it has not proven it is theirs.
 */
export async function listMyInvitations(deps: TeamDeps, principal: Principal | null): Promise<MyInvitation[]> {
  const account = await callerAccount(deps, principal);
  if (!account.emailVerified) return [];
  const now = deps.clock.now();
  const pending = (await deps.teams.invitationsFor(account.email)).filter((invitation) => !isExpired(invitation, now));
  if (pending.length === 0) return [];
  const [teams, inviters] = await Promise.all([
    deps.teams.getMany(pending.map((invitation) => invitation.teamId)),
    deps.hosts.namesOf(pending.map((invitation) => invitation.invitedBy)),
  ]);
  return pending.flatMap((invitation) => {
    const team = teams.get(invitation.teamId);
    if (!team) return [];
    return [
      {
        id: invitation.id,
        role: invitation.role,
        team: { name: team.name, slug: team.slug, logoUrl: team.logoUrl },
        invitedBy: inviters.get(invitation.invitedBy) ?? 'A former member',
        createdAt: invitation.createdAt,
        expiresAt: invitation.expiresAt,
      },
    ];
  });
}

/**
 * POST /api/teams/invitations/{id}/accept. Primary course: the caller's account has the invited address, verified
 * (else 403, whatever the invitation's state: its address and its team are not told); the invitation has not
 * expired (else 410); the membership with the invited role is written and the invitation deleted in one
 * transaction. Already a member: the invitation is deleted and the membership stays as it is. Unknown: 404.
 */
export async function acceptInvitation(deps: TeamDeps, principal: Principal | null, id: string): Promise<TeamSummary> {
  const account = await callerAccount(deps, principal);
  const invitation = await deps.teams.getInvitation(id);
  if (!invitation) throw new NotFound(INVITATION_NOT_FOUND);
  if (!account.emailVerified || account.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw new Forbidden(NOT_YOUR_INVITATION);
  }
  const now = deps.clock.now();
  if (isExpired(invitation, now)) throw new Gone(INVITATION_EXPIRED);
  const team = await deps.teams.get(invitation.teamId);
  if (!team) throw new NotFound(INVITATION_NOT_FOUND);
  const existing = await deps.teams.membership(team.id, account.id);
  if (existing) {
    await deps.teams.deleteInvitation(invitation);
    return toSummary(team, existing.role);
  }
  try {
    await deps.teams.putMember(
      { teamId: team.id, userId: account.id, role: invitation.role, joinedAt: now.toISOString() },
      { invitationId: invitation.id },
    );
  } catch (error) {
    if (!(error instanceof WriteConflict)) throw error;
    // Revoked, accepted by a concurrent call, or the team deleted meanwhile.
    if (!(await deps.teams.getInvitation(id))) throw new NotFound(INVITATION_NOT_FOUND);
    throw new Conflict(TEAM_CHANGED);
  }
  return toSummary(team, invitation.role);
}

/** DELETE /api/teams/{slug}/invitations/{id}: an owner or admin revokes a pending invitation of the team (else 404). */
export async function revokeInvitation(
  deps: TeamDeps,
  principal: Principal | null,
  slug: string,
  id: string,
): Promise<{ message: string }> {
  const { team, membership } = await teamOfCaller(deps, principal, slug);
  assertManager(membership, 'revoke invitations');
  const invitation = await deps.teams.getInvitation(id);
  if (!invitation || invitation.teamId !== team.id) throw new NotFound(INVITATION_NOT_FOUND);
  await deps.teams.deleteInvitation(invitation);
  return { message: 'The invitation was revoked.' };
}
