/**
 * CSV as RFC 4180 writes it (issue 30's exports): records end with CRLF, the first record is the header, and a field
 * holding a comma, a double quote, CR or LF is enclosed in double quotes with its quotes doubled. Pure.
 *
 * A field a spreadsheet would run as a formula (starting with =, +, -, @, a tab or CR: OWASP "CSV injection") gets a
 * leading apostrophe when `guard` is on, so a guest's name such as `=HYPERLINK(…)` stays text. Numbers and dates the
 * export writes itself are not guarded.
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: quoted when it must be; `guard` prefixes a formula-like value with an apostrophe. */
export function csvField(value: string, guard = false): string {
  const text = guard && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A column: its header and how a row gives its value (`guard`: a value others typed, see csvField). */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string;
  guard?: boolean;
}

/** The whole file: the header record, then one record per row, each ended by CRLF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const header = columns.map((column) => csvField(column.header)).join(',');
  const records = rows.map((row) => columns.map((column) => csvField(column.value(row), column.guard)).join(','));
  return [header, ...records].map((record) => `${record}\r\n`).join('');
}

/** The UTF-8 byte order mark, which tells spreadsheet programs (Excel) that the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** The file as a download: UTF-8 with its byte order mark, as `text/csv` with the header row declared present. */
export const csvBlob = (csv: string): Blob =>
  new Blob([UTF8_BOM, csv], { type: 'text/csv;charset=utf-8;header=present' });

/** Saves a file through a temporary link (the browser's download). */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
