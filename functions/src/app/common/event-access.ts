import type { Config } from '#functions/config';
import { hostMayPublish } from '#functions/domain/billing';
import type { DateOverrideRecord, EventRecord, HostRecord } from '#functions/domain/records';
import { usableRules } from '#functions/domain/stored-rules';
import { Forbidden, NotFound } from '#functions/errors';
import type { EventRepository } from '#functions/ports/events';

/** What loading an event for the public needs. */
export type EventAccessDeps = { events: EventRepository; config: Config };

/** What the public booking page says for a deactivated event. */
export const DEACTIVATED_MESSAGE = 'This event has been deactivated';

/**
 * An event as the public may see it: unknown ids are 404, deactivated events 403 with `isInactive` (the booking
 * page shows its deactivated screen from that flag); its hours and date exceptions without malformed ones.
 */
export async function loadBookableEvent(
  deps: EventAccessDeps,
  eventId: number,
): Promise<{ event: EventRecord; overrides: DateOverrideRecord[] }> {
  const found = await deps.events.findById(eventId);
  if (!found) throw new NotFound('Event not found.');
  if (!found.event.active) throw new Forbidden(DEACTIVATED_MESSAGE, undefined, { isInactive: true });
  // Malformed stored hours or exceptions never reach the engine: a guest's request never fails on them.
  const { event, overrides } = usableRules(found.event, found.overrides);
  return { event, overrides };
}

/** An event named by id or by slug (the availability queries accept either): its id, 404 for an unknown slug. */
export async function resolveEventRef(deps: EventAccessDeps, ref: number | string): Promise<number> {
  if (typeof ref === 'number') return ref;
  const eventId = await deps.events.findIdBySlug(ref);
  if (eventId === null) throw new NotFound('Event not found.');
  return eventId;
}

/**
 * A host whose trial has ended without an active subscription publishes nothing: their booking pages answer as
 * deactivated (issue 6; the free trial's rule). A missing host counts as not publishing. With billing off
 * (no Stripe keys) the trial rule does not apply.
 */
export function assertHostPublishes(
  host: Pick<HostRecord, 'createdAt' | 'plans'> | null,
  now: Date,
  billingEnabled: boolean,
): void {
  if (!host || !hostMayPublish(host, now, billingEnabled))
    throw new Forbidden(DEACTIVATED_MESSAGE, undefined, { isInactive: true });
}
