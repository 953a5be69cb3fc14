import type { CellMark, GridCell } from '#frontend/features/events/lib/availability-grid.ts';
import { cn } from '#frontend/lib/cn.ts';

/** How each mark looks: a colour and a glyph, so the marks differ without colour too. */
const LOOK: Record<CellMark, { glyph: string; classes: string }> = {
  available: {
    glyph: '✓',
    classes:
      'border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-100',
  },
  unavailable: {
    glyph: '✕',
    classes: 'border-red-300 bg-red-100 text-red-900 dark:border-red-700 dark:bg-red-900/60 dark:text-red-100',
  },
  'outside hours': {
    glyph: '–',
    classes:
      'border-slate-200 bg-slate-50 text-slate-500 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-400',
  },
};

const MARKS: readonly CellMark[] = ['available', 'unavailable', 'outside hours'];
const QUARTERS = [':00', ':15', ':30', ':45'] as const;

/** The legend of the marks, visible above the grid. */
export function GridLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700 dark:text-slate-200">
      {MARKS.map((mark) => (
        <li key={mark} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={cn('inline-flex size-6 items-center justify-center rounded border text-xs', LOOK[mark].classes)}
          >
            {LOOK[mark].glyph}
          </span>
          {mark}
        </li>
      ))}
    </ul>
  );
}

/**
 * The 96 quarter hours as a table: one row per hour, four cells per row. Each cell
 * is named by its time and mark ('09:15 available'); the glyph and colour repeat it for sighted users.
 */
export function AvailabilityGridTable({ cells, caption }: { cells: readonly GridCell[]; caption: string }) {
  const hours = Array.from({ length: cells.length / QUARTERS.length }, (_, hour) =>
    cells.slice(hour * QUARTERS.length, (hour + 1) * QUARTERS.length),
  );
  return (
    <table className="w-full max-w-md border-separate border-spacing-1 text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-16 text-left font-medium text-slate-600 dark:text-slate-300">
            Hour
          </th>
          {QUARTERS.map((quarter) => (
            <th key={quarter} scope="col" className="font-medium text-slate-600 dark:text-slate-300">
              {quarter}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {hours.map((row) => (
          <tr key={row[0]!.time}>
            <th scope="row" className="text-left font-mono font-medium text-slate-700 dark:text-slate-200">
              {row[0]!.time}
            </th>
            {row.map((cell) => (
              <td key={cell.time} className={cn('h-8 rounded border text-center', LOOK[cell.mark].classes)}>
                <span aria-hidden="true">{LOOK[cell.mark].glyph}</span>
                <span className="sr-only">
                  {cell.time} {cell.mark}
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
