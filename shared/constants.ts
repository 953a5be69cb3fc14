/** Business constants from the spec (section 9 of both documents). One place, imported by front end and functions. */

export const PRODUCT_NAME = 'Meetwise';

/** Admin booking settings (booking-landing-auth-admin.md §5). */
export const MEETING_DURATION_OPTIONS = [15, 30, 45, 60] as const;
export const BREAK_OPTIONS = [0, 5, 10, 15, 30] as const;

export const DEFAULT_SETTINGS = {
  availableForBookings: true,
  autoConfirmBookings: true,
  emailNotifications: true,
  meetingDuration: 30,
  breakBetweenMeetings: 0,
  adminEmail: '',
  googleCalendarId: '',
} as const;

/** Contact form limits: the minimums are the spec's, the maximums ours (the spec shows none). */
export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  subjectMin: 5,
  subjectMax: 200,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** Request bodies above this size are refused with 413 before parsing. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

/** Toasts (booking-landing-auth-admin.md §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const MOBILE_BREAKPOINT_PX = 768;

/** Legal documents (host-area.md §9). */
export const LEGAL_EFFECTIVE_DATE = 'April 1, 2025';
export const MINIMUM_AGE = 18;

/** Plan prices in US dollars (host-area.md §9: lifetime is $79 in payment logic). */
export const PLAN_PRICES = { monthly: 3, annual: 29, lifetime: 79 } as const;
export const TRIAL_DAYS = 7;

/** Event types (host-area.md §3, §5, §9). */
export const DEMO_EVENT_ID = 999;
export const DEFAULT_EVENT_COLOR = '#EA580C';
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const EVENT_DURATION_MIN = 5;
export const EVENT_DURATION_MAX = 240;
export const BUFFER_OPTIONS = [0, 5, 10, 15, 30, 45, 60] as const;
export const MAX_BUFFER_MINUTES = BUFFER_OPTIONS[BUFFER_OPTIONS.length - 1]!;
/** The longest time one booking can block: the longest event plus the largest buffers on both sides. */
export const MAX_BLOCKED_MINUTES = EVENT_DURATION_MAX + 2 * MAX_BUFFER_MINUTES;

/** Booking form limits: the spec's rules, our maximums (booking-landing-auth-admin.md §5). */
export const BOOKING_LIMITS = { nameMax: 100, additionalInfoMax: 2000, guestsMax: 10 } as const;
/** How long an Idempotency-Key keeps its first answer. */
export const IDEMPOTENCY_TTL_HOURS = 24;
