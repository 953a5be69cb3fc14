import type { PublicEvent } from '#shared/api/schemas/events';
import { DEFAULT_ADVANCE_BOOKING_DAYS, DEFAULT_EVENT_COLOR } from '#shared/constants';
import { locationDisplayText, meetingPlace, type EventLocation } from '#shared/locations';
import { addDays, addMonths, daysInMonth, isoDate, weekday, yearMonthOf } from '#frontend/lib/dates.ts';
import type { TimeSlot } from '#frontend/lib/time-slot.ts';

/**
 * Sample data for the landing page's read-only booking demo.
 * Everything is computed in the browser; the demo never calls the API.
 */

/** The sample event's place (issue 30): the built-in video call, which every host can offer. */
const SAMPLE_LOCATION: EventLocation = { locationType: 'video' };

/** A sample event shaped like the public event answer; the host works in the visitor's own zone. */
export function previewEvent(timeZone: string): PublicEvent {
  return {
    id: 0,
    userId: 'preview',
    title: 'Intro Call',
    slug: 'intro-call',
    description: 'A short call to get to know each other and see how we can work together.',
    duration: 30,
    location: locationDisplayText(SAMPLE_LOCATION),
    place: meetingPlace(SAMPLE_LOCATION),
    asksForPhone: false,
    color: DEFAULT_EVENT_COLOR,
    timeZone,
    eventPhotoUrl: null,
    showEventPhoto: false,
    showGuestLogo: false,
    guestLogoUrl: null,
    hostName: 'Sam Sample',
    hostPhotoUrl: null,
    showHostPhoto: true,
    bookingTheme: 'light',
    themeColor: null,
    secondaryColor: null,
    customCss: '',
    acceptingBookings: true,
    advanceBookingDays: DEFAULT_ADVANCE_BOOKING_DAYS,
  };
}

/** Sample working hours, in the visitor's local time: 9:00–12:00 and 13:00–17:00, 30-minute slots. */
const SLOT_STARTS_MINUTES = [
  ...Array.from({ length: 6 }, (_, i) => 9 * 60 + i * 30),
  ...Array.from({ length: 8 }, (_, i) => 13 * 60 + i * 30),
];
const SLOT_MINUTES = 30;

const isWeekend = (date: string): boolean => weekday(date) === 0 || weekday(date) === 6;

/**
 * The sample free slots of a date (weekdays only), with a few of them "taken" so the day looks lived-in. Starts are
 * built with the browser's local clock, which is the zone the demo shows (detectTimeZone); past times are left out.
 */
export function previewSlots(date: string, now: Date = new Date()): TimeSlot[] {
  if (isWeekend(date)) return [];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return SLOT_STARTS_MINUTES.filter((_, index) => (day + index) % 4 !== 0)
    .map((minutes) => {
      const start = new Date(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
      const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
      return { start: start.toISOString(), end: end.toISOString() };
    })
    .filter((slot) => new Date(slot.start) > now);
}

/**
 * Which dates of the current and next month (from `today`) have sample slots: weekdays from today on are available,
 * weekends and past days are not. A later weekday always keeps some of its slots (previewSlots leaves out at most 4
 * of 14), so only today's are built, to see whether any is still ahead.
 */
export function previewAvailability(today: string, now: Date = new Date()): Map<string, boolean> {
  const availability = new Map<string, boolean>();
  const thisMonth = yearMonthOf(today);
  for (const view of [thisMonth, addMonths(thisMonth, 1)]) {
    const first = isoDate(view.year, view.month, 1);
    for (let offset = 0; offset < daysInMonth(view); offset++) {
      const date = addDays(first, offset);
      const open = date > today ? !isWeekend(date) : date === today && previewSlots(date, now).length > 0;
      availability.set(date, open);
    }
  }
  return availability;
}
