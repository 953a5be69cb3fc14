import { randomBytes } from 'node:crypto';

/** The seven days of the week with the same hours; `days` (0 = Sunday) are active, the others off. */
export const weeklyRanges = (start: string, end: string, days: readonly number[] = [1, 2, 3, 4, 5]) =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    active: days.includes(dayOfWeek),
    startTime: start,
    endTime: end,
  }));

/** Every field the event editor sends (POST /api/events), with the spec's new-event defaults. */
export const eventBody = (overrides: Record<string, unknown> = {}) => ({
  id: null,
  slug: `consult-${randomBytes(4).toString('hex')}`,
  title: 'Consultation',
  description: 'Thirty minutes to talk things through.',
  duration: 30,
  color: '#EA580C',
  // Issue 30: Google Meet needs Google Calendar, which a new host does not have; the built-in video call needs nothing.
  locationType: 'video',
  location: 'Video call',
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
  timeZone: 'America/New_York',
  availabilityRanges: weeklyRanges('09:00', '18:00'),
  ...overrides,
});
