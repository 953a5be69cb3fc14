import { describe, expect, it } from 'vitest';

import { appPathOf } from '#frontend/components/server-markup.tsx';
import { previewAvailability, previewSlots } from '#frontend/features/landing/lib/preview-data.ts';
import { addDays, isoDate } from '#frontend/lib/dates.ts';

/**
 * The landing page's booking demo (sample data, never the API) and the links of its sections kept as prerendered.
 */

/** The demo's rule as first written: a date is open when it is today or later and has a sample slot still ahead. */
const openBySlots = (date: string, today: string, now: Date) => date >= today && previewSlots(date, now).length > 0;

/** A local instant on `date` (the demo builds its slots with the browser's local clock). */
const localAt = (date: string, hours: number, minutes = 0) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, hours, minutes);
};

describe('the landing demo availability', () => {
  // Every third day of a year (each weekday, month length and month end), from midnight to the day's last minute.
  const days = Array.from({ length: 122 }, (_, index) => addDays(isoDate(2026, 1, 1), index * 3));
  const moments: [number, number][] = [
    [0, 0],
    [10, 15],
    [16, 30],
    [17, 0],
    [23, 59],
  ];

  it('opens the same dates as building every date’s slots would, this month and next', () => {
    for (const today of days) {
      for (const [hours, minutes] of moments) {
        const now = localAt(today, hours, minutes);
        const availability = previewAvailability(today, now);
        const expected = new Map([...availability.keys()].map((date) => [date, openBySlots(date, today, now)]));
        expect(availability).toEqual(expected);
      }
    }
  });

  it('covers the current and the next month, and keeps weekends and past days closed', () => {
    const today = '2026-12-16'; // a Wednesday
    const availability = previewAvailability(today, localAt(today, 8));
    expect(availability.size).toBe(31 + 31);
    expect([...availability.keys()][0]).toBe('2026-12-01');
    expect([...availability.keys()].at(-1)).toBe('2027-01-31');
    expect(availability.get('2026-12-15')).toBe(false); // yesterday
    expect(availability.get('2026-12-16')).toBe(true); // today, before the first slot
    expect(availability.get('2026-12-19')).toBe(false); // Saturday
    expect(availability.get('2027-01-04')).toBe(true); // a Monday next month
    // Today, once its last slot has begun: closed.
    expect(previewAvailability(today, localAt(today, 16, 31)).get(today)).toBe(false);
  });
});

describe('links inside markup kept as prerendered', () => {
  const origin = 'https://meetwise.example';
  const link = (href: string, attributes: Record<string, string> = {}) => {
    const url = new URL(href, origin);
    return {
      origin: url.origin,
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      target: attributes['target'] ?? '',
      hasAttribute: (name: string) => name in attributes,
    } as unknown as HTMLAnchorElement;
  };

  it('routes the app’s own pages through the router, with their query and anchor', () => {
    expect(appPathOf(link('/register'), origin)).toBe('/register');
    expect(appPathOf(link('/register-email?plan=annual'), origin)).toBe('/register-email?plan=annual');
    expect(appPathOf(link('/#pricing'), origin)).toBe('/#pricing');
    expect(appPathOf(link('/login', { target: '_self' }), origin)).toBe('/login');
  });

  it('leaves to the browser the server’s addresses, other sites, new tabs and downloads', () => {
    expect(appPathOf(link('/api/auth/google?type=register'), origin)).toBeNull();
    expect(appPathOf(link('/api'), origin)).toBeNull();
    expect(appPathOf(link('https://calendly.com/pricing'), origin)).toBeNull();
    expect(appPathOf(link('/contact-us', { target: '_blank' }), origin)).toBeNull();
    expect(appPathOf(link('/bookings.csv', { download: '' }), origin)).toBeNull();
    // A page whose path only starts like the API's is the app's.
    expect(appPathOf(link('/apiary'), origin)).toBe('/apiary');
  });
});
