import { eventAccess, NOT_FOUND, ownedEvent, type HostEventDeps } from '#functions/app/events/event-access';
import type { DateOverrideRecord } from '#functions/domain/records';
import { NotFound, ValidationFailed } from '#functions/errors';
import type { Principal } from '#functions/ports/core';

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
