import { describe, expect, it } from 'vitest';

import type { BookingListItem } from '#shared/api/schemas/bookings';
import {
  formatDayRange,
  formatMeetingDate,
  fullName,
  initialsOf,
  meetingTypeLabel,
} from '#frontend/features/admin/lib/display.ts';
import {
  DEFAULT_RANGE,
  quickStats,
  RANGE_OPTIONS,
  rangeFor,
  statsWindow,
  weekOf,
  type RangeKey,
} from '#frontend/features/admin/lib/ranges.ts';
import { addDays, weekday } from '#frontend/lib/dates.ts';

/**
 * The admin dashboard's pure rules (its date ranges and stats): the four
 * ranges at week, month and year edges and in DST weeks, the Quick Stats of one list call, and what the table shows.
 */

const NY = 'America/New_York';
const range = (key: RangeKey, today: string) => rangeFor(key, today);

describe('ranges', () => {
  it('offers Today, This Week, Next Week and This Month, This Week by default', () => {
    expect(RANGE_OPTIONS.map((option) => option.label)).toEqual(['Today', 'This Week', 'Next Week', 'This Month']);
    expect(DEFAULT_RANGE).toBe('thisWeek');
  });

  it('Today is the one day', () => {
    expect(range('today', '2026-03-10')).toEqual({ start: '2026-03-10', end: '2026-03-10' });
  });

  it('on a Saturday, This Week ends that day and Next Week starts the next', () => {
    expect(weekday('2026-03-07')).toBe(6);
    expect(range('thisWeek', '2026-03-07')).toEqual({ start: '2026-03-01', end: '2026-03-07' });
    expect(range('nextWeek', '2026-03-07')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
  });

  it('on a Sunday, This Week starts that day (weeks run Sunday to Saturday)', () => {
    expect(weekday('2026-03-08')).toBe(0);
    expect(range('thisWeek', '2026-03-08')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(range('nextWeek', '2026-03-08')).toEqual({ start: '2026-03-15', end: '2026-03-21' });
  });

  it('the weeks of the DST changes in America/New_York are whole calendar weeks of 7 dates', () => {
    // Clocks go forward on Sunday 8 March 2026 and back on Sunday 1 November 2026.
    expect(range('thisWeek', '2026-03-11')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(range('nextWeek', '2026-03-04')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(range('thisWeek', '2026-11-07')).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(range('nextWeek', '2026-10-31')).toEqual({ start: '2026-11-01', end: '2026-11-07' });
  });

  it('weeks run across month and year ends', () => {
    expect(range('thisWeek', '2026-01-31')).toEqual({ start: '2026-01-25', end: '2026-01-31' });
    expect(range('nextWeek', '2026-01-31')).toEqual({ start: '2026-02-01', end: '2026-02-07' });
    expect(range('thisWeek', '2026-04-30')).toEqual({ start: '2026-04-26', end: '2026-05-02' });
    expect(range('thisWeek', '2026-12-30')).toEqual({ start: '2026-12-27', end: '2027-01-02' });
    expect(range('nextWeek', '2026-12-30')).toEqual({ start: '2027-01-03', end: '2027-01-09' });
    expect(range('thisWeek', '2027-01-01')).toEqual({ start: '2026-12-27', end: '2027-01-02' });
  });

  it('This Month runs from today to 30 days ahead, not the calendar month', () => {
    expect(range('thisMonth', '2026-03-10')).toEqual({ start: '2026-03-10', end: '2026-04-09' });
    expect(range('thisMonth', '2026-01-31')).toEqual({ start: '2026-01-31', end: '2026-03-02' });
    expect(range('thisMonth', '2026-04-30')).toEqual({ start: '2026-04-30', end: '2026-05-30' });
    expect(range('thisMonth', '2026-03-31')).toEqual({ start: '2026-03-31', end: '2026-04-30' });
    expect(range('thisMonth', '2026-12-30')).toEqual({ start: '2026-12-30', end: '2027-01-29' });
    expect(range('thisMonth', '2028-02-28')).toEqual({ start: '2028-02-28', end: '2028-03-29' }); // leap year
  });

  it('every day of two years: the stats window starts on this week’s Sunday, ends today + 30, holds every range and fits the API’s 92 days', () => {
    for (let today = '2026-01-01'; today <= '2027-12-31'; today = addDays(today, 1)) {
      const window = statsWindow(today);
      expect(weekday(window.start)).toBe(0);
      expect(window).toEqual({ start: weekOf(today).start, end: addDays(today, 30) });
      const days = (Date.parse(window.end) - Date.parse(window.start)) / 86_400_000 + 1;
      expect(days).toBeGreaterThanOrEqual(31);
      expect(days).toBeLessThanOrEqual(37);
      for (const { key } of RANGE_OPTIONS) {
        const { start, end } = rangeFor(key, today);
        expect(start >= window.start && end <= window.end, `${key} on ${today}`).toBe(true);
        expect(start <= end).toBe(true);
      }
      const next = rangeFor('nextWeek', today);
      expect([weekday(next.start), weekday(next.end)]).toEqual([0, 6]);
      expect(next.start).toBe(addDays(weekOf(today).end, 1));
    }
  });
});

describe('quick stats', () => {
  const booking = (startTime: string, status: BookingListItem['status'] = 'confirmed') => ({ startTime, status });

  it('counts from one list call in the DST week of America/New_York', () => {
    // Tuesday 10 March 2026, 11:00 EDT; the week is 8-14 March (clocks went forward on the 8th), the window 8 March
    // to 9 April.
    const today = '2026-03-10';
    const now = Date.parse('2026-03-10T15:00:00Z');
    const bookings = [
      booking('2026-03-08T04:30:00Z'), // Sat 7 Mar 23:30 EST: last week, outside the window
      booking('2026-03-08T07:30:00Z'), // Sun 8 Mar 03:30 EDT: this week, past
      booking('2026-03-10T14:00:00Z'), // today 10:00 EDT, past
      booking('2026-03-10T18:00:00Z', 'cancelled'), // today, cancelled: counted nowhere
      booking('2026-03-10T19:00:00Z', 'pending'), // today 15:00 EDT, pending: counts
      booking('2026-03-15T03:30:00Z'), // Sat 14 Mar 23:30 EDT: this week, upcoming
      booking('2026-03-15T04:30:00Z'), // Sun 15 Mar 00:30 EDT: next week, upcoming
      booking('2026-04-09T23:00:00Z'), // Thu 9 Apr 19:00 EDT: the window's last day, upcoming
      booking('2026-04-10T04:30:00Z'), // Fri 10 Apr 00:30 EDT: after the window
    ];
    expect(quickStats(bookings, { today, now, timeZone: NY })).toEqual({
      upcoming: 4,
      today: 2,
      thisWeek: 4,
      total: 6,
    });
  });

  it('reads each booking’s day in the given zone', () => {
    const bookings = [booking('2026-03-09T15:30:00Z')]; // 10 Mar 00:30 in Tokyo, 9 Mar 11:30 in New York
    const now = Date.parse('2026-03-09T00:00:00Z');
    expect(quickStats(bookings, { today: '2026-03-10', now, timeZone: 'Asia/Tokyo' }).today).toBe(1);
    expect(quickStats(bookings, { today: '2026-03-10', now, timeZone: NY }).today).toBe(0);
    expect(quickStats(bookings, { today: '2026-03-10', now, timeZone: NY }).thisWeek).toBe(1);
  });

  it('Upcoming is a start after now; a meeting starting now is not upcoming', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    const stats = quickStats([booking('2026-03-10T15:00:00Z'), booking('2026-03-10T15:00:01Z')], {
      today: '2026-03-10',
      now,
      timeZone: 'UTC',
    });
    expect(stats.upcoming).toBe(1);
  });

  it('is all zeros for no bookings and for cancelled ones only', () => {
    const zero = { upcoming: 0, today: 0, thisWeek: 0, total: 0 };
    const context = { today: '2026-03-10', now: 0, timeZone: NY };
    expect(quickStats([], context)).toEqual(zero);
    expect(quickStats([booking('2026-03-10T15:00:00Z', 'cancelled')], context)).toEqual(zero);
  });
});

describe('what the table shows', () => {
  it('initials: first and last name letters, upper-cased', () => {
    expect(initialsOf('Ada', 'Lovelace')).toBe('AL');
    expect(initialsOf('  grace ', ' hopper ')).toBe('GH');
    expect(initialsOf('Émile', 'Zola')).toBe('ÉZ');
    expect(initialsOf('Mary Ann', 'Evans')).toBe('ME');
  });

  it('initials of a one-part name, of no name, of characters outside the BMP', () => {
    expect(initialsOf('Plato', '')).toBe('P');
    expect(initialsOf('Mary Ann', '')).toBe('MA');
    expect(initialsOf('', 'Smith')).toBe('S');
    expect(initialsOf('', '', 'zoe@example.com')).toBe('Z');
    expect(initialsOf(' ', ' ')).toBe('?');
    expect(initialsOf('𝒜da', '𝒵oe')).toBe('𝒜𝒵');
  });

  it('full name', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName('Plato', '')).toBe('Plato');
    expect(fullName(' ', ' ')).toBe('');
  });

  it('meeting type labels are the spec’s', () => {
    expect(meetingTypeLabel('consultation')).toBe('Initial Consultation');
    expect(meetingTypeLabel('followup')).toBe('Follow-up Meeting');
    expect(meetingTypeLabel('project')).toBe('Project Discussion');
    expect(meetingTypeLabel('other')).toBe('Other');
  });

  it('dates as "MMM d, yyyy" in the zone', () => {
    expect(formatMeetingDate('2026-03-09T14:00:00Z', NY)).toBe('Mar 9, 2026');
    expect(formatMeetingDate('2026-03-10T03:30:00Z', NY)).toBe('Mar 9, 2026');
    expect(formatMeetingDate('2026-03-10T03:30:00Z', 'UTC')).toBe('Mar 10, 2026');
    expect(formatDayRange('2026-12-27', '2027-01-02')).toBe('Dec 27, 2026 - Jan 2, 2027');
    expect(formatDayRange('2026-03-10', '2026-03-10')).toBe('Mar 10, 2026');
  });
});
