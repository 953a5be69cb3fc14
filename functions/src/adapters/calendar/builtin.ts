import type { CalendarProvider } from '#functions/ports';

/**
 * The built-in calendar: for hosts without Google Calendar, the host's Meetwise bookings are the calendar.
 * It knows no other commitments (the host's bookings are already busy), and a booking's calendar event is the
 * booking itself, recorded on it under a deterministic id.
 */
export const builtinCalendar: CalendarProvider = {
  async busyTimes() {
    return [];
  },
  plannedEventId(booking) {
    return `builtin-${booking.id}`;
  },
  async createEvent() {
    return true;
  },
};
