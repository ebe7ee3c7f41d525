/** The byte order mark a CSV starts with, so spreadsheets read it as UTF-8. */
export const BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/**
 * A cell as written to a CSV others open in a spreadsheet: one that would start a formula
 * (= + - @, tab, carriage return) gets a leading apostrophe, so it stays text (OWASP CSV
 * injection); quotes, separators and line breaks are quoted.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV lines: comma separated, each ending in CRLF. */
export function csvLines(rows: CsvValue[][]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

/** Rows to a whole CSV text: the BOM, then the lines. */
export function toCsv(rows: CsvValue[][]): string {
  return BOM + csvLines(rows);
}
