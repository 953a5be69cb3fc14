import { TEAM_HOST_WEIGHT_DEFAULT, type EventBody, type HostEvent } from '#shared/api/schemas/host-events';

/**
 * The event editor's team part (issue 28): the team an event belongs to, how it is booked (collective: every chosen
 * host attends; round-robin: one of them, chosen among those free) and its hosts, each with `fixed` (round-robin:
 * always attends) and a `weight` (a relative share of round-robin bookings, default 100), typed as text.
 */

export type SchedulingType = NonNullable<EventBody['schedulingType']>;

export interface HostChoice {
  userId: string;
  fixed: boolean;
  /** As typed; read on submit. */
  weight: string;
}

export interface TeamChoice {
  teamSlug: string;
  schedulingType: SchedulingType;
  /** null until the team's members are known: then every member is a host. */
  hosts: HostChoice[] | null;
}

export const SCHEDULING_TYPES: readonly { value: SchedulingType; label: string; explanation: string }[] = [
  {
    value: 'round-robin',
    label: 'Round-robin',
    explanation: 'One host attends: the one free at the time with the fewest bookings this month.',
  },
  {
    value: 'collective',
    label: 'Collective',
    explanation: 'Every host attends: a time is offered only when all of them are free.',
  },
];

/** The editor's team part: the event's own when it is a team event, else a new one for `?team={slug}`, else none. */
export function initialTeamChoice(
  event: Pick<HostEvent, 'teamSlug' | 'schedulingType' | 'hosts'> | null,
  teamParam: string | null,
): TeamChoice | null {
  if (event?.teamSlug) {
    return {
      teamSlug: event.teamSlug,
      schedulingType: event.schedulingType ?? 'round-robin',
      hosts: (event.hosts ?? []).map((host) => ({
        userId: host.userId,
        fixed: host.fixed,
        weight: String(host.weight),
      })),
    };
  }
  if (event || !teamParam) return null;
  return { teamSlug: teamParam.toLowerCase(), schedulingType: 'round-robin', hosts: null };
}

/** Every member, not fixed, of weight 100: a new team event's hosts once the members are known. */
export const everyMember = (members: readonly { userId: string }[]): HostChoice[] =>
  members.map((member) => ({ userId: member.userId, fixed: false, weight: String(TEAM_HOST_WEIGHT_DEFAULT) }));

/** A member checked (added at the end, in the members' order of choice) or unchecked. */
export function toggleHost(hosts: readonly HostChoice[], userId: string, on: boolean): HostChoice[] {
  const without = hosts.filter((host) => host.userId !== userId);
  return on ? [...without, { userId, fixed: false, weight: String(TEAM_HOST_WEIGHT_DEFAULT) }] : without;
}

/** One host's fixed switch or weight changed. */
export const changeHost = (
  hosts: readonly HostChoice[],
  userId: string,
  change: Partial<Pick<HostChoice, 'fixed' | 'weight'>>,
): HostChoice[] => hosts.map((host) => (host.userId === userId ? { ...host, ...change } : host));

/**
 * The body's team fields: a collective event sends no fixed host (every host attends anyway); a blank weight is the
 * default, anything else is sent as typed for the shared schema to judge. No team: nothing (a personal event).
 */
export function teamBodyFields(
  choice: TeamChoice | null,
): Pick<EventBody, 'teamSlug' | 'schedulingType' | 'hosts'> | Record<string, never> {
  if (!choice) return {};
  const roundRobin = choice.schedulingType === 'round-robin';
  return {
    teamSlug: choice.teamSlug,
    schedulingType: choice.schedulingType,
    hosts: (choice.hosts ?? []).map((host) => ({
      userId: host.userId,
      fixed: roundRobin && host.fixed,
      weight: host.weight.trim() === '' ? TEAM_HOST_WEIGHT_DEFAULT : Number(host.weight),
    })),
  };
}
