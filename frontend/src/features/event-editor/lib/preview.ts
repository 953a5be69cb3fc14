import { fromZonedTime } from 'date-fns-tz';
import type { PublicEvent } from '#shared/api/schemas/events';
import type { DateOverride } from '#shared/api/schemas/host-events';
import { DEFAULT_ADVANCE_BOOKING_DAYS, LOCATION_TYPES } from '#shared/constants';
import type { TimeSlot } from '#frontend/features/booking/api/booking-queries.ts';
import { addDays, addMonths, daysInMonth, isoDate, weekday, type YearMonth } from '#frontend/features/booking/lib/dates.ts';
import type { EventFormValues } from './event-form.ts';

/**
 * The live preview's data (host-area.md §2 "Create/edit event screen"): the form's values shaped like the public
 * event answer, and the free slots the working hours, date exceptions, duration, minimum notice and booking window
 * would give an event with no bookings yet. Slots are laid out in the event's zone, stepping by the duration.
 */

export interface PreviewHost {
  name: string;
  photoUrl: string | null;
}

export function previewEvent(values: EventFormValues, host: PreviewHost, id: number): PublicEvent {
  const duration = Number(values.duration);
  return {
    id,
    userId: 'preview',
    title: values.title.trim() || 'Untitled event',
    slug: values.slug,
    description: values.description,
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    location: values.locationType ? LOCATION_TYPES[values.locationType] : '',
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
  };
}

/** The values that decide the preview's slots. */
export type SlotSettings = Pick<
  EventFormValues,
  'availabilityRanges' | 'duration' | 'timeZone' | 'advanceBookingDays' | 'minimumNoticeAmount' | 'minimumNoticeUnit'
>;

const NOTICE_MINUTES = { minutes: 1, hours: 60, days: 24 * 60 } as const;
const toMinutes = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

interface MinuteRange {
  start: number;
  end: number;
}

const isBlank = (time: string | null | undefined): boolean => !time || time.trim() === '';

/** 'HH:MM'–'HH:MM' in minutes, as the engine reads it: an end of '00:00' or '24:00' is the next midnight. */
const minuteRange = (startTime: string, endTime: string): MinuteRange => {
  const end = endTime === '24:00' ? 24 * 60 : toMinutes(endTime);
  return { start: toMinutes(startTime), end: end === 0 ? 24 * 60 : end };
};

/**
 * The working ranges of one date, exactly as the availability engine folds date exceptions
 * (functions/src/domain/availability.ts `overrideHoursByDay`): any unavailable exception blocks the date; else the
 * available ones with both a start and an end replace the weekday's hours (several make several ranges); else
 * (no exception, or only ones with a blank start or end) the weekday's active ranges apply, so a date on an
 * inactive weekday stays closed. A range whose end is not after its start gives nothing.
 */
function rangesOn(values: SlotSettings, overrides: readonly DateOverride[], date: string): MinuteRange[] {
  const ofDate = overrides.filter((candidate) => candidate.date === date);
  if (ofDate.some((override) => !override.available)) return [];
  const explicit = ofDate
    .filter((override) => !isBlank(override.startTime) && !isBlank(override.endTime))
    .map((override) => minuteRange(override.startTime!, override.endTime!));
  const ranges = explicit.length
    ? explicit
    : values.availabilityRanges
        .filter((range) => range.active && range.dayOfWeek === weekday(date))
        .map((range) => minuteRange(range.startTime, range.endTime));
  return ranges.filter((range) => range.start < range.end);
}

const advanceDays = (values: SlotSettings): number => Number(values.advanceBookingDays) || DEFAULT_ADVANCE_BOOKING_DAYS;

/** The preview's free slots of `date` (in the event's zone), from the minimum notice on, within the booking window. */
export function previewSlots(
  values: SlotSettings,
  overrides: readonly DateOverride[],
  date: string,
  today: string,
  now: Date = new Date(),
): TimeSlot[] {
  const duration = Number(values.duration);
  const ranges = rangesOn(values, overrides, date);
  if (!ranges.length || !(duration >= 1) || date < today || date > addDays(today, advanceDays(values))) return [];
  const notice = (Number(values.minimumNoticeAmount) || 0) * NOTICE_MINUTES[values.minimumNoticeUnit];
  const earliest = now.getTime() + notice * 60_000;
  // Each range gets its own grid; a start listed by two ranges appears once.
  const starts = new Set<number>();
  for (const range of ranges) {
    for (let minute = range.start; minute + duration <= range.end; minute += duration) starts.add(minute);
  }
  const slots: TimeSlot[] = [];
  for (const minute of [...starts].sort((a, b) => a - b)) {
    const wallClock = `${date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
    const start = fromZonedTime(wallClock, values.timeZone);
    if (start.getTime() < earliest) continue;
    slots.push({ start: start.toISOString(), end: new Date(start.getTime() + duration * 60_000).toISOString() });
  }
  return slots;
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
  for (const month of [view, addMonths(view, 1)]) {
    for (let day = 1; day <= daysInMonth(month); day++) {
      const date = isoDate(month.year, month.month, day);
      availability.set(date, previewSlots(values, overrides, date, today, now).length > 0);
    }
  }
  return availability;
}
