import { dayOf, offsetFromIntl, wallOf } from '#shared/availability/wall-clock';
import { MINUTE_MS } from '#shared/time';

/**
 * The /hourly-debug grid: the 96 quarter hours of one date, each marked from the
 * booking page's own time slots of that date. A cell is 'available' when an available slot covers part of it,
 * 'unavailable' when slots cover it but none is available, 'outside hours' when no slot covers it.
 */

export type CellMark = 'available' | 'unavailable' | 'outside hours';

export interface GridCell {
  /** Wall-clock start, HH:mm. */
  time: string;
  mark: CellMark;
}

export interface GridSlot {
  /** ISO date-times. */
  start: string;
  end: string;
  available: boolean;
}

export const CELL_MINUTES = 15;
export const CELLS_PER_DAY = (24 * 60) / CELL_MINUTES;

const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes from the start of `date` (yyyy-MM-dd) to `instant`, on the wall clock of `timeZone`; negative before it. */
export function wallMinutesIntoDate(instant: number, date: string, timeZone: string): number {
  const wall = instant + offsetFromIntl(timeZone, instant);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Math.floor((wall - wallOf(dayOf(year, month, day), 0)) / MINUTE_MS);
}

/**
 * The day's cells from its slots, in `timeZone` (the one the slots were asked for). A slot spans its wall-clock
 * start plus its real length, so a slot across a daylight-saving change still covers as many cells as it lasts.
 */
export function availabilityGrid(slots: readonly GridSlot[], date: string, timeZone: string): GridCell[] {
  const spans = slots.map((slot) => {
    const start = wallMinutesIntoDate(Date.parse(slot.start), date, timeZone);
    return { start, end: start + (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000, available: slot.available };
  });
  return Array.from({ length: CELLS_PER_DAY }, (_, index) => {
    const from = index * CELL_MINUTES;
    const covering = spans.filter((span) => span.start < from + CELL_MINUTES && span.end > from);
    const mark: CellMark =
      covering.length === 0 ? 'outside hours' : covering.some((span) => span.available) ? 'available' : 'unavailable';
    return { time: `${pad(Math.floor(from / 60))}:${pad(from % 60)}`, mark };
  });
}
