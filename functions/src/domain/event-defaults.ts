import { locationDisplayText } from '#shared/locations';
import { defaultAvailabilityRanges, NEW_EVENT_DEFAULTS } from '#shared/rules/event-defaults';
import type { EventRecord } from '#functions/domain/records';

/** A new event type with the new-event form's defaults under the given fields. */
export function newEvent(
  fields: Pick<EventRecord, 'userId' | 'slug' | 'title'> & Partial<Omit<EventRecord, 'id' | 'createdAt' | 'updatedAt'>>,
  now: Date,
): Omit<EventRecord, 'id'> {
  // Issue 30: the built-in video call, which needs no calendar (Google Meet needs Google Calendar connected).
  const locationType = fields.locationType ?? 'video';
  return {
    ...NEW_EVENT_DEFAULTS,
    active: true,
    // The spec's display text (issue 30: an in-person event shows its address, a link its service's name).
    location: locationDisplayText({ ...fields, locationType }),
    availabilityRanges: defaultAvailabilityRanges(),
    ...fields,
    locationType,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}
