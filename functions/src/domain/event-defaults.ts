import { DEFAULT_EVENT_COLOR, DEFAULT_TIME_ZONE } from '#shared/constants';
import type { EventRecord } from '#functions/ports';

/** Monday to Friday 09:00–18:00, weekends off (host-area.md §3 "Availability range"). */
export function defaultAvailabilityRanges(): EventRecord['availabilityRanges'] {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    active: dayOfWeek >= 1 && dayOfWeek <= 5,
    startTime: '09:00',
    endTime: '18:00',
  }));
}

const LOCATION_TEXT = { 'in-person': 'In-person', phone: 'Phone call', 'google-meet': 'Google Meet' } as const;

/** A new event type with the spec's defaults (host-area.md §3 "New event form defaults") under the given fields. */
export function newEvent(
  fields: Pick<EventRecord, 'userId' | 'slug' | 'title'> & Partial<Omit<EventRecord, 'id' | 'createdAt' | 'updatedAt'>>,
  now: Date,
): Omit<EventRecord, 'id'> {
  const locationType = fields.locationType ?? 'google-meet';
  return {
    description: '',
    duration: 30,
    color: DEFAULT_EVENT_COLOR,
    active: true,
    location: LOCATION_TEXT[locationType],
    bufferBefore: 0,
    bufferAfter: 0,
    requiresConfirmation: false,
    advanceBookingDays: 60,
    maxBookingsPerDay: null,
    minimumNoticeAmount: 0,
    minimumNoticeUnit: 'hours',
    showHostPhoto: true,
    showEventPhoto: true,
    eventPhotoUrl: null,
    showGuestLogo: true,
    guestLogoUrl: null,
    themeColor: null,
    secondaryColor: null,
    customCss: '',
    bookingTheme: 'light',
    timeZone: DEFAULT_TIME_ZONE,
    availabilityRanges: defaultAvailabilityRanges(),
    ...fields,
    locationType,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}
