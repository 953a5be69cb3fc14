import { describe, expect, it } from 'vitest';

import {
  availabilityGrid,
  CELLS_PER_DAY,
  wallMinutesIntoDate,
} from '#frontend/features/events/lib/availability-grid.ts';

/** The /hourly-debug grid's marks from the booking page's time slots. */

const NY = 'America/New_York';
const slot = (start: string, end: string, available = true) => ({ start, end, available });
const marksOf = (cells: ReturnType<typeof availabilityGrid>) =>
  Object.fromEntries(cells.map((cell) => [cell.time, cell.mark]));

describe('wall-clock minutes into a date', () => {
  it('reads an instant on the wall clock of the zone, relative to the start of the date', () => {
    expect(wallMinutesIntoDate(Date.parse('2026-12-01T14:15:00Z'), '2026-12-01', NY)).toBe(9 * 60 + 15);
    expect(wallMinutesIntoDate(Date.parse('2026-12-01T04:30:00Z'), '2026-12-01', NY)).toBe(-30);
    expect(wallMinutesIntoDate(Date.parse('2026-12-02T05:00:00Z'), '2026-12-01', NY)).toBe(24 * 60);
    expect(wallMinutesIntoDate(Date.parse('2026-12-01T00:00:00Z'), '2026-12-01', 'UTC')).toBe(0);
  });
});

describe('availability grid', () => {
  it('has 96 quarter-hour cells from 00:00 to 23:45', () => {
    const cells = availabilityGrid([], '2026-12-01', NY);
    expect(cells).toHaveLength(CELLS_PER_DAY);
    expect(cells[0]).toEqual({ time: '00:00', mark: 'outside hours' });
    expect(cells[37]?.time).toBe('09:15');
    expect(cells[95]).toEqual({ time: '23:45', mark: 'outside hours' });
  });

  it('marks cells covered by an available slot available, others outside hours', () => {
    const marks = marksOf(
      availabilityGrid(
        [
          slot('2026-12-01T09:00:00-05:00', '2026-12-01T09:30:00-05:00'),
          slot('2026-12-01T15:00:00Z', '2026-12-01T15:30:00Z'),
        ],
        '2026-12-01',
        NY,
      ),
    );
    expect(marks['08:45']).toBe('outside hours');
    expect(marks['09:00']).toBe('available');
    expect(marks['09:15']).toBe('available');
    expect(marks['09:30']).toBe('outside hours');
    expect(marks['09:45']).toBe('outside hours');
    expect(marks['10:00']).toBe('available');
    expect(marks['10:15']).toBe('available');
    expect(marks['10:30']).toBe('outside hours');
  });

  it('marks cells covered only by unavailable slots unavailable, an available one winning', () => {
    const marks = marksOf(
      availabilityGrid(
        [
          slot('2026-12-01T10:00:00-05:00', '2026-12-01T11:00:00-05:00', false),
          slot('2026-12-01T10:30:00-05:00', '2026-12-01T11:00:00-05:00', true),
        ],
        '2026-12-01',
        NY,
      ),
    );
    expect(marks['10:00']).toBe('unavailable');
    expect(marks['10:15']).toBe('unavailable');
    expect(marks['10:30']).toBe('available');
    expect(marks['10:45']).toBe('available');
    expect(marks['11:00']).toBe('outside hours');
  });

  it('counts a cell partly covered by a slot off the quarter-hour grid', () => {
    const marks = marksOf(
      availabilityGrid([slot('2026-12-01T13:50:00-05:00', '2026-12-01T14:05:00-05:00')], '2026-12-01', NY),
    );
    expect(marks['13:45']).toBe('available');
    expect(marks['14:00']).toBe('available');
    expect(marks['14:15']).toBe('outside hours');
  });

  it("keeps a slot running past midnight to the date's last cells, and ignores the next date's slots", () => {
    const marks = marksOf(
      availabilityGrid(
        [
          slot('2026-12-01T23:30:00-05:00', '2026-12-02T00:30:00-05:00'),
          slot('2026-12-02T01:00:00-05:00', '2026-12-02T02:00:00-05:00'),
        ],
        '2026-12-01',
        NY,
      ),
    );
    expect(marks['23:15']).toBe('outside hours');
    expect(marks['23:30']).toBe('available');
    expect(marks['23:45']).toBe('available');
    expect(marks['00:00']).toBe('outside hours');
    expect(marks['01:00']).toBe('outside hours');
  });

  it('reads slots on the wall clock of the zone they were asked for', () => {
    const slots = [slot('2026-12-01T09:00:00-05:00', '2026-12-01T09:15:00-05:00')];
    expect(marksOf(availabilityGrid(slots, '2026-12-01', NY))['09:00']).toBe('available');
    expect(marksOf(availabilityGrid(slots, '2026-12-01', 'Europe/Berlin'))['15:00']).toBe('available');
  });

  it('covers as many cells as a slot lasts on a daylight-saving day', () => {
    // 2026-11-01 01:30 EDT to 01:15 EST is 45 minutes although the wall clock goes back.
    const marks = marksOf(
      availabilityGrid([slot('2026-11-01T01:30:00-04:00', '2026-11-01T01:15:00-05:00')], '2026-11-01', NY),
    );
    expect(marks['01:30']).toBe('available');
    expect(marks['01:45']).toBe('available');
    expect(marks['02:00']).toBe('available');
    expect(marks['02:15']).toBe('outside hours');
  });
});
