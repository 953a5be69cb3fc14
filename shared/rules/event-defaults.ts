import { DEFAULT_ADVANCE_BOOKING_DAYS, DEFAULT_EVENT_COLOR, DEFAULT_TIME_ZONE } from '#shared/constants';

/**
 * A new event type's defaults (the new-event form's values and its working hours): the event editor
 * starts its form from them and the server fills what a create request leaves out with them.
 */

export interface WeekdayRange {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  active: boolean;
  /** 'HH:MM' in the event's zone. */
  startTime: string;
  endTime: string;
}

/** Monday to Friday 09:00–18:00, the weekend off: one range per weekday from Sunday, a fresh list each call. */
export function defaultAvailabilityRanges(): WeekdayRange[] {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    active: dayOfWeek >= 1 && dayOfWeek <= 5,
    startTime: '09:00',
    endTime: '18:00',
  }));
}

/** Every other default of a new event type (the ranges come fresh from {@link defaultAvailabilityRanges}). */
export const NEW_EVENT_DEFAULTS = {
  description: '',
  duration: 30,
  color: DEFAULT_EVENT_COLOR,
  bufferBefore: 0,
  bufferAfter: 0,
  requiresConfirmation: false,
  advanceBookingDays: DEFAULT_ADVANCE_BOOKING_DAYS,
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
} as const;
