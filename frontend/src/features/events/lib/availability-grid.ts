/**
 * The /hourly-debug grid (host-area.md §2 "Debug pages", §9): the 96 quarter hours of one date, each marked from the
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

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (value: number) => String(value).padStart(2, '0');

const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** Minutes from the start of `date` (yyyy-MM-dd) to `instant`, on the wall clock of `timeZone`; negative before it. */
export function wallMinutesIntoDate(instant: number, date: string, timeZone: string): number {
  const part = Object.fromEntries(wallClock(timeZone).formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const days = (Date.UTC(part.year!, part.month! - 1, part.day!) - Date.UTC(year, month - 1, day)) / DAY_MS;
  return days * 24 * 60 + part.hour! * 60 + part.minute!;
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
