import type { PublicEvent } from '#shared/api/schemas/events';
import type { DateOverride } from '#shared/api/schemas/host-events';
import {
  AvailabilityInputError,
  availableDatesForMonth,
  timeSlotsForDate,
  type AvailabilityInput,
} from '#shared/availability/engine';
import { DEFAULT_ADVANCE_BOOKING_DAYS } from '#shared/constants';
import { locationDisplayText, meetingPlace } from '#shared/locations';
import { eventLocationOf, type EventFormValues } from '#frontend/features/event-editor/lib/event-form.ts';
import { addMonths, type YearMonth } from '#frontend/lib/dates.ts';
import type { TimeSlot } from '#frontend/lib/time-slot.ts';

/**
 * The live preview's data (on the create/edit event screen): the form's values shaped like the public
 * event answer, and the free slots the working hours, date exceptions, duration, minimum notice and booking window
 * would give an event with no bookings yet, as the availability engine answers them in the event's zone.
 */

export interface PreviewHost {
  name: string;
  photoUrl: string | null;
  /** A team event (issue 28): its team (whose name and logo are `name` and `photoUrl`) and its chosen hosts. */
  team?: { name: string; slug: string; logoUrl: string | null } | null;
  hosts?: { name: string; photoUrl: string | null }[] | null;
}

export function previewEvent(values: EventFormValues, host: PreviewHost, id: number): PublicEvent {
  const duration = Number(values.duration);
  const location = values.locationType ? eventLocationOf({ ...values, locationType: values.locationType }) : null;
  return {
    id,
    userId: 'preview',
    title: values.title.trim() || 'Untitled event',
    slug: values.slug,
    description: values.description,
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    location: location ? locationDisplayText(location) : '',
    // As the booking page shows it before a booking (issue 30): no link yet.
    ...(location && { place: { ...meetingPlace(location), url: null }, asksForPhone: location.phoneCaller === 'host' }),
    color: values.color,
    timeZone: values.timeZone,
    eventPhotoUrl: values.eventPhotoUrl,
    showEventPhoto: values.showEventPhoto,
    showGuestLogo: values.showGuestLogo,
    guestLogoUrl: values.guestLogoUrl,
    hostName: host.name,
    hostPhotoUrl: host.photoUrl,
    showHostPhoto: values.showHostPhoto,
    bookingTheme: values.bookingTheme,
    themeColor: values.themeColor,
    secondaryColor: values.secondaryColor,
    customCss: values.customCss,
    // The preview shows the page as guests will see it once bookable.
    acceptingBookings: true,
    advanceBookingDays: Number(values.advanceBookingDays) || DEFAULT_ADVANCE_BOOKING_DAYS,
    team: host.team ?? null,
    hosts: host.hosts ?? null,
  };
}

/** The values that decide the preview's slots. */
export type SlotSettings = Pick<
  EventFormValues,
  'availabilityRanges' | 'duration' | 'timeZone' | 'advanceBookingDays' | 'minimumNoticeAmount' | 'minimumNoticeUnit'
>;

/**
 * The engine's input for an event with these settings and no bookings yet; null while the form holds a duration
 * the engine cannot lay slots out with. Blank numbers read as the server reads them (advance window 60, notice 0).
 */
function engineInput(values: SlotSettings, overrides: readonly DateOverride[], now: Date): AvailabilityInput | null {
  const duration = Number(values.duration);
  if (!Number.isInteger(duration) || duration < 1) return null;
  return {
    event: {
      duration,
      timeZone: values.timeZone,
      availabilityRanges: values.availabilityRanges,
      bufferBefore: 0,
      bufferAfter: 0,
      minimumNoticeAmount: Number(values.minimumNoticeAmount) || 0,
      minimumNoticeUnit: values.minimumNoticeUnit,
      advanceBookingDays: Number(values.advanceBookingDays) || DEFAULT_ADVANCE_BOOKING_DAYS,
      maxBookingsPerDay: null,
    },
    overrides,
    busy: [],
    bookingStarts: [],
    now,
  };
}

/** The engine's answer, or `fallback` for settings it refuses (a time zone or a time being typed). */
function askEngine<T>(answer: () => T, fallback: T): T {
  try {
    return answer();
  } catch (error) {
    if (error instanceof AvailabilityInputError) return fallback;
    throw error;
  }
}

/**
 * The preview's free slots of `date` in the event's zone: the availability engine's own answer for an event with
 * these settings and no bookings, so the preview can never disagree with the booking page. `today` is the date
 * the editor shows as today; days before it have no slots.
 */
export function previewSlots(
  values: SlotSettings,
  overrides: readonly DateOverride[],
  date: string,
  today: string,
  now: Date = new Date(),
): TimeSlot[] {
  const input = engineInput(values, overrides, now);
  if (!input || date < today) return [];
  return askEngine(
    () =>
      timeSlotsForDate(input, { date, guestTimeZone: values.timeZone }).map((slot) => ({
        start: new Date(slot.start).toISOString(),
        end: new Date(slot.end).toISOString(),
      })),
    [],
  );
}

/** Which dates of the shown month (and the next, for quick paging) have preview slots. */
export function previewAvailability(
  values: SlotSettings,
  overrides: readonly DateOverride[],
  view: YearMonth,
  today: string,
  now: Date = new Date(),
): Map<string, boolean> {
  const availability = new Map<string, boolean>();
  const input = engineInput(values, overrides, now);
  for (const month of [view, addMonths(view, 1)]) {
    const dates = input
      ? askEngine(() => availableDatesForMonth(input, { ...month, guestTimeZone: values.timeZone }), [])
      : [];
    for (const { date, hasTimeSlots } of dates) availability.set(date, hasTimeSlots && date >= today);
  }
  return availability;
}
