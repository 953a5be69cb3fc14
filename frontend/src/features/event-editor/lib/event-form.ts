import type { z } from 'zod';

import type { MeetingType } from '#shared/api/schemas/bookings';
import type { eventBody, EventBody, HostEvent, locationTypeSchema } from '#shared/api/schemas/host-events';
import type { Settings } from '#shared/api/schemas/settings';
import {
  BUFFER_OPTIONS,
  DEFAULT_ADVANCE_BOOKING_DAYS,
  DEFAULT_EVENT_COLOR,
  DEFAULT_TIME_ZONE,
  EDIT_MODE_MINIMUM_NOTICE_FALLBACK,
  EVENT_DURATION_OPTIONS,
} from '#shared/constants';
import { GOOGLE_MEET_NEEDS_GOOGLE, locationDisplayText, type PhoneCaller } from '#shared/locations';
import { defaultAvailabilityRanges, NEW_EVENT_DEFAULTS } from '#shared/rules/event-defaults';
import { DEFAULT_PENDING_EXPIRY_HOURS } from '#shared/rules/pending';
import { DEFAULT_REMINDERS, normalizeReminders } from '#shared/rules/reminders';

/**
 * What the event editor's form holds (a new event's defaults, or the event in edit mode) and how it
 * becomes the request body. Numbers a host may empty while typing are kept as text and read on submit.
 */

export type LocationType = z.infer<typeof locationTypeSchema>;
export type NoticeUnit = EventBody['minimumNoticeUnit'];
export type AvailabilityRange = HostEvent['availabilityRanges'][number];

/** The request body as the server reads it (every default applied): the record the form edits. */
type EventRecord = z.output<typeof eventBody>;

/** The fields the form holds as the body has them. */
type RecordFields =
  | 'title'
  | 'slug'
  | 'description'
  | 'color'
  | 'meetingType'
  | 'bufferBefore'
  | 'bufferAfter'
  | 'requiresConfirmation'
  | 'remindHost'
  | 'minimumNoticeUnit'
  | 'showHostPhoto'
  | 'showEventPhoto'
  | 'eventPhotoUrl'
  | 'showGuestLogo'
  | 'guestLogoUrl'
  | 'themeColor'
  | 'secondaryColor'
  | 'customCss'
  | 'bookingTheme'
  | 'timeZone'
  | 'availabilityRanges';

/**
 * The event body's fields (availabilityRanges: seven, Sunday (0) to Saturday (6)), with the numbers a host types kept
 * as text and the form's own choices.
 */
export interface EventFormValues extends Pick<EventRecord, RecordFields> {
  /** Minutes as typed (the select's choice or the custom number). */
  duration: string;
  /** The custom number field shows instead of the select's choice. */
  customDuration: boolean;
  locationType: LocationType | '';
  /**
   * Issue 30: the address (in person), the host's number (phone, guests call) or the meeting link (own link); the
   * other types need none and send ''.
   */
  locationDetail: string;
  /** Phone meetings: who calls whom (guests call the host's number, or the host calls the number the guest gives). */
  phoneCaller: PhoneCaller;
  /**
   * Issue 31: hours a request waits for the host's confirmation before it expires and frees its time (never after the
   * meeting's start), as typed; blank falls back to 24.
   */
  pendingExpiryHours: string;
  /** Blank falls back to 60 (the advance booking window's default). */
  advanceBookingDays: string;
  /** Blank means no daily limit. */
  maxBookingsPerDay: string;
  minimumNoticeAmount: string;
  /** Minutes before the start of each reminder e-mail (shared/rules/reminders.ts), as chosen; empty: none. */
  reminders: number[];
}

/** A new event's meeting type until the host picks another (the server's default too). */
export const DEFAULT_MEETING_TYPE: MeetingType = 'consultation';

/** What a new event takes from the admin's booking settings (GET /api/settings). */
export type SettingsDefaults = Pick<Settings, 'meetingDuration' | 'breakBetweenMeetings'>;

/**
 * A new event's duration and buffer after from the admin's settings (issue 17): "Meeting duration" and "Break between
 * meetings", as the fields hold them; a value the editor does not offer is left out (the shared default stays).
 */
export function settingsDefaults(settings: SettingsDefaults): Partial<EventFormValues> {
  const defaults: Partial<EventFormValues> = {};
  const duration = settings.meetingDuration;
  if (Number.isInteger(duration) && duration > 0) {
    defaults.duration = String(duration);
    defaults.customDuration = !(EVENT_DURATION_OPTIONS as readonly number[]).includes(duration);
  }
  if ((BUFFER_OPTIONS as readonly number[]).includes(settings.breakBetweenMeetings))
    defaults.bufferAfter = settings.breakBetweenMeetings;
  return defaults;
}

/**
 * A new event's form: the shared defaults, numbers as the fields show them, no location type chosen; with
 * the admin's settings loaded, their duration and break as the buffer after.
 */
export function newEventFormValues(settings?: SettingsDefaults | null): EventFormValues {
  return {
    ...NEW_EVENT_DEFAULTS,
    title: '',
    slug: '',
    duration: String(NEW_EVENT_DEFAULTS.duration),
    customDuration: false,
    locationType: '',
    locationDetail: '',
    phoneCaller: 'guest',
    meetingType: DEFAULT_MEETING_TYPE,
    advanceBookingDays: String(NEW_EVENT_DEFAULTS.advanceBookingDays),
    maxBookingsPerDay: '',
    minimumNoticeAmount: String(NEW_EVENT_DEFAULTS.minimumNoticeAmount),
    reminders: [...DEFAULT_REMINDERS],
    remindHost: false,
    pendingExpiryHours: String(DEFAULT_PENDING_EXPIRY_HOURS),
    availabilityRanges: defaultAvailabilityRanges(),
    ...(settings ? settingsDefaults(settings) : {}),
  };
}

/** Fields that change together: the duration's select and its custom number are one field to the host. */
const LINKED_FIELDS: ReadonlyArray<readonly (keyof EventFormValues)[]> = [['duration', 'customDuration']];

/**
 * The part of `defaults` (settings that arrived after the form started) that may still change the form: fields the
 * host has not edited (`edited`, by name), and only values that differ from the form's now. Never an edited field.
 */
export function untouchedDefaults(
  values: EventFormValues,
  defaults: Partial<EventFormValues>,
  edited: ReadonlySet<string>,
): Partial<EventFormValues> {
  const blocked = new Set(edited);
  for (const group of LINKED_FIELDS)
    if (group.some((key) => edited.has(key))) for (const key of group) blocked.add(key);
  const kept = Object.entries(defaults).filter(
    ([key, value]) => !blocked.has(key) && values[key as keyof EventFormValues] !== value,
  );
  return Object.fromEntries(kept) as Partial<EventFormValues>;
}

/**
 * An event as loaded for editing; older records may lack the minimum notice, the reminders or the meeting type, or
 * carry the legacy `availability`.
 */
export type LoadedEvent = Omit<
  HostEvent,
  | 'minimumNoticeAmount'
  | 'availabilityRanges'
  | 'reminders'
  | 'remindHost'
  | 'meetingType'
  | 'locationDetail'
  | 'phoneCaller'
  | 'pendingExpiryHours'
> & {
  /** Events saved before issue 31 have no request expiry (24 hours). */
  pendingExpiryHours?: number | null;
  /** Events saved before issue 30 have no location detail or caller. */
  locationDetail?: string | null;
  phoneCaller?: PhoneCaller | null;
  minimumNoticeAmount?: number | null;
  meetingType?: MeetingType | null;
  reminders?: number[] | null;
  remindHost?: boolean | null;
  availabilityRanges?: AvailabilityRange[] | null;
  availability?: AvailabilityRange[] | null;
};

/** One range per weekday: the saved one where there is one, the default otherwise. */
function sevenDays(saved: readonly AvailabilityRange[]): AvailabilityRange[] {
  return defaultAvailabilityRanges().map((fallback) => {
    const found = saved.find((range) => range.dayOfWeek === fallback.dayOfWeek);
    return found
      ? { dayOfWeek: found.dayOfWeek, active: found.active, startTime: found.startTime, endTime: found.endTime }
      : fallback;
  });
}

/**
 * Edit mode: the form reset to the loaded event, with its theme, time zone and availability
 * (availabilityRanges, else the legacy availability); a missing minimum notice becomes 4, missing reminders the
 * defaults (a day and an hour before, host not reminded).
 */
export function formValuesFromEvent(event: LoadedEvent): EventFormValues {
  const ranges = event.availabilityRanges?.length ? event.availabilityRanges : (event.availability ?? []);
  return {
    title: event.title,
    slug: event.slug,
    description: event.description,
    duration: String(event.duration),
    customDuration: !(EVENT_DURATION_OPTIONS as readonly number[]).includes(event.duration),
    color: event.color || DEFAULT_EVENT_COLOR,
    locationType: event.locationType,
    locationDetail: event.locationDetail ?? '',
    phoneCaller: event.phoneCaller ?? 'guest',
    meetingType: event.meetingType ?? DEFAULT_MEETING_TYPE,
    bufferBefore: event.bufferBefore,
    bufferAfter: event.bufferAfter,
    requiresConfirmation: event.requiresConfirmation,
    pendingExpiryHours: String(event.pendingExpiryHours ?? DEFAULT_PENDING_EXPIRY_HOURS),
    reminders: normalizeReminders(event.reminders ?? DEFAULT_REMINDERS),
    remindHost: event.remindHost ?? false,
    advanceBookingDays: String(event.advanceBookingDays || DEFAULT_ADVANCE_BOOKING_DAYS),
    maxBookingsPerDay: event.maxBookingsPerDay === null ? '' : String(event.maxBookingsPerDay),
    minimumNoticeAmount: String(event.minimumNoticeAmount ?? EDIT_MODE_MINIMUM_NOTICE_FALLBACK),
    minimumNoticeUnit: event.minimumNoticeUnit,
    showHostPhoto: event.showHostPhoto,
    showEventPhoto: event.showEventPhoto,
    eventPhotoUrl: event.eventPhotoUrl,
    showGuestLogo: event.showGuestLogo,
    guestLogoUrl: event.guestLogoUrl,
    themeColor: event.themeColor,
    secondaryColor: event.secondaryColor,
    customCss: event.customCss,
    bookingTheme: event.bookingTheme,
    timeZone: event.timeZone || DEFAULT_TIME_ZONE,
    availabilityRanges: sevenDays(ranges),
  };
}

/** The reminders with one offset switched on or off (largest first, each once: as stored). */
export const toggleReminder = (reminders: readonly number[], minutes: number, on: boolean): number[] =>
  normalizeReminders(on ? [...reminders, minutes] : reminders.filter((offset) => offset !== minutes));

/** Text read as a number; blank (or not a number) gives `blank`. */
function numberOr<T>(text: string, blank: T): number | T {
  const trimmed = text.trim();
  return trimmed === '' ? blank : Number(trimmed);
}

/**
 * The body of POST /api/events and PATCH /api/events/{ref} (eventBody): location as display text from its type,
 * blank numbers as the limits say (advance window 60, daily limit none, notice 0), reminders sorted (largest first).
 * Checked by eventBody before sending.
 */
export function toEventBody(values: EventFormValues, extra: { id?: number; active?: boolean } = {}): EventBody {
  const { customDuration: _custom, locationType, locationDetail: _detail, phoneCaller: _caller, ...fields } = values;
  const location = locationType ? eventLocationOf({ ...values, locationType }) : null;
  return {
    ...fields,
    ...(extra.id !== undefined && { id: extra.id }),
    ...(extra.active !== undefined && { active: extra.active }),
    duration: numberOr(values.duration, Number.NaN),
    // An unselected type is left out, so the schema answers "Please select a location type."
    locationType: (locationType || undefined) as LocationType,
    locationDetail: location?.locationDetail ?? '',
    phoneCaller: location?.phoneCaller ?? null,
    location: location ? locationDisplayText(location) : '',
    advanceBookingDays: numberOr(values.advanceBookingDays, DEFAULT_ADVANCE_BOOKING_DAYS),
    maxBookingsPerDay: numberOr(values.maxBookingsPerDay, null),
    minimumNoticeAmount: numberOr(values.minimumNoticeAmount, 0),
    pendingExpiryHours: numberOr(values.pendingExpiryHours, DEFAULT_PENDING_EXPIRY_HOURS),
    reminders: normalizeReminders(values.reminders),
  };
}

/** Which location types ask the host for a detail, and what the field is called. */
export const LOCATION_DETAIL_FIELDS = {
  'in-person': { label: 'Address', placeholder: 'e.g. 12 Main Street, Springfield' },
  link: { label: 'Meeting link', placeholder: 'https://zoom.us/j/…' },
  phone: { label: 'Your phone number', placeholder: 'e.g. +1 555 010 0100' },
} as const satisfies Partial<Record<LocationType, { label: string; placeholder: string }>>;

/** Whether the form shows the address / number / link field for these values. */
export const asksLocationDetail = (values: Pick<EventFormValues, 'locationType' | 'phoneCaller'>): boolean =>
  values.locationType === 'in-person' ||
  values.locationType === 'link' ||
  (values.locationType === 'phone' && values.phoneCaller === 'guest');

/**
 * The event's location fields as sent: the detail only where the type asks for one (trimmed; '' otherwise, so a
 * detail typed for another type is never kept), the caller only for a phone call.
 */
export function eventLocationOf(
  values: Pick<EventFormValues, 'locationDetail' | 'phoneCaller'> & { locationType: LocationType },
): { locationType: LocationType; locationDetail: string; phoneCaller: PhoneCaller | null } {
  return {
    locationType: values.locationType,
    locationDetail: asksLocationDetail(values) ? values.locationDetail.trim() : '',
    phoneCaller: values.locationType === 'phone' ? values.phoneCaller : null,
  };
}

/** What the host typed per location type, kept while they switch between types in one visit. */
export type LocationDrafts = Partial<Record<LocationType, string>>;

/**
 * The changes of picking another location type: the detail typed for the old type is kept aside (in `drafts`), and
 * the new type's own draft comes back (an address never shows up as a meeting link).
 */
export function switchLocationType(
  values: Pick<EventFormValues, 'locationType' | 'locationDetail'>,
  next: LocationType | '',
  drafts: LocationDrafts,
): { changes: Pick<EventFormValues, 'locationType' | 'locationDetail'>; drafts: LocationDrafts } {
  const kept = values.locationType ? { ...drafts, [values.locationType]: values.locationDetail } : { ...drafts };
  return { changes: { locationType: next, locationDetail: (next && kept[next]) || '' }, drafts: kept };
}

/**
 * Google Meet needs the host's Google Calendar (issue 30): when the calendar status says it is not Google, the
 * option is disabled and an event that has it says why. `googleConnected` null: not known (yet), or a team event,
 * whose hosts the server checks.
 */
export function locationTypeProblem(
  values: Pick<EventFormValues, 'locationType'>,
  googleConnected: boolean | null,
): string | null {
  return values.locationType === 'google-meet' && googleConnected === false ? GOOGLE_MEET_NEEDS_GOOGLE : null;
}

/** The calendar status answer (GET /api/user/calendar) read as "is Google Calendar connected"; null while unknown. */
export const isGoogleConnected = (
  status: { connected: boolean; provider: 'google' | 'builtin' | null } | undefined,
): boolean | null => (status ? status.connected && status.provider === 'google' : null);

/** The first message per field path ("title", "availabilityRanges.1.endTime"). */
export function errorsByPath(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
