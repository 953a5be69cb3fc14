import { TEAM_HOST_WEIGHT_DEFAULT, type EventBody } from '#shared/api/schemas/host-events';
import { managedTeam, type EventAccess, type HostEventDeps } from '#functions/app/events/event-access';
import type {
  AccountRecord,
  EventRecord,
  SchedulingType,
  TeamEventHost,
  TeamRecord,
  TeamRole,
} from '#functions/domain/records';
import { Forbidden, ValidationFailed } from '#functions/errors';

/** Where an event belongs after a write: a team (with how it is booked and its hosts) or, null, its publisher alone. */
export type TeamTarget = {
  team: TeamRecord;
  role: TeamRole;
  schedulingType: SchedulingType;
  hosts: TeamEventHost[];
} | null;

/** The team fields of a record: the target's, or none for a personal event. */
export function teamFieldsOf(target: TeamTarget): Pick<EventRecord, 'teamId' | 'schedulingType' | 'hosts'> {
  return target ? { teamId: target.team.id, schedulingType: target.schedulingType, hosts: target.hosts } : {};
}

/** The editor's hosts as stored; each must be a member of the team (else 400 naming them). */
async function teamHostsOf(
  deps: HostEventDeps,
  team: TeamRecord,
  hosts: readonly { userId: string; fixed?: boolean | undefined; weight?: number | undefined }[],
): Promise<TeamEventHost[]> {
  const { members } = await deps.teams.members(team.id);
  const memberIds = new Set(members.map((member) => member.userId));
  const strangers = hosts.flatMap((host, index) => (memberIds.has(host.userId) ? [] : [{ ...host, index }]));
  if (strangers.length > 0) {
    const named = strangers.map((host) => host.userId).join(', ');
    throw new ValidationFailed(
      strangers.length === 1
        ? `Every host must be a member of ${team.name}: ${named} is not.`
        : `Every host must be a member of ${team.name}: ${named} are not.`,
      strangers.map((host) => ({
        path: `hosts.${host.index}.userId`,
        message: `${host.userId} is not a member of ${team.name}.`,
      })),
    );
  }
  return hosts.map((host) => ({
    userId: host.userId,
    fixed: host.fixed ?? false,
    weight: host.weight ?? TEAM_HOST_WEIGHT_DEFAULT,
  }));
}

/** A body's team (it names one: the schema made sure `schedulingType` and `hosts` come with it), checked. */
export async function namedTeam(
  deps: HostEventDeps,
  account: AccountRecord,
  body: EventBody & { teamSlug: string },
): Promise<Exclude<TeamTarget, null>> {
  const { team, role } = await managedTeam(deps, account, body.teamSlug);
  return { team, role, schedulingType: body.schedulingType!, hosts: await teamHostsOf(deps, team, body.hosts!) };
}

/**
 * Where an edited event belongs. Without `teamSlug` (the toggle, or a client that knows nothing of teams) it stays
 * where it is. `teamSlug: null` makes a team event personal again: only its publisher (`userId`, who manages it
 * already) may, since it then becomes theirs alone (403 for another admin). Naming the event's own team changes
 * how it is booked and its hosts; naming a team makes a personal event one of that team's (the caller, its owner,
 * must manage the team); moving a team event to another team is refused (400).
 */
export async function teamTarget(deps: HostEventDeps, access: EventAccess, body: EventBody | { active: boolean }) {
  const { account, event, team, role } = access;
  const current: TeamTarget =
    team && role
      ? { team, role, schedulingType: event.schedulingType ?? 'collective', hosts: event.hosts ?? [] }
      : null;
  if (!('slug' in body) || body.teamSlug === undefined) return current;
  if (body.teamSlug === null) {
    if (team && event.userId !== account.id)
      throw new Forbidden(
        'Only the account that publishes this team event can make it a personal event. Please duplicate it instead.',
      );
    return null;
  }
  if (team && body.teamSlug !== team.slug)
    throw new ValidationFailed('An event cannot move to another team. Please create it in that team instead.', [
      { path: 'teamSlug', message: 'An event cannot move to another team.' },
    ]);
  return namedTeam(deps, account, { ...body, teamSlug: body.teamSlug });
}
