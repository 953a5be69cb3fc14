import type { CalendarConnection } from '#functions/ports';

/**
 * Which calendar a Google connection reads and writes: the account and the calendar id. Bookings record it, so a
 * sync judges only the events of the calendar connected now (never a previous account's, which it cannot see).
 * The built-in calendar has none.
 */
export function calendarAccountOf(connection: CalendarConnection | null | undefined): string | null {
  if (connection?.provider !== 'google' || !connection.email) return null;
  return `${connection.email.toLowerCase()}/${connection.calendarId || 'primary'}`;
}
