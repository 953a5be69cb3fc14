import type { HostEvent } from '#shared/api/schemas/host-events';
import type { HostEventDeps } from '#functions/app/events/event-access';
import { eventLocationOf } from '#functions/domain/locations';
import { pendingExpiryHoursOf } from '#functions/domain/pending';
import type { AccountRecord, EventRecord, HostRecord, TeamRecord, TeamRole } from '#functions/domain/records';
import { remindersOf } from '#functions/domain/timers';

/** What a team event's view adds: its team, the caller's role in it, and its hosts' names and photos. */
export interface TeamEventView {
  team: Pick<TeamRecord, 'slug' | 'name' | 'logoUrl'>;
  role: TeamRole;
  hosts: ReadonlyMap<string, Pick<HostRecord, 'name' | 'photoUrl'>>;
}

/**
 * The host's view of an event type. A personal event shows its host's photo (`host`); a team event (with `team`)
 * shows its team's logo, the team and its hosts (a host whose account is gone keeps an empty name).
 */
export function toHostEvent(
  event: EventRecord,
  host: Pick<AccountRecord, 'photoUrl'>,
  team?: TeamEventView,
): HostEvent {
  const inTeam = team && event.teamId ? team : null;
  return {
    ...event,
    ...eventLocationOf(event),
    reminders: remindersOf(event),
    remindHost: event.remindHost ?? false,
    pendingExpiryHours: pendingExpiryHoursOf(event),
    meetingType: event.meetingType ?? 'consultation',
    hostPhotoUrl: inTeam ? inTeam.team.logoUrl : host.photoUrl,
    teamSlug: inTeam?.team.slug ?? null,
    teamName: inTeam?.team.name ?? null,
    schedulingType: inTeam ? (event.schedulingType ?? null) : null,
    hosts: inTeam
      ? (event.hosts ?? []).map((eventHost) => ({
          userId: eventHost.userId,
          name: inTeam.hosts.get(eventHost.userId)?.name ?? '',
          photoUrl: inTeam.hosts.get(eventHost.userId)?.photoUrl ?? null,
          fixed: eventHost.fixed,
          weight: eventHost.weight,
        }))
      : null,
    teamRole: inTeam?.role ?? null,
  };
}

/** The response for one event: a team event with its team and its hosts (one BatchGetItem of their profiles). */
export async function viewOf(
  deps: HostEventDeps,
  account: AccountRecord,
  event: EventRecord,
  team: { team: TeamRecord; role: TeamRole } | null,
): Promise<HostEvent> {
  if (!team || !event.teamId) return toHostEvent(event, account);
  const hosts = await deps.hosts.getMany((event.hosts ?? []).map((host) => host.userId));
  return toHostEvent(event, account, { ...team, hosts });
}
