import type { Settings } from '#shared/api/schemas/settings';
import type { PublicTeam } from '#shared/api/schemas/teams';
import type {
  HostRecord,
  TeamInvitationRecord,
  TeamMembershipRecord,
  TeamRecord,
  TeamRole,
} from '#functions/domain/records';
import type { PoolCount } from '#functions/domain/team-assignment';
import type { IdempotencyRecord } from '#functions/ports/bookings';

/** Teams: teams, memberships, invitations and a team event's context. */

/**
 * Teams, their members and invitations (issue 28; layout in adapters/dynamodb/README.md). Every membership change is
 * one transaction of the team's member item and its mirror under the member.
 */
export interface TeamRepository {
  /** Writes the team, its slug claim and its creator as owner in one transaction; 'slugTaken' writes nothing. */
  create(team: TeamRecord, owner: TeamMembershipRecord): Promise<'created' | 'slugTaken'>;
  get(teamId: string): Promise<TeamRecord | null>;
  findBySlug(slug: string): Promise<TeamRecord | null>;
  /** Several teams by id (BatchGetItem); a team that is gone is left out. */
  getMany(teamIds: readonly string[]): Promise<Map<string, TeamRecord>>;
  /** Changes name or logo (the slug stays). */
  update(team: TeamRecord): Promise<void>;
  /** The team's members and pending invitations (one Query of its partition). */
  members(teamId: string): Promise<{ members: TeamMembershipRecord[]; invitations: TeamInvitationRecord[] }>;
  /** The caller's memberships (one Query of the mirrors under the user). */
  teamsOf(userId: string): Promise<TeamMembershipRecord[]>;
  membership(teamId: string, userId: string): Promise<TeamMembershipRecord | null>;
  /** Adds or changes a member (both items, one transaction); with `invitationId`, deletes that invitation too. */
  putMember(member: TeamMembershipRecord, options?: { invitationId?: string; previousRole?: TeamRole }): Promise<void>;
  /** Removes a member (both items, one transaction). */
  removeMember(teamId: string, userId: string): Promise<void>;
  createInvitation(invitation: TeamInvitationRecord): Promise<void>;
  /** An invitation by its id alone (the accept route names only the id). */
  getInvitation(id: string): Promise<TeamInvitationRecord | null>;
  /** Pending invitations sent to this address (any case), newest first. */
  invitationsFor(email: string): Promise<TeamInvitationRecord[]>;
  deleteInvitation(invitation: TeamInvitationRecord): Promise<void>;
  /** Deletes the team with everything in its partition (members, their mirrors, invitations) and its slug claim. */
  delete(team: TeamRecord): Promise<void>;
}

/** A team event's context (HostRepository.teamContext). */
export interface TeamContext {
  settings: Partial<Settings> | null;
  team: TeamRecord | null;
  hosts: Map<string, HostRecord>;
  /** Round-robin counters by member (absent: no booking this month). */
  counts: Map<string, PoolCount>;
  idempotency: IdempotencyRecord | null;
}

/** What the booking page publisher asks of the teams (app/booking/booking-pages.ts): a team's public page. */
export interface TeamDirectory {
  /** The team's public view (app/teams/teams.ts `getPublicTeam`); NotFound for an unknown team. */
  publicTeam(slug: string): Promise<PublicTeam>;
}

/** What deleting an account asks of the teams (app/accounts/accounts.ts): the account leaves each of its teams. */
export interface TeamDepartures {
  /** app/teams/teams.ts `leaveAllTeams`: a sole owner's team gets an heir; a team left with nobody is deleted. */
  leaveAllTeams(userId: string): Promise<void>;
}
