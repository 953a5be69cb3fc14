import type { Config } from '#functions/config';
import type { EventRecord, HostRecord, SchedulingType, TeamRecord } from '#functions/domain/records';
import { bookingFixtures, NOW, unique, type EventRules, type HostOptions } from '#test/support/booking-fixtures';

/**
 * Teams and team event types (issue 28) written straight to the table through the adapters: a team with its
 * members, and a team event type whose hosts are members. Every team, slug and member is new and unique.
 */
export function teamFixtures(config: Config) {
  const base = bookingFixtures(config);
  const { deps } = base;

  return {
    ...base,

    /** A team whose first member is its owner, the others members. */
    async team(members: readonly HostRecord[]): Promise<TeamRecord> {
      const team: TeamRecord = {
        id: `team-${unique()}`,
        name: `Team ${unique()}`,
        slug: `team-${unique()}`,
        logoUrl: null,
        createdAt: NOW.toISOString(),
        createdBy: members[0]!.id,
      };
      const joinedAt = NOW.toISOString();
      const created = await deps.teams.create(team, {
        teamId: team.id,
        userId: members[0]!.id,
        role: 'owner',
        joinedAt,
      });
      if (created !== 'created') throw new Error(`Team slug ${team.slug} taken`);
      for (const member of members.slice(1)) {
        await deps.teams.putMember({ teamId: team.id, userId: member.id, role: 'member', joinedAt });
      }
      return team;
    },

    /** Several hosts at once (built-in calendars, paying). */
    async hosts(count: number, options: HostOptions = {}): Promise<HostRecord[]> {
      return Promise.all(
        Array.from({ length: count }, (_, index) => base.host({ name: `Member ${index + 1}`, ...options })),
      );
    },

    /** A team event type published by the team's owner, with these hosts (fixed ones named in `fixed`). */
    async teamEvent(
      team: TeamRecord,
      schedulingType: SchedulingType,
      hosts: readonly (HostRecord | { host: HostRecord; fixed?: boolean; weight?: number })[],
      rules: EventRules = {},
    ): Promise<EventRecord> {
      return base.eventType(team.createdBy, {
        ...rules,
        teamId: team.id,
        schedulingType,
        hosts: hosts.map((entry) =>
          'host' in entry
            ? { userId: entry.host.id, fixed: entry.fixed ?? false, weight: entry.weight ?? 100 }
            : { userId: entry.id, fixed: false, weight: 100 },
        ),
      });
    },
  };
}
