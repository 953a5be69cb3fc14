import { TEAM_HOST_WEIGHT_DEFAULT, type EventBody, type HostEvent } from '#shared/api/schemas/host-events';
import { EVENT_SLUG_MAX, EVENT_TITLE_MAX, TRIAL_EXPIRED_ACTIVATION_MESSAGE } from '#shared/constants';
import { GOOGLE_MEET_NEEDS_GOOGLE, locationDisplayText } from '#shared/locations';
import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import { cancelBookings, type CancelBookingsDeps } from '#functions/app/booking/cancel-booking';
import type { Config } from '#functions/config';
import { hostMayPublish } from '#functions/domain/billing';
import { utcDay } from '#functions/domain/booking';
import { customCssProblems, problemText } from '#functions/domain/custom-css-check';
import { newEvent } from '#functions/domain/event-defaults';
import { eventLocationOf, hasGoogle } from '#functions/domain/locations';
import { pendingExpiryHoursOf } from '#functions/domain/pending';
import type {
  AccountRecord,
  BookingRecord,
  DateOverrideRecord,
  EventRecord,
  HostRecord,
  SchedulingType,
  TeamEventHost,
  TeamRecord,
  TeamRole,
} from '#functions/domain/records';
import { remindersOf } from '#functions/domain/timers';
import { Conflict, Forbidden, NotFound, PaymentRequired, ValidationFailed } from '#functions/errors';
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
/** Deleting an event also cancels its upcoming bookings. */
export type DeleteEventDeps = HostEventDeps & CancelBookingsDeps;

const NOT_FOUND = 'Event not found.';
const SLUG_TAKEN = 'This URL is already taken';
const TEAM_NOT_FOUND = 'Team not found.';
const MANAGERS_ONLY = "Only the team's owners and admins can create or change its event types.";

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

/** `{eventRef}`: digits are an id, anything else a slug. */
async function eventIdOf(deps: HostEventDeps, ref: string): Promise<number | null> {
  return /^\d+$/.test(ref) ? Number(ref) : deps.events.findIdBySlug(ref);
}

/** An event as the caller may see it: with their account, its team and their role there (null for a personal one). */
interface EventAccess {
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
async function eventAccess(
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

/** The response for one event: a team event with its team and its hosts (one BatchGetItem of their profiles). */
async function viewOf(
  deps: HostEventDeps,
  account: AccountRecord,
  event: EventRecord,
  team: { team: TeamRecord; role: TeamRole } | null,
): Promise<HostEvent> {
  if (!team || !event.teamId) return toHostEvent(event, account);
  const hosts = await deps.hosts.getMany((event.hosts ?? []).map((host) => host.userId));
  return toHostEvent(event, account, { ...team, hosts });
}

/** A team the caller manages (owner or admin), by slug: 404 when unknown or not theirs, 403 for a member. */
async function managedTeam(
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

/** Whether the caller may activate events now: billing off, a trial day left, or a plan in force. */
async function mayActivateNow(deps: HostEventDeps, account: AccountRecord): Promise<boolean> {
  const host = await deps.hosts.get(account.id);
  return hostMayPublish(
    { createdAt: account.createdAt, plans: host?.plans ?? [] },
    deps.clock.now(),
    deps.config.billing !== null,
  );
}

/** 402 with the tooltip's text when the caller may not activate events now. */
async function assertMayActivate(deps: HostEventDeps, account: AccountRecord): Promise<void> {
  if (!(await mayActivateNow(deps, account))) throw new PaymentRequired(TRIAL_EXPIRED_ACTIVATION_MESSAGE);
}

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

/**
 * The stored fields an editor body sets (location is the location type's display text), without
 * the team fields (see teamTarget). Images must be the caller's own uploads, or the ones the event already shows
 * (another admin of the team may have uploaded them).
 */
function fieldsOf(body: EventBody, account: AccountRecord, event?: EventRecord) {
  const {
    id: _id,
    location: _location,
    active: _active,
    teamSlug: _teamSlug,
    schedulingType: _schedulingType,
    hosts: _hosts,
    ...fields
  } = body;
  const kept = new Set([event?.eventPhotoUrl, event?.guestLogoUrl].filter(Boolean));
  for (const url of [body.eventPhotoUrl, body.guestLogoUrl]) {
    if (url && !url.startsWith(`/photos/${account.id}/`) && !kept.has(url))
      throw new ValidationFailed('Images must be uploaded first.');
  }
  // The host's CSS can only style the booking card: what breaks a rule is named, with its line (400).
  const problems = customCssProblems(body.customCss ?? '');
  if (problems.length) {
    throw new ValidationFailed(
      problemText(problems[0]!),
      problems.map((problem) => ({ path: 'customCss', message: problemText(problem) })),
    );
  }
  return { ...fields, ...locationFieldsOf(body, event) };
}

/**
 * The stored location of an editor body (issue 30): the detail the type uses (trimmed; '' when it uses none), who
 * calls on a phone meeting, and the spec's display text from them. A body without `locationDetail` or `phoneCaller`
 * (the spec's own client, which knows only the type) keeps what the event has for the same type.
 */
function locationFieldsOf(
  body: EventBody,
  event?: EventRecord,
): Pick<EventRecord, 'location' | 'locationType' | 'locationDetail' | 'phoneCaller'> {
  const { locationType } = body;
  const same = event?.locationType === locationType ? event : undefined;
  const phoneCaller =
    locationType === 'phone'
      ? (body.phoneCaller ?? (same ? eventLocationOf(same).phoneCaller : null) ?? 'guest')
      : null;
  const usesDetail =
    locationType === 'in-person' || locationType === 'link' || (locationType === 'phone' && phoneCaller === 'guest');
  const given = body.locationDetail === undefined ? same?.locationDetail : body.locationDetail;
  const locationDetail = usesDetail ? (given ?? '').trim() : '';
  return {
    locationType,
    locationDetail,
    phoneCaller,
    location: locationDisplayText({ locationType, locationDetail, phoneCaller }),
  };
}

/**
 * Google Meet needs Google (issue 30): a personal event's host must have Google Calendar connected, and every host of
 * a team event (each of them may be the one booked); else 400 saying why.
 */
async function assertLocationPossible(
  deps: HostEventDeps,
  body: EventBody,
  ownerId: string,
  target: TeamTarget,
): Promise<void> {
  if (body.locationType !== 'google-meet') return;
  const detail = (message: string) => [{ path: 'locationType', message }];
  if (!target) {
    if (!hasGoogle(await deps.hosts.get(ownerId)))
      throw new ValidationFailed(GOOGLE_MEET_NEEDS_GOOGLE, detail(GOOGLE_MEET_NEEDS_GOOGLE));
    return;
  }
  const hosts = await deps.hosts.getMany(target.hosts.map((host) => host.userId));
  const without = target.hosts.filter((host) => !hasGoogle(hosts.get(host.userId)));
  if (without.length === 0) return;
  const names = without.map((host) => hosts.get(host.userId)?.name || host.userId).join(', ');
  const message = `Google Meet needs every host's Google Calendar connected, and ${names} ${
    without.length === 1 ? 'has' : 'have'
  } not connected it. Choose another location, or ask them to connect Google Calendar.`;
  throw new ValidationFailed(message, detail(message));
}

/** Where an event belongs after a write: a team (with how it is booked and its hosts) or, null, its publisher alone. */
type TeamTarget = { team: TeamRecord; role: TeamRole; schedulingType: SchedulingType; hosts: TeamEventHost[] } | null;

/** The team fields of a record: the target's, or none for a personal event. */
function teamFieldsOf(target: TeamTarget): Pick<EventRecord, 'teamId' | 'schedulingType' | 'hosts'> {
  return target ? { teamId: target.team.id, schedulingType: target.schedulingType, hosts: target.hosts } : {};
}

/** A body's team (it names one: the schema made sure `schedulingType` and `hosts` come with it), checked. */
async function namedTeam(
  deps: HostEventDeps,
  account: AccountRecord,
  body: EventBody & { teamSlug: string },
): Promise<Exclude<TeamTarget, null>> {
  const { team, role } = await managedTeam(deps, account, body.teamSlug);
  return { team, role, schedulingType: body.schedulingType!, hosts: await teamHostsOf(deps, team, body.hosts!) };
}

/**
 * POST /api/events. Input: every editor field; for a team event type also `teamSlug`, `schedulingType` and `hosts`.
 * Primary course: the event is active unless the body says otherwise; activating after the trial without a plan is
 * 402 (a team event is published on its creator's plan, as a personal one); the slug is claimed in the same
 * transaction as the event (409 "This URL is already taken" when another event has it). A team event needs the
 * caller to be an owner or admin of the team (403 for a member, 404 when not a member or no such team) and every
 * host to be a member (400); it is listed under its team instead of its creator.
 */
export async function createEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  body: EventBody,
): Promise<HostEvent> {
  const account = await callerAccount(deps, principal);
  const target = body.teamSlug ? await namedTeam(deps, account, { ...body, teamSlug: body.teamSlug }) : null;
  const fields = fieldsOf(body, account);
  await assertLocationPossible(deps, body, account.id, target);
  const active = body.active ?? true;
  if (active) await assertMayActivate(deps, account);
  const created = await deps.events.create(
    newEvent({ ...fields, userId: account.id, active, ...teamFieldsOf(target) }, deps.clock.now()),
  );
  if (!created) throw new Conflict(SLUG_TAKEN);
  return viewOf(deps, account, created, target);
}

/**
 * Where an edited event belongs. Without `teamSlug` (the toggle, or a client that knows nothing of teams) it stays
 * where it is. `teamSlug: null` makes a team event personal again: only its publisher (`userId`, who manages it
 * already) may, since it then becomes theirs alone (403 for another admin). Naming the event's own team changes
 * how it is booked and its hosts; naming a team makes a personal event one of that team's (the caller, its owner,
 * must manage the team); moving a team event to another team is refused (400).
 */
async function teamTarget(deps: HostEventDeps, access: EventAccess, body: EventBody | { active: boolean }) {
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

/** The account whose plan publishes the event (a team event's creator, or whom it moved to); the caller if gone. */
async function publisherOf(deps: HostEventDeps, account: AccountRecord, event: EventRecord): Promise<AccountRecord> {
  if (event.userId === account.id) return account;
  return (await deps.accounts.get(event.userId)) ?? account;
}

/**
 * PATCH /api/events/{slug}: the toggle `{ active }` or the full edit. Activating an inactive event after the trial
 * without a plan is 402 (the plan of the account that publishes it); a new slug must be free (409). Id, publisher
 * and creation time never change. A team event is changed by its team's owners and admins only (403 for a member);
 * its team fields follow teamTarget.
 */
export async function updateEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string,
  body: EventBody | { active: boolean },
): Promise<HostEvent> {
  const access = await ownedEvent(deps, principal, ref);
  const { account, event } = access;
  const target = await teamTarget(deps, access, body);
  const changes = 'slug' in body ? fieldsOf(body, account, event) : {};
  if ('slug' in body) await assertLocationPossible(deps, body, event.userId, target);
  const active = body.active ?? event.active;
  if (active && !event.active) await assertMayActivate(deps, await publisherOf(deps, account, event));
  const { teamId: _teamId, schedulingType: _schedulingType, hosts: _hosts, ...base } = event;
  const updated: EventRecord = {
    ...base,
    ...changes,
    ...teamFieldsOf(target),
    active,
    updatedAt: deps.clock.now().toISOString(),
  };
  const saved = await deps.events.update(updated, event.slug);
  if (!saved) {
    if (updated.slug !== event.slug && (await deps.events.findIdBySlug(updated.slug)) !== null)
      throw new Conflict(SLUG_TAKEN);
    throw new Conflict('The event was changed meanwhile. Please reload the page and try again.');
  }
  return viewOf(deps, account, saved, target);
}

/**
 * DELETE /api/events/{slug}: the event, its date overrides and its slug; its bookings from today on are cancelled,
 * which frees their time (the dialog warns that associated bookings go too). A team event's bookings are found in
 * the partitions of its publisher, its hosts and its team's members (a booking under its first host, its holds under
 * the others: each booking once, as read under its host, cancelled with its host's calendar).
 */
export async function deleteEvent(
  deps: DeleteEventDeps,
  principal: Principal | null,
  ref: string,
): Promise<{ message: string }> {
  const { event } = await ownedEvent(deps, principal, ref);
  const today = utcDay(deps.clock.now().getTime());
  // A team event: every member's partition too, since a booking stays with a member taken off the event's hosts.
  const members = event.teamId ? (await deps.teams.members(event.teamId)).members.map((member) => member.userId) : [];
  const partitions = [...new Set([event.userId, ...(event.hosts ?? []).map((host) => host.userId), ...members])];
  const reads = await Promise.all(partitions.map((hostId) => deps.bookings.read(hostId, today, '9999-12-31')));
  const byHost = new Map<string, Map<string, BookingRecord>>();
  reads.forEach((read, index) => {
    for (const booking of read.bookings) {
      if (booking.eventId !== event.id || booking.status === 'cancelled') continue;
      const ofHost = byHost.get(booking.hostId) ?? new Map<string, BookingRecord>();
      // The booking itself (read in its host's partition) rather than a hold: a hold carries its member's calendar
      // fields, and the host's calendar is the one cleaned here.
      if (!ofHost.has(booking.id) || partitions[index] === booking.hostId) ofHost.set(booking.id, booking);
      byHost.set(booking.hostId, ofHost);
    }
  });
  const cancellation = {
    by: 'host' as const,
    // Issue 31: the account that deleted the event (its host, or a manager of its team).
    ...(principal ? { userId: principal.userId } : {}),
    reason: 'The host no longer offers this event.',
    declined: false,
    at: deps.clock.now().toISOString(),
  };
  const removals: (() => Promise<void>)[] = [];
  for (const hostId of byHost.size > 0 ? byHost.keys() : []) {
    const host = await deps.hosts.get(hostId);
    removals.push(await cancelBookings(deps, host, [...byHost.get(hostId)!.values()], cancellation));
  }
  await deps.events.delete(event);
  for (const removeCalendarEvents of removals) await removeCalendarEvents();
  return { message: 'Event deleted' };
}

/** "intro-call" → "intro-call-copy", "intro-call-copy-2" … within the slug length. */
function* copySlugs(slug: string): Generator<string> {
  for (let n = 1; n <= 50; n++) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    yield `${slug.slice(0, EVENT_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
  }
}

/**
 * POST /api/events/{id}/duplicate: a copy with the title "… (copy)", the next free "-copy" slug and the original's
 * date overrides. It is active when the original is and the trial or plan allows, else inactive; asking for an
 * active copy when the trial forbids is 402. A team event's copy stays in the team with the same hosts; the caller
 * (an owner or admin) is its publisher.
 */
export async function duplicateEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string,
  body: { active?: boolean },
): Promise<HostEvent> {
  const { account, event, overrides, team, role } = await ownedEvent(deps, principal, ref);
  const allowed = await mayActivateNow(deps, account);
  if (body.active && !allowed) throw new PaymentRequired(TRIAL_EXPIRED_ACTIVATION_MESSAGE);
  const active = body.active ?? (event.active && allowed);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = event;
  const title = `${event.title} (copy)`.slice(0, EVENT_TITLE_MAX);
  for (const slug of copySlugs(event.slug)) {
    if ((await deps.events.findIdBySlug(slug)) !== null) continue;
    const created = await deps.events.create(
      newEvent({ ...fields, userId: account.id, title, slug, active }, deps.clock.now()),
    );
    if (!created) continue; // taken meanwhile: the next one
    for (const override of overrides)
      await deps.events.saveOverride({ ...override, eventId: created.id, id: overrideId(created.id, override.date) });
    return viewOf(deps, account, created, team && role ? { team, role } : null);
  }
  throw new Conflict('Could not find a free URL for the copy. Please rename some copies first.');
}

/** One override per event and date: its id names both, so DELETE /api/date-overrides/{id} finds it. */
export const overrideId = (eventId: number, date: string) => `${eventId}.${date}`;
const parseOverrideId = (id: string) => {
  const match = /^(\d+)\.(\d{4}-\d{2}-\d{2})$/.exec(id);
  return match ? { eventId: Number(match[1]), date: match[2]! } : null;
};

/** GET /api/events/{slug}/date-overrides, GET /api/date-overrides?eventId=: by date. */
export async function listDateOverrides(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string | number,
): Promise<DateOverrideRecord[]> {
  const { overrides } = await eventAccess(deps, principal, ref, 'read');
  return [...overrides].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * POST /api/events/{slug}/date-overrides, POST /api/date-overrides: adds the exception of a date, or replaces it
 * (one per date). The date must not be in the past in the event's time zone. Start and end count only when the
 * date is available; a blank end means the regular hours' end (stored as null, as the spec's model has it).
 * Editing (body id) may move the exception to another date: the old one goes.
 */
export async function saveDateOverride(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string | number | undefined,
  body: {
    id?: string;
    date: string;
    available: boolean;
    startTime: string | null;
    endTime: string | null;
    eventId?: number;
  },
): Promise<DateOverrideRecord> {
  const target = ref ?? body.eventId;
  if (target === undefined) throw new NotFound(NOT_FOUND);
  const { event } = await ownedEvent(deps, principal, target);
  if (body.eventId !== undefined && body.eventId !== event.id) throw new NotFound(NOT_FOUND);
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: event.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(deps.clock.now());
  if (body.date < today) throw new ValidationFailed('Past dates cannot be picked. Please select a date from today on.');
  const override: DateOverrideRecord = {
    id: overrideId(event.id, body.date),
    eventId: event.id,
    date: body.date,
    available: body.available,
    startTime: body.available ? body.startTime : null,
    endTime: body.available ? body.endTime : null,
  };
  await deps.events.saveOverride(override);
  const previous = body.id ? parseOverrideId(body.id) : null;
  if (previous && previous.eventId === event.id && previous.date !== body.date) {
    await deps.events.deleteOverride(event.id, previous.date, body.id!);
  }
  return override;
}

/** DELETE /api/date-overrides/{id}: only an exception of an event the caller may change (else 404, or 403). */
export async function deleteDateOverride(
  deps: HostEventDeps,
  principal: Principal | null,
  id: string,
): Promise<{ message: string }> {
  const parsed = parseOverrideId(id);
  if (!parsed) throw new NotFound('Date exception not found.');
  await ownedEvent(deps, principal, parsed.eventId);
  if (!(await deps.events.deleteOverride(parsed.eventId, parsed.date, id)))
    throw new NotFound('Date exception not found.');
  return { message: 'Date exception deleted' };
}
