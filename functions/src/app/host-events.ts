import type { EventBody, HostEvent } from '#shared/api/schemas/host-events';
import { EVENT_SLUG_MAX, EVENT_TITLE_MAX, LOCATION_TYPES, TRIAL_EXPIRED_ACTIVATION_MESSAGE } from '#shared/constants';
import { callerAccount, type CallerDeps } from '#functions/app/caller';
import { cancelBookings, type CancelBookingsDeps } from '#functions/app/cancel-booking';
import { hostMayPublish } from '#functions/domain/billing';
import { utcDay } from '#functions/domain/booking';
import { customCssProblems, problemText } from '#functions/domain/custom-css-check';
import { newEvent } from '#functions/domain/event-defaults';
import type { AccountRecord, DateOverrideRecord, EventRecord } from '#functions/domain/records';
import { remindersOf } from '#functions/domain/timers';
import { Conflict, NotFound, PaymentRequired, ValidationFailed } from '#functions/errors';
import type { Deps, Principal } from '#functions/ports';

/**
 * The host's event types (issue 6; host-area.md §2 "Event types dashboard", "Create/edit event screen", §4, §7).
 * Every call acts on the caller's own events only: another host's event is 404 and nothing changes.
 */

/** What the host's event routes need: the caller's account, their host record, events, the booking ledger. */
export type HostEventDeps = CallerDeps & Pick<Deps, 'hosts' | 'events' | 'bookings' | 'clock' | 'config'>;
/** Deleting an event also cancels its upcoming bookings. */
export type DeleteEventDeps = HostEventDeps & CancelBookingsDeps;

const NOT_FOUND = 'Event not found.';
const SLUG_TAKEN = 'This URL is already taken';

export function toHostEvent(event: EventRecord, host: Pick<AccountRecord, 'photoUrl'>): HostEvent {
  return {
    ...event,
    reminders: remindersOf(event),
    remindHost: event.remindHost ?? false,
    meetingType: event.meetingType ?? 'consultation',
    hostPhotoUrl: host.photoUrl,
  };
}

/** `{eventRef}`: digits are an id, anything else a slug. */
async function eventIdOf(deps: HostEventDeps, ref: string): Promise<number | null> {
  return /^\d+$/.test(ref) ? Number(ref) : deps.events.findIdBySlug(ref);
}

/** The caller's account and one of their events with its overrides; 404 for an unknown or another host's event. */
export async function ownedEvent(deps: HostEventDeps, principal: Principal | null, ref: string | number) {
  const account = await callerAccount(deps, principal);
  const id = typeof ref === 'number' ? ref : await eventIdOf(deps, ref);
  const found = id === null ? null : await deps.events.findById(id);
  if (!found || found.event.userId !== account.id) throw new NotFound(NOT_FOUND);
  return { account, ...found };
}

/** Whether the caller may activate events now: billing off, a trial day left, or a plan in force (host-area.md §4). */
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

/** GET /api/events: the caller's event types, newest first. */
export async function listEvents(deps: HostEventDeps, principal: Principal | null): Promise<HostEvent[]> {
  const account = await callerAccount(deps, principal);
  const events = await deps.events.listByHost(account.id);
  return events.reverse().map((event) => toHostEvent(event, account));
}

/** GET /api/events/{id or slug}, GET /api/events/slug/{slug}. */
export async function getEvent(deps: HostEventDeps, principal: Principal | null, ref: string): Promise<HostEvent> {
  const { account, event } = await ownedEvent(deps, principal, ref);
  return toHostEvent(event, account);
}

/**
 * The stored fields an editor body sets (location is the location type's display text, host-area.md §3). Images
 * must be the host's own uploads.
 */
function fieldsOf(body: EventBody, account: AccountRecord) {
  const { id: _id, location: _location, active: _active, ...fields } = body;
  for (const url of [body.eventPhotoUrl, body.guestLogoUrl]) {
    if (url && !url.startsWith(`/photos/${account.id}/`)) throw new ValidationFailed('Images must be uploaded first.');
  }
  // The host's CSS can only style the booking card: what breaks a rule is named, with its line (400).
  const problems = customCssProblems(body.customCss ?? '');
  if (problems.length) {
    throw new ValidationFailed(
      problemText(problems[0]!),
      problems.map((problem) => ({ path: 'customCss', message: problemText(problem) })),
    );
  }
  return { ...fields, location: LOCATION_TYPES[body.locationType] };
}

/**
 * POST /api/events. Input: every editor field. Primary course: the event is active unless the body says otherwise;
 * activating after the trial without a plan is 402; the slug is claimed in the same transaction as the event (409
 * "This URL is already taken" when another event has it).
 */
export async function createEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  body: EventBody,
): Promise<HostEvent> {
  const account = await callerAccount(deps, principal);
  const active = body.active ?? true;
  if (active) await assertMayActivate(deps, account);
  const created = await deps.events.create(
    newEvent({ ...fieldsOf(body, account), userId: account.id, active }, deps.clock.now()),
  );
  if (!created) throw new Conflict(SLUG_TAKEN);
  return toHostEvent(created, account);
}

/**
 * PATCH /api/events/{slug}: the toggle `{ active }` or the full edit. Activating an inactive event after the trial
 * without a plan is 402; a new slug must be free (409). Id, owner and creation time never change.
 */
export async function updateEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string,
  body: EventBody | { active: boolean },
): Promise<HostEvent> {
  const { account, event } = await ownedEvent(deps, principal, ref);
  const active = body.active ?? event.active;
  if (active && !event.active) await assertMayActivate(deps, account);
  const changes = 'slug' in body ? fieldsOf(body, account) : {};
  const updated: EventRecord = { ...event, ...changes, active, updatedAt: deps.clock.now().toISOString() };
  const saved = await deps.events.update(updated, event.slug);
  if (!saved) {
    if (updated.slug !== event.slug && (await deps.events.findIdBySlug(updated.slug)) !== null)
      throw new Conflict(SLUG_TAKEN);
    throw new Conflict('The event was changed meanwhile. Please reload the page and try again.');
  }
  return toHostEvent(saved, account);
}

/**
 * DELETE /api/events/{slug}: the event, its date overrides and its slug; its bookings from today on are cancelled,
 * which frees their time (the dialog warns that associated bookings go too).
 */
export async function deleteEvent(
  deps: DeleteEventDeps,
  principal: Principal | null,
  ref: string,
): Promise<{ message: string }> {
  const { event } = await ownedEvent(deps, principal, ref);
  const today = utcDay(deps.clock.now().getTime());
  const { bookings } = await deps.bookings.read(event.userId, today, '9999-12-31');
  const host = await deps.hosts.get(event.userId);
  const removeCalendarEvents = await cancelBookings(
    deps,
    host,
    bookings.filter((booking) => booking.eventId === event.id && booking.status !== 'cancelled'),
    {
      by: 'host',
      reason: 'The host no longer offers this event.',
      declined: false,
      at: deps.clock.now().toISOString(),
    },
  );
  await deps.events.delete(event);
  await removeCalendarEvents();
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
 * active copy when the trial forbids is 402.
 */
export async function duplicateEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string,
  body: { active?: boolean },
): Promise<HostEvent> {
  const { account, event, overrides } = await ownedEvent(deps, principal, ref);
  const allowed = await mayActivateNow(deps, account);
  if (body.active && !allowed) throw new PaymentRequired(TRIAL_EXPIRED_ACTIVATION_MESSAGE);
  const active = body.active ?? (event.active && allowed);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = event;
  const title = `${event.title} (copy)`.slice(0, EVENT_TITLE_MAX);
  for (const slug of copySlugs(event.slug)) {
    if ((await deps.events.findIdBySlug(slug)) !== null) continue;
    const created = await deps.events.create(newEvent({ ...fields, title, slug, active }, deps.clock.now()));
    if (!created) continue; // taken meanwhile: the next one
    for (const override of overrides)
      await deps.events.saveOverride({ ...override, eventId: created.id, id: overrideId(created.id, override.date) });
    return toHostEvent(created, account);
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
  const { overrides } = await ownedEvent(deps, principal, ref);
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

/** DELETE /api/date-overrides/{id}: only an exception of the caller's own event (else 404). */
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
