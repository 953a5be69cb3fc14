import { DEFAULT_CALENDAR_SETTINGS } from '#shared/constants';
import type {
  BookingRecord,
  CalendarConnection,
  CalendarProviderName,
  CalendarSettings,
  HostRecord,
} from '#functions/domain/records';

/**
 * Which calendar a Google connection reads and writes: the account and the calendar id. Bookings record it, so a
 * sync judges only the events of the calendar connected now (never a previous account's, which it cannot see).
 * The built-in calendar has none.
 */
export function calendarAccountOf(connection: CalendarConnection | null | undefined): string | null {
  if (connection?.provider !== 'google' || !connection.email) return null;
  return `${connection.email.toLowerCase()}/${connection.calendarId || 'primary'}`;
}

/**
 * The built-in calendar, connected: the host's bookings are the calendar (an ICS feed can be turned on). New
 * accounts start with it, so a new host is bookable at once (issue 13, item 14); they can switch to Google.
 */
export function builtinConnection(email: string): CalendarConnection {
  return {
    provider: 'builtin',
    connected: true,
    email,
    lastSynced: null,
    sealedRefreshToken: null,
    calendarId: null,
    sealedFeedToken: null,
    feedTokenHash: null,
  };
}

/** The host's calendar switches, the defaults where never saved. */
export function calendarSettingsOf(host: Pick<HostRecord, 'calendarSettings'>): CalendarSettings {
  return { ...DEFAULT_CALENDAR_SETTINGS, ...host.calendarSettings };
}

/** The adapter of the calendar the host has connected now, or undefined (none, disconnected, or not available). */
export function connectedCalendar<Provider>(
  calendars: Partial<Record<CalendarProviderName, Provider>>,
  host: Pick<HostRecord, 'calendar'> | null | undefined,
): Provider | undefined {
  return host?.calendar?.connected ? calendars[host.calendar.provider] : undefined;
}

/** Whether the booking's event lives in the calendar connected now (same provider, account and calendar). */
export function inConnectedCalendar(
  connection: CalendarConnection | null | undefined,
  booking: BookingRecord,
): boolean {
  return (
    Boolean(connection?.connected) &&
    booking.calendarEventId !== null &&
    booking.calendarProvider === connection!.provider &&
    (booking.calendarAccount ?? null) === calendarAccountOf(connection)
  );
}
