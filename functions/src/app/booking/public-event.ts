import type { PublicEvent } from '#shared/api/schemas/events';
import { assertHostPublishes, loadBookableEvent, type EventAccessDeps } from '#functions/app/common/event-access';
import { allHaveGoogle, asksForPhone, eventPlace, hasGoogle } from '#functions/domain/locations';
import type { EventRecord, HostRecord } from '#functions/domain/records';
import { NotFound } from '#functions/errors';
import type { Clock } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';
import type { SettingsRepository } from '#functions/ports/site';
import type { TeamRepository } from '#functions/ports/teams';

/** What the public event page needs: the event, its host (a team event: its team and hosts too). */
export type PublicEventDeps = EventAccessDeps & {
  hosts: HostRepository;
  teams: TeamRepository;
  clock: Clock;
  settings: SettingsRepository;
};

/**
 * Whether a team event can be booked now: the hosts it needs have a connected calendar (collective: every host;
 * round-robin: every fixed host and at least one of the pool). A host whose account is gone counts as not connected.
 */
export function teamAcceptsBookings(
  event: Pick<EventRecord, 'schedulingType' | 'hosts'>,
  hosts: ReadonlyMap<string, HostRecord>,
) {
  const connected = (userId: string) => hosts.get(userId)?.calendar?.connected === true;
  const eventHosts = event.hosts ?? [];
  if (eventHosts.length === 0) return false;
  if (event.schedulingType !== 'round-robin') return eventHosts.every((host) => connected(host.userId));
  const pool = eventHosts.filter((host) => !host.fixed);
  return (
    eventHosts.every((host) => !host.fixed || connected(host.userId)) && pool.some((host) => connected(host.userId))
  );
}

/**
 * The public view of an event type, for its booking page.
 * Input: the slug from /book/{slug}. Output: the public event's fields (getPublicEvent in docs/api.md).
 * Primary course: find the event id by slug, load the event (404 unknown, 403 + isInactive deactivated), load the
 * host for name and photo (a host past the trial without a plan: 403 + isInactive), answer the public fields only,
 * with whether the host can take bookings now (a connected calendar) and whether the admin paused all bookings
 * ("Available for Bookings" off), so the page says so before any form.
 * A team event type (issue 28) is published on the plan of its account (`userId`) as a personal one, and shows its
 * team (name and logo as the host's), how it is booked and its hosts' names and photos (one GetItem of the team and
 * one BatchGetItem of the hosts, in parallel with the reads above); it takes bookings when the hosts it needs have
 * a connected calendar. A personal event reads nothing more.
 * Issue 30: the answer (and so the published page) says where the meeting takes place (`place`, no link before a
 * booking) and whether the form asks for the guest's phone number (`asksForPhone`).
 */
export async function getPublicEvent(deps: PublicEventDeps, slug: string): Promise<PublicEvent> {
  const eventId = await deps.events.findIdBySlug(slug);
  if (eventId === null) throw new NotFound('Event not found.');
  const { event } = await loadBookableEvent(deps, eventId);
  const teamId = event.teamId;
  const [host, settings, team, teamHosts] = await Promise.all([
    deps.hosts.get(event.userId),
    deps.settings.get(),
    teamId ? deps.teams.get(teamId) : null,
    teamId ? deps.hosts.getMany((event.hosts ?? []).map((eventHost) => eventHost.userId)) : null,
  ]);
  assertHostPublishes(host, deps.clock.now(), deps.config.billing !== null);
  if (teamId && !team) throw new NotFound('Event not found.');
  const teamView =
    team && teamHosts
      ? {
          team: { name: team.name, slug: team.slug, logoUrl: team.logoUrl },
          schedulingType: event.schedulingType ?? 'collective',
          hosts: (event.hosts ?? []).flatMap((eventHost) => {
            const member = teamHosts.get(eventHost.userId);
            return member ? [{ name: member.name, photoUrl: member.photoUrl }] : [];
          }),
          acceptingBookings: teamAcceptsBookings(event, teamHosts),
        }
      : null;
  return {
    id: event.id,
    userId: event.userId,
    title: event.title,
    slug: event.slug,
    description: event.description,
    duration: event.duration,
    location: event.location,
    color: event.color,
    timeZone: event.timeZone,
    eventPhotoUrl: event.eventPhotoUrl,
    showEventPhoto: event.showEventPhoto,
    showGuestLogo: event.showGuestLogo,
    guestLogoUrl: event.guestLogoUrl,
    hostName: teamView ? teamView.team.name : (host?.name ?? ''),
    hostPhotoUrl: teamView ? teamView.team.logoUrl : (host?.photoUrl ?? null),
    showHostPhoto: event.showHostPhoto,
    bookingTheme: event.bookingTheme,
    themeColor: event.themeColor,
    secondaryColor: event.secondaryColor,
    customCss: event.customCss,
    advanceBookingDays: event.advanceBookingDays,
    acceptingBookings: teamView ? teamView.acceptingBookings : host?.calendar?.connected === true,
    bookingsPaused: settings?.availableForBookings === false,
    team: teamView?.team ?? null,
    schedulingType: teamView?.schedulingType ?? null,
    hosts: teamView?.hosts ?? null,
    // Issue 30: where the meeting takes place (Google Meet only while its hosts have Google: else the video call).
    place: eventPlace(
      event,
      teamHosts
        ? allHaveGoogle((event.hosts ?? []).map((eventHost) => teamHosts.get(eventHost.userId)))
        : hasGoogle(host),
    ),
    asksForPhone: asksForPhone(event),
  };
}
