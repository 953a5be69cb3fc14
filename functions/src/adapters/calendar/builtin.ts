import type { CalendarProvider } from '#functions/ports/calendar';

/**
 * The built-in calendar: for hosts without Google Calendar, the host's Meetwise bookings are the calendar (offered
 * to calendar apps through the private ICS feed). It knows no other commitments (the host's bookings are already
 * busy) and sends no invitations: a booking's event is the booking itself, so `createEvent` answers false (the
 * guest's confirmation then says so rather than promising a calendar invitation).
 */
export const builtinCalendar: CalendarProvider = {
  createsEvents: false,
  async busyTimes() {
    return [];
  },
  plannedEventId(booking) {
    return `builtin-${booking.id}`;
  },
  async createEvent() {
    return false;
  },
  async moveEvent() {
    // The rescheduled booking is its own event in the feed; the old one shows as cancelled.
    return false;
  },
  async deleteEvent() {
    // The booking's cancellation is its event's cancellation: the feed lists it as CANCELLED.
  },
  forget() {},
};
