/** Business constants in one place (what README.md's map and docs/ describe), imported by front end and functions. */

export const PRODUCT_NAME = 'Meetwise';
/** The session cookie's name: written by the session adapter, read by the HTTP layer, named by the OpenAPI document. */
export const SESSION_COOKIE_NAME = 'meetwise_session';

/** The meeting types and their labels (an event type carries one). */
export const MEETING_TYPES = {
  consultation: 'Initial Consultation',
  followup: 'Follow-up Meeting',
  project: 'Project Discussion',
  other: 'Other',
} as const;
export type MeetingType = keyof typeof MEETING_TYPES;

/** Admin booking settings (the admin dashboard's options; PUT /api/settings in docs/api.md). */
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

/** The calendar settings: all on until the host changes them. */
export const DEFAULT_CALENDAR_SETTINGS = {
  addToCalendar: true,
  updateOnReschedule: true,
  deleteOnCancel: true,
} as const;

/**
 * Why connecting Google Calendar failed, by the code our OAuth callback puts in the authorization window's address
 * (/calendar-connected?error={code}); the window shows only these texts, never text from the address.
 */
export const CALENDAR_CONNECT_ERRORS = {
  googleNotConfigured: 'Google Calendar is not configured on this server. Use the built-in calendar instead.',
  expired:
    'This calendar connection has expired or was started in another sign-in. Please try again from the Calendar Integration page.',
  cancelled: 'Google Calendar access was not granted.',
  notConfirmed: 'Google could not confirm the calendar connection. Please try again.',
  scopes:
    'Meetwise needs to see when you are busy and to add events to your calendar. Please connect again and allow both.',
  noRefreshToken: 'Google did not grant lasting access to the calendar. Please connect again.',
  changed: 'Your calendar connection changed meanwhile (in another window?). Please try again.',
} as const;
export type CalendarConnectError = keyof typeof CALENDAR_CONNECT_ERRORS;

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

/** Toasts: one at a time, and how long each stays. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const MOBILE_BREAKPOINT_PX = 768;

/** The Terms of Service and the Privacy Policy. */
export const LEGAL_EFFECTIVE_DATE = 'April 1, 2025';
export const MINIMUM_AGE = 18;

/** Plan prices in US dollars (lifetime is $79, as the payment code charges it). */
export const PLAN_PRICES = { monthly: 3, annual: 29, lifetime: 79 } as const;
export const TRIAL_DAYS = 7;
/**
 * What the landing page's "about four times cheaper" claim rests on: a
 * competitor's public list price per month against our monthly plan. Re-check the list price before changing the
 * page; a unit test keeps the claimed ratio true to these figures.
 */
export const PRICE_COMPARISON = {
  competitor: 'Calendly Standard',
  competitorMonthlyUsd: 12,
  source: "calendly.com/pricing, one seat billed monthly (the list price when this page's claim was written, 2025)",
} as const;

/** Event types: defaults and limits. */
export const DEMO_EVENT_ID = 999;
export const DEFAULT_EVENT_COLOR = '#EA580C';
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const EVENT_DURATION_MIN = 5;
export const EVENT_DURATION_MAX = 240;
export const BUFFER_OPTIONS = [0, 5, 10, 15, 30, 45, 60] as const;
export const MAX_BUFFER_MINUTES = BUFFER_OPTIONS[BUFFER_OPTIONS.length - 1]!;
/** The longest time one booking can block: the longest event plus the largest buffers on both sides. */
export const MAX_BLOCKED_MINUTES = EVENT_DURATION_MAX + 2 * MAX_BUFFER_MINUTES;

/** Booking form limits: the spec's rules, our maximums (createBooking in docs/api.md). */
export const BOOKING_LIMITS = { nameMax: 100, additionalInfoMax: 2000, guestsMax: 10, reasonMax: 500 } as const;
/** How long an Idempotency-Key keeps its first answer. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** The event editor: its choices, defaults and our upper bounds. */
export const EVENT_DURATION_OPTIONS = [15, 30, 45, 60, 90] as const;
export const DEFAULT_CARD_COLOR = '#FF9800';
export const LOGO_COLOR_FALLBACK = '#3B82F6';
export const DEFAULT_ADVANCE_BOOKING_DAYS = 60;
/** Our upper bounds where the spec names none. */
export const MAX_ADVANCE_BOOKING_DAYS = 365;
export const MAX_BOOKINGS_PER_DAY = 100;
export const MAX_MINIMUM_NOTICE_AMOUNT = 1000;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_TITLE_MAX = 200;
export const CUSTOM_CSS_MAX = 10_000;
/** Minimum notice when an event being edited has none (the editor's edit mode). */
export const EDIT_MODE_MINIMUM_NOTICE_FALLBACK = 4;
/** Event photo and guest logo: at most 5 MB. */
export const EVENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The message for an event image over 5 MB. */
export const EVENT_IMAGE_TOO_LARGE = 'The image file must be less than 5MB in size.';
/** The profile photo over its 2 MB. */
export const PHOTO_TOO_LARGE = 'The photo must be 2 MB or smaller.';
export const TIME_ZONE_OPTIONS = [
  { value: 'America/New_York', label: 'Eastern Time (US & Canada)' },
  { value: 'America/Chicago', label: 'Central Time (US & Canada)' },
  { value: 'America/Denver', label: 'Mountain Time (US & Canada)' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (US & Canada)' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Australia/Sydney', label: 'Sydney' },
] as const;
/** The location types and their names: shared/locations.ts (issue 30). */
export { LOCATION_TYPES } from '#shared/locations';
/** Event slugs: lower-case letters, digits and hyphens, 3–60 characters; these words are paths of their own. */
export const EVENT_SLUG_MIN = 3;
export const EVENT_SLUG_MAX = 60;
export const RESERVED_EVENT_SLUGS = ['new', 'dashboard', 'public', 'slug'] as const;
/** The trial-expired tooltip, also the 402 answer to activating then. */
export const TRIAL_EXPIRED_ACTIVATION_MESSAGE =
  'Your free trial has expired. Please upgrade to a paid plan to activate events.';

/** The guest checkout's e-mail check: text, an at sign, text, a dot, text, no spaces. */
export const GUEST_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const GUEST_EMAIL_MESSAGE = 'Please enter a valid email address';
