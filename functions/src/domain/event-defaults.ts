import { LOCATION_TYPES } from '#shared/constants';
import { defaultAvailabilityRanges, NEW_EVENT_DEFAULTS } from '#shared/rules/event-defaults';
import type { EventRecord } from '#functions/domain/records';

/** A new event type with the spec's defaults (host-area.md §3 "New event form defaults") under the given fields. */
export function newEvent(
  fields: Pick<EventRecord, 'userId' | 'slug' | 'title'> & Partial<Omit<EventRecord, 'id' | 'createdAt' | 'updatedAt'>>,
  now: Date,
): Omit<EventRecord, 'id'> {
  const locationType = fields.locationType ?? 'google-meet';
  return {
    ...NEW_EVENT_DEFAULTS,
    active: true,
    location: LOCATION_TYPES[locationType],
    availabilityRanges: defaultAvailabilityRanges(),
    ...fields,
    locationType,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}
